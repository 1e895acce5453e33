// A campaign's plates are written in bulk (each layout worked out once, the compound ids put
// in its marked wells): each must be stored exactly as the plate writer stores the same ops
// PATCHed onto a lone plate with the same bench. Five 384 plates, controls moved under a
// seed, a two-point series in duplicate, the last plate half full (its own layout).
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchReagents, experiments, plateRows } from '../../../src/server/db/schema';
import { listBench } from '../../../src/server/repositories/bench';
import { loadPlate, readPlateLogRange } from '../../../src/server/repositories/plates';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call, createExperiment } from '../plate-fixtures';
import { CONTROL_REAGENTS, CONTROL_TEMPLATE, importLibrary } from './campaign-fixtures';

const LIBRARY = [
  'Plate Barcode,Well,Compound ID,Conc,Unit',
  ...Array.from({ length: 9 }, (_, k) => `LIB-A,A${k + 1},CMP-${k + 1},10,mM`),
].join('\n');

describe.each(DB_KINDS)('campaign plates written in bulk on %s', (kind) => {
  let t: TestApp;
  let alice: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await userHeaders('campaign-plates-alice');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores each plate as the plate writer stores its ops on a lone plate', async () => {
    const library = await importLibrary(t.app, alice, LIBRARY);
    expect(library.statusCode, library.body).toBe(201);
    const made = await call(t.app, 'POST', '/api/campaigns', alice, {
      name: 'Series',
      format: 384,
      library_id: library.json().id,
      barcode: { prefix: 'SR', digits: 3 },
      layout: {
        template: CONTROL_TEMPLATE,
        compound_wells: ['C5', 'C6', 'D5', 'D6', 'E5', 'E6', 'F5', 'F6'],
        shift_seed: 3,
      },
      dose: { top: { value: 10, unit: 'uM' }, points: 2, factor: 10, replicates: 2 },
      reagents: CONTROL_REAGENTS,
      dispensing: { assay_volume_uL: 40 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const plates = made.json().plates as { experiment_id: number; barcode: string }[];
    expect(plates).toHaveLength(5);
    const { db } = t.database;
    // made, the plates hold no rows: each plate's are written when it is first read (here
    // by its log's first entry), as the writer would have written them
    const unread = await db
      .select({ id: plateRows.experimentId })
      .from(plateRows)
      .where(
        inArray(
          plateRows.experimentId,
          plates.map((p) => p.experiment_id),
        ),
      );
    expect(unread).toEqual([]);
    const shifts = new Set<string>();
    for (const p of plates) {
      const [exp] = await db.select().from(experiments).where(eq(experiments.id, p.experiment_id));
      // a lone plate with the same bench and settings, its ops PATCHed (the plate writer)
      const lone = await createExperiment(t.app, alice, '384');
      const bench = (await listBench(db, p.experiment_id)).map(
        ({ id: _id, createdAt: _c, updatedAt: _u, ...row }) => ({ ...row, experimentId: lone }),
      );
      await db.insert(benchReagents).values(bench);
      await db
        .update(experiments)
        .set({ dispensing: exp.dispensing })
        .where(eq(experiments.id, lone));
      const [log] = await readPlateLogRange(db, p.experiment_id, 0, 1);
      const patched = await call(t.app, 'PATCH', `/api/experiments/${lone}/plate`, alice, {
        version: 0,
        ops: log.ops,
      });
      expect(patched.statusCode, patched.body).toBe(200);

      const bulk = (await loadPlate(db, p.experiment_id))!;
      const written = (await loadPlate(db, lone))!;
      expect(bulk.version).toBe(1);
      expect(bulk.wells).toEqual(written.wells);
      expect(bulk.hash).toBe(written.hash);
      const rowsOf = (id: number) =>
        db
          .select({ row: plateRows.row, wells: plateRows.wells })
          .from(plateRows)
          .where(eq(plateRows.experimentId, id))
          .orderBy(asc(plateRows.row));
      expect(await rowsOf(p.experiment_id)).toEqual(await rowsOf(lone));
      const [loneLog] = await readPlateLogRange(db, lone, 0, 1);
      const { at: _at, ...entry } = log;
      const { at: _loneAt, ...loneEntry } = loneLog;
      expect(entry).toEqual(loneEntry);
      // the compounds are there, and the plates do not all share one layout
      expect(Object.values(bulk.wells).filter((w) => w.sample?.startsWith('CMP-')).length).toBe(
        p === plates.at(-1) ? 4 : 8,
      );
      shifts.add(
        Object.entries(bulk.wells)
          .filter(([, w]) => w.tags?.includes('POS'))
          .map(([id]) => id)
          .join(),
      );
    }
    expect(shifts.size).toBeGreaterThan(1);
  });
});
