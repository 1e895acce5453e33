// drizzle-kit: generates SQL migrations from the one schema into drizzle/ (works offline).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
});
