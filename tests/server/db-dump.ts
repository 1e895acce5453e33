// A dump of every table of the product, to show that a refused request changed nothing.
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connect';

interface Rows<T> {
  rows: T[];
}

/**
 * Every row of every table in the public schema, as sorted JSON text per table; rate-limit
 * counters are left out (a refused request still counts against its limit, as it should).
 */
export async function dumpTables(database: Database): Promise<Record<string, string[]>> {
  const tables = (await database.db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name not in ('rate_limits') order by table_name`,
  )) as unknown as Rows<{ table_name: string }>;
  const dump: Record<string, string[]> = {};
  for (const { table_name } of tables.rows) {
    const result = (await database.db.execute(
      sql`select to_jsonb(t)::text as r from ${sql.identifier(table_name)} t order by 1`,
    )) as unknown as Rows<{ r: string }>;
    dump[table_name] = result.rows.map((row) => row.r);
  }
  return dump;
}
