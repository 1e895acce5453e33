// A generated campaign plate is kept as its layout and compound ids until it is first read:
// its rows are then written, and it reads the same in its designer (GET plate), in the
// campaign's plate map and in the picklist, before and after, and the plan made before it
// was written is the plan made after.
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plateRows, plates as platesTable } from '../../../src/server/db/schema';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call } from '../plate-fixtures';
import { CONTROL_REAGENTS, CONTROL_TEMPLATE, importLibrary } from './campaign-fixtures';

const LIBRARY = [
  'Plate Barcode,Well,Compound ID,Conc,Unit,Volume',
  ...Array.from(
    { length: 40 },
    (_, k) =>
      `LIB-A,${'AB'[Math.floor(k / 20)]}${(k % 20) + 1},CMP-${k + 1},10,mM,${k === 33 ? 1 : 40}`,
  ),
].join('\n');

/** The CSV's rows as arrays of fields (no field here holds a comma or a quote). */
const rowsOf = (csv: string) =>
  csv
    .trim()
    .split('\n')
    .map((line) => line.split(','));

describe.each(DB_KINDS)('campaign plates written when first read on %s', (kind) => {
  let t: TestApp;
  let alice: Record<string, string>;
  let bob: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await userHeaders('pending-plates-alice');
    bob = await userHeaders('pending-plates-bob');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads a well of plate 3 the same in its designer, the plate map and the picklist', async () => {
    const library = await importLibrary(t.app, alice, LIBRARY);
    expect(library.statusCode, library.body).toBe(201);
    const made = await call(t.app, 'POST', '/api/campaigns', alice, {
      name: 'Lazy',
      format: 384,
      library_id: library.json().id,
      barcode: { prefix: 'LZ', digits: 2 },
      layout: { template: CONTROL_TEMPLATE, compound_wells: ['C3:D10'], shift_seed: 5 },
      dose: { top: { value: 10, unit: 'uM' } },
      reagents: CONTROL_REAGENTS,
      dispensing: { assay_volume_uL: 40 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const plates = made.json().plates as { experiment_id: number; barcode: string }[];
    expect(plates.map((p) => p.barcode)).toEqual(['LZ01', 'LZ02', 'LZ03']);
    const ids = plates.map((p) => p.experiment_id);
    const { db } = t.database;
    const storedRows = async (experimentIds: number[]) =>
      Number(
        (
          await db
            .select({ n: count() })
            .from(plateRows)
            .where(inArray(plateRows.experimentId, experimentIds))
        )[0].n,
      );
    // nothing but the plates rows (version 1) is written when the campaign is made
    expect(await storedRows(ids)).toBe(0);
    const heads = await db
      .select({ version: platesTable.version })
      .from(platesTable)
      .where(inArray(platesTable.experimentId, ids));
    expect(heads.map((h) => h.version)).toEqual([1, 1, 1]);

    const base = `/api/campaigns/${made.json().id}`;
    const mapBefore = (await call(t.app, 'GET', `${base}/export/platemap`, alice)).body;
    const pickBefore = await call(t.app, 'GET', `${base}/export/picklist`, alice);
    const planBefore = (await call(t.app, 'GET', `${base}/dispense-plan`, alice)).json();
    // CMP-34's well holds 1 uL: its plate runs it dry, named as a shortfall
    expect(planBefore.shortfalls.map((s: { compound_id: string }) => s.compound_id)).toEqual([
      'CMP-34',
    ]);
    expect(await storedRows(ids)).toBe(0);

    // another user's read of the plate is a 404 and writes nothing
    const third = ids[2];
    expect((await call(t.app, 'GET', `/api/experiments/${third}/plate`, bob)).statusCode).toBe(404);
    expect(await storedRows([third])).toBe(0);

    const opened = await call(t.app, 'GET', `/api/experiments/${third}/plate`, alice);
    expect(opened.statusCode, opened.body).toBe(200);
    const state = opened.json();
    expect(state.version).toBe(1);
    expect(await storedRows([third])).toBeGreaterThan(0);
    expect(await storedRows(ids.slice(0, 2))).toBe(0);

    // a compound well of plate 3: its compound, target and volume read the same everywhere
    const map = rowsOf(mapBefore);
    const header = map[0];
    const col = (name: string) => header.indexOf(name);
    const row = map.find((r) => r[col('Barcode')] === 'LZ03' && r[col('Role')] === 'compound')!;
    const well = row[col('Well')];
    const compound = row[col('Compound ID')];
    const designer = state.wells[well];
    expect(designer.sample).toBe(compound);
    const [slug, target] = Object.entries(
      designer.targets as Record<string, { target_nM: number; volume_uL: number }>,
    )[0];
    expect(row[col('Reagent')]).toBe(slug);
    expect(Number(row[col('Concentration (uM)')])).toBe(target.target_nM / 1000);
    expect(Number(row[col('Volume (uL)')])).toBe(Number(target.volume_uL.toFixed(6)));
    const pick = rowsOf(pickBefore.body);
    const ph = pick[0];
    const picked = pick.filter(
      (r) =>
        r[ph.indexOf('Destination Plate Barcode')] === 'LZ03' &&
        r[ph.indexOf('Destination Well')] === well,
    );
    expect(picked).toHaveLength(1);
    expect(picked[0][ph.indexOf('Sample Name')]).toBe(compound);

    // written, the plate and the campaign read as before: the same bytes
    const mapAfter = (await call(t.app, 'GET', `${base}/export/platemap`, alice)).body;
    expect(mapAfter).toBe(mapBefore);
    const pickAfter = await call(t.app, 'GET', `${base}/export/picklist`, alice);
    expect(pickAfter.body).toBe(pickBefore.body);
    expect(pickAfter.headers['x-shortfalls']).toBe('1');
    expect((await call(t.app, 'GET', `${base}/dispense-plan`, alice)).json()).toEqual(planBefore);
    // a read again writes nothing more; the hash is the one its wells give
    const again = await call(t.app, 'GET', `/api/experiments/${third}/plate`, alice);
    expect(again.json().hash).toBe(state.hash);
    const [head] = await db
      .select({ hash: platesTable.hash })
      .from(platesTable)
      .where(eq(platesTable.experimentId, third));
    expect(head.hash).toBe(state.hash);

    // an edit of the written plate moves the plan: the kept plan is not reused
    const edited = await call(t.app, 'PATCH', `/api/experiments/${third}/plate`, alice, {
      version: 1,
      ops: [{ op: 'clear', wells: [well] }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const pickEdited = rowsOf(
      (await call(t.app, 'GET', `${base}/export/picklist`, alice)).body,
    ).filter(
      (r) =>
        r[ph.indexOf('Destination Plate Barcode')] === 'LZ03' &&
        r[ph.indexOf('Destination Well')] === well,
    );
    expect(pickEdited).toHaveLength(0);
  });
});
