// The 1536 plate of the dispensing issue: a 10-point 3-fold dose-response planned by the
// set op, with a DMSO backfill; the picklist's volumes summed per well give exactly the
// concentrations the plate predicts, and the fill sheet covers every transfer plus the
// dead volume of each source well.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call, experimentWithBench } from '../plate-fixtures';

type Row = Record<string, string>;

describe.each(DB_KINDS)('1536 dispense plan on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('dispense-1536');
    id = await experimentWithBench(t.app, owner, '1536');
    const put = await call(t.app, 'PUT', `/api/experiments/${id}/dispensing`, owner, {
      backfill: { solvent: 'dmso', percent: 1 },
      destination_barcode: 'P1536-1',
    });
    if (put.statusCode !== 200) throw new Error(put.body);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sums the picklist per well to the predicted concentrations', async () => {
    // 10 points, 3-fold from 10 uM, in A1..A10 and (a replicate) B1..B10, 5 uL of medium
    const ops: unknown[] = [
      { op: 'set', wells: ['A1:B10'], reagent: 'assay-medium', volume_uL: 5 },
    ];
    for (let k = 0; k < 10; k++) {
      const target_nM = 10000 / 3 ** k;
      ops.push({
        op: 'set',
        wells: [`A${k + 1}`, `B${k + 1}`],
        reagent: 'staurosporine',
        target_nM,
      });
    }
    const res = await call(t.app, 'PATCH', `/api/experiments/${id}/plate`, owner, {
      version: 0,
      ops,
    });
    expect(res.statusCode, res.body).toBe(200);
    const plate = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    const pick = await t.app.inject({
      url: `/api/experiments/${id}/export/picklist`,
      headers: owner,
    });
    expect(pick.statusCode).toBe(200);
    const rows = parse(pick.body, { columns: true, bom: true }) as Row[];
    expect(rows.every((r) => r['Destination Plate Barcode'] === 'P1536-1')).toBe(true);
    expect(rows.every((r) => r['Destination Plate Type'] === 'Corning_1536_Flat')).toBe(true);
    // every volume is a whole number of 2.5 nL droplets
    for (const r of rows) {
      const d = Number(r['Transfer Volume']) / 2.5;
      expect(Math.abs(d - Math.round(d))).toBeLessThan(1e-9);
    }
    const amount = new Map<string, number>(); // nM x nL per well of staurosporine
    for (const r of rows.filter((x) => x['Sample Name'] === 'staurosporine')) {
      const nM = Number(r['Sample Concentration']) * 1000;
      const w = r['Destination Well'];
      amount.set(w, (amount.get(w) ?? 0) + nM * Number(r['Transfer Volume']));
    }
    let checked = 0;
    for (let k = 0; k < 10; k++) {
      for (const w of [`A${k + 1}`, `B${k + 1}`]) {
        const well = plate.wells[w];
        const predicted = well.predicted.staurosporine.nM;
        const fromPicklist = (amount.get(w) ?? 0) / (well.metrics.volumeUl * 1000);
        // the picklist prints concentrations to 6 significant figures (1:45 of 10 mM is
        // 222.222 uM): half a unit of the sixth is 5e-6 of the value at most
        expect(Math.abs(fromPicklist - predicted)).toBeLessThanOrEqual(
          5e-6 * Math.max(predicted, 1),
        );
        checked++;
      }
    }
    expect(checked).toBe(20);
    const plan = (await call(t.app, 'GET', `/api/experiments/${id}/dispense-plan`, owner)).json();
    const unmetWells = new Set(plan.unmet.map((u: { well: string }) => u.well));
    expect(pick.headers['x-unmet-wells']).toBe(String(unmetWells.size));

    // the fill sheet covers the transfers of each source well plus its dead volume
    const fill = parse(
      (await t.app.inject({ url: `/api/experiments/${id}/export/fill-sheet`, headers: owner }))
        .body,
      { columns: true, bom: true },
    ) as Row[];
    const used = new Map<string, number>();
    for (const r of rows) {
      const key = `${r['Source Plate Name']} ${r['Source Well']}`;
      used.set(key, (used.get(key) ?? 0) + Number(r['Transfer Volume']) / 1000);
    }
    const filled = new Map(fill.map((f) => [`${f['Source Plate Name']} ${f['Source Well']}`, f]));
    // every source well of the picklist is on the fill sheet (which also lists the bulk
    // reservoir, dispensed by the bulk dispenser)
    for (const key of used.keys()) expect(filled.has(key), key).toBe(true);
    for (const [key, u] of used) {
      const f = filled.get(key)!;
      expect(Number(f['Transferred (uL)'])).toBeCloseTo(u, 6);
      expect(Number(f['Fill (uL)'])).toBeGreaterThanOrEqual(
        u + Number(f['Dead Volume (uL)']) - 1e-9,
      );
    }
  });
});
