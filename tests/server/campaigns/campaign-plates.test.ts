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

/**
 * Checks each campaign plate (read here first, so written from its layout) against the same
 * ops PATCHed onto a lone plate with the same bench and settings: wells, hash, rows and log
 * entry. The control placements seen (the POS wells of each plate).
 */
async function expectWrittenAsAlone(
  t: TestApp,
  alice: Record<string, string>,
  plates: readonly { experiment_id: number; barcode: string }[],
  compoundWells: (p: { experiment_id: number; barcode: string }) => number,
): Promise<Set<string>> {
  const { db } = t.database;
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
    expect(Object.values(bulk.wells).filter((w) => w.sample?.startsWith('CMP-')).length).toBe(
      compoundWells(p),
    );
    shifts.add(
      Object.entries(bulk.wells)
        .filter(([, w]) => w.tags?.includes('POS'))
        .map(([id]) => id)
        .join(),
    );
  }
  return shifts;
}

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
    // the compounds are there, and the plates do not all share one layout
    const shifts = await expectWrittenAsAlone(t, alice, plates, (p) =>
      p === plates.at(-1) ? 4 : 8,
    );
    expect(shifts.size).toBeGreaterThan(1);
  });

  it('stores plates whose controls fill their columns and move, one point a compound', async () => {
    // controls filling columns 1 and 24 (POS in four rows of each), compounds in every other well:
    // the plates share their compound wells, their controls land on 16 placements
    const library = await importLibrary(
      t.app,
      alice,
      [
        'Plate Barcode,Well,Compound ID,Conc,Unit',
        ...Array.from(
          { length: 5 * 352 - 100 },
          (_, k) =>
            `LIB-${Math.floor(k / 384)},${String.fromCharCode(65 + Math.floor((k % 384) / 24))}${(k % 24) + 1},CMP-${k + 1},10,mM`,
        ),
      ].join('\n'),
    );
    expect(library.statusCode, library.body).toBe(201);
    const made = await call(t.app, 'POST', '/api/campaigns', alice, {
      name: 'Primary',
      format: 384,
      library_id: library.json().id,
      barcode: { prefix: 'PR', digits: 3 },
      layout: {
        template: {
          name: 'Edge columns',
          wells: [0, 23].flatMap((dc) =>
            Array.from({ length: 16 }, (_, dr) =>
              (dc === 0 ? dr < 4 : dr >= 12)
                ? { dr, dc, targets: { staurosporine: { target_nM: 1000 } }, tags: ['POS'] }
                : { dr, dc, targets: { 'assay-buffer': { target_nM: null } }, tags: ['NEG'] },
            ),
          ),
        },
        shift_seed: 11,
      },
      dose: { top: { value: 10, unit: 'uM' } },
      reagents: CONTROL_REAGENTS,
      dispensing: { assay_volume_uL: 40 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const plates = made.json().plates as { experiment_id: number; barcode: string }[];
    expect(plates).toHaveLength(5);
    const shifts = await expectWrittenAsAlone(t, alice, plates, (p) =>
      p === plates.at(-1) ? 352 - 100 : 352,
    );
    // a placement beyond the first two (the second is worked out both ways): put together
    expect(shifts.size).toBeGreaterThan(2);
  });
});
