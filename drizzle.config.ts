// drizzle-kit: generates SQL migrations from the schema files (schema.ts and each area's
// schema-<area>.ts, which imports from schema.ts, never the other way) into drizzle/.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema*.ts',
  out: './drizzle',
});
