// Migration 0006 moves the wells of every plate from one row per well (plate_wells) to one
// row per plate row (plate_rows). A database at migration 0005 with wells in it is made from
// the SQL files themselves, then 0006 runs, and the plates read back well for well.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../../src/server/db/connect';
import * as schema from '../../../src/server/db/schema';
import { loadPlate, readPlateLog } from '../../../src/server/repositories/plates';
import { getVersion } from '../../../src/server/repositories/versions';
import { DB_KINDS, createPostgresDatabase } from '../helpers';

const files = readdirSync(MIGRATIONS_FOLDER)
  .filter((f) => f.endsWith('.sql'))
  .toSorted();
const statementsOf = (file: string) =>
  readFileSync(path.join(MIGRATIONS_FOLDER, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

const well = (tag: string) => ({
  label: '',
  sample: '',
  tags: [tag],
  targets: { dmso: { target_nM: null, tol_pct: 5, volume_uL: 0.5 } },
});

// wells of two plates: rows A, B, Z, AA and AF of a 1536 plate, in no particular order, and
// a 96-well plate
const WELLS_1536 = ['AF48', 'A1', 'B3', 'A10', 'AA2', 'Z48', 'A2', 'AF1'];
const WELLS_96 = ['H12', 'A1'];

describe.each(DB_KINDS)('migration 0006 (plate_rows) on %s', (kind) => {
  it('moves each plate’s wells into rows, in row-major order, drops plate_wells, and reads the wells stored one by one', async () => {
    let run: (text: string) => Promise<unknown>;
    let close: () => Promise<void>;
    let db: Parameters<typeof loadPlate>[0];
    if (kind === 'pglite') {
      const client = await PGlite.create();
      run = (text) => client.exec(text);
      close = () => client.close();
      db = drizzlePglite({ client, schema }) as unknown as typeof db;
    } else {
      const created = await createPostgresDatabase();
      const client = new Client({ connectionString: created.url });
      await client.connect();
      run = (text) => client.query(text);
      close = async () => {
        await client.end();
        await created.drop();
      };
      db = drizzleNodePg({ client, schema }) as unknown as typeof db;
    }
    try {
      const at = files.indexOf('0006_plate_rows.sql');
      expect(at).toBeGreaterThan(0);
      for (const file of files.slice(0, at)) for (const s of statementsOf(file)) await run(s);
      await run(`
        insert into experiments (id, owner_id, name, plate_type) values
          (1, 'u', 'big', '1536'), (2, 'u', 'small', '96'), (3, 'u', 'empty', '384');
        insert into plates (experiment_id, version, state, hash) values
          (1, 7, '{"defn":{"format":1536,"rows":32,"cols":48}}', 'h1'),
          (2, 2, '{"defn":{"format":96,"rows":8,"cols":12}}', 'h2'),
          (3, 0, '{"defn":{"format":384,"rows":16,"cols":24}}', 'h3');
      `);
      for (const [experiment, ids] of [
        [1, WELLS_1536],
        [2, WELLS_96],
      ] as const) {
        for (const id of ids) {
          await run(
            `insert into plate_wells (experiment_id, well, data) values (${experiment}, '${id}', '${JSON.stringify(well(id))}')`,
          );
        }
      }
      // a version and a log entry with their wells one by one, as stored before packing
      const oneByOne = JSON.stringify({ A1: well('A1'), H12: well('H12') });
      await run(`
        insert into plate_versions (experiment_id, version, summary, state) values
          (2, 2, 'old', '{"defn":{"format":96,"rows":8,"cols":12},"hash":"h2","wells":${oneByOne}}');
        insert into plate_log (experiment_id, version, base_version, author, ops, changed, before, hash)
          values (2, 2, 1, 'u', '[]', '${oneByOne}', '{"A1":null,"H12":null}', 'h2');
      `);
      for (const s of statementsOf(files[at])) await run(s);

      const big = await loadPlate(db, 1);
      expect(big?.version).toBe(7);
      expect(Object.keys(big!.wells)).toEqual([
        'A1',
        'A2',
        'A10',
        'B3',
        'Z48',
        'AA2',
        'AF1',
        'AF48',
      ]);
      for (const id of WELLS_1536) expect(big!.wells[id]).toEqual(well(id));
      const rows = await db.select().from(schema.plateRows);
      // A, B, Z, AA, AF of plate 1 and A, H of plate 2
      expect(rows.map((r) => [r.experimentId, r.row]).toSorted()).toEqual(
        [
          [1, 0],
          [1, 1],
          [1, 25],
          [1, 26],
          [1, 31],
          [2, 0],
          [2, 7],
        ].toSorted(),
      );
      expect((await loadPlate(db, 2))?.wells).toEqual({ A1: well('A1'), H12: well('H12') });
      expect((await loadPlate(db, 3))?.wells).toEqual({});
      // read as they are, beside the packed form written from now on
      const [version] = await db.select({ id: schema.plateVersions.id }).from(schema.plateVersions);
      expect((await getVersion(db, 2, version.id))?.plate).toEqual({
        defn: { format: 96, rows: 8, cols: 12 },
        hash: 'h2',
        wells: { A1: well('A1'), H12: well('H12') },
      });
      const [entry] = (await readPlateLog(db, 2, 1, 2)) ?? [];
      expect(entry.changed).toEqual({ A1: well('A1'), H12: well('H12') });
      expect(entry.before).toEqual({ A1: null, H12: null });
      await expect(run('select 1 from plate_wells')).rejects.toThrow(/plate_wells/);
      // the log's wells and the versions' plates are JSON text now, as they were written
      const types = (await db.execute(
        sql`select table_name, column_name, data_type from information_schema.columns
            where (table_name, column_name) in (('plate_log', 'changed'), ('plate_log', 'before'),
              ('plate_versions', 'state'), ('plate_rows', 'wells'))`,
      )) as unknown as { rows: { data_type: string }[] };
      expect(types.rows.map((r) => r.data_type)).toEqual(['text', 'text', 'text', 'text']);
    } finally {
      await close();
    }
  });
});
