// A well's status is the plan's in every view: the 10-point 3-fold series from 10 uM of a
// 10 mM compound in DMSO into 5 uL wells of a 1536 plate (2.5 nL droplets, DMSO limited to
// 2 %), each point set through the API. The lowest points come from a 1:10000 working stock
// made in the fewest steps from the stock in a pipette's good band (10 uL and more, 1 %; at
// most 1 mL made): two 1:100 steps, each 10 uL to 990 uL of DMSO, 0.99 x sqrt(1^2 + 1^2) =
// 1.400 % a step, 1.980 % in quadrature; the lowest point's one droplet (2.5 nL, moderate,
// 5 %) puts it at sqrt(1.980^2 + 5^2) = 5.38 %, outside its 5 % tolerance: the plan says
// warning, and so do GET /plate, the CSV Status column and the workbook, where they said
// "good" of a met target.
import { parse } from 'csv-parse/sync';
import { read, utils } from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { addToBench, call, createExperiment } from '../plate-fixtures';
import { compoundBench } from './numbers-bench';

const SERIES_NM = Array.from({ length: 10 }, (_, k) => 10_000 / 3 ** k);

interface Point {
  well: string;
  reagent: string;
  factor: number;
  error_pct: number;
  status: string;
}

describe.each(DB_KINDS)('plan statuses on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let id: number;
  let slug: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('plan-statuses');
    id = await createExperiment(t.app, owner, '1536');
    slug = (await addToBench(t.app, owner, id, compoundBench(2))).Cpd;
    const res = await call(t.app, 'PATCH', `/api/experiments/${id}/plate`, owner, {
      version: 0,
      ops: SERIES_NM.map((nM, k) => ({
        op: 'set',
        wells: [`A${k + 1}`],
        reagent: slug,
        target_nM: nM,
      })),
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /plate, the CSV and the workbook say the status of each plan point', async () => {
    const plan = (await call(t.app, 'GET', `/api/experiments/${id}/dispense-plan`, owner)).json();
    const points = (plan.points as Point[]).filter((p) => p.reagent === slug);
    const lowest = points.find((p) => p.well === 'A10')!;
    expect(lowest.factor).toBe(10000);
    expect(lowest.error_pct).toBeCloseTo(5.38, 2);
    expect(
      plan.intermediates.map((i: { factor: number; from_concentration: number }) => [
        i.factor,
        1e7 / i.from_concentration,
      ]),
    ).toContainEqual([10000, 100]);
    expect(lowest.status).toBe('warning');
    const plate = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    // the well is dispensed (not unmet), and its status is the plan's
    expect(plate.indices.unmet).not.toContain('A10');
    expect(plate.wells.A10.targets[slug].status).toBe('warning');
    expect(plate.wells.A10.status).toBe('warning');
    const csv = await t.app.inject({ url: `/api/experiments/${id}/export/csv`, headers: owner });
    const rows = parse(csv.body, { columns: true, bom: true }) as Record<string, string>[];
    const xlsx = await t.app.inject({ url: `/api/experiments/${id}/export/excel`, headers: owner });
    const wb = read(xlsx.rawPayload, { type: 'buffer' });
    const sheetRows = utils.sheet_to_json<Record<string, unknown>>(wb.Sheets.Wells);
    const sheetStatus = (well: string) =>
      sheetRows.find((r) => r.Well === well && r.Slug === slug)?.Status;
    expect(points.length).toBeGreaterThan(0);
    for (const p of points) {
      expect(plate.wells[p.well].targets[slug].status, p.well).toBe(p.status);
      const row = rows.find((r) => r.Well === p.well && r.Slug === slug)!;
      expect(row.Status, p.well).toBe(p.status);
      expect(sheetStatus(p.well), p.well).toBe(p.status);
    }
  });

  it('puts the 3.33 uM point nearest its target: a 1:15 source made for it', async () => {
    // From the 1:10 (1 mM) source, 3333.3 nM x 5 uL / 1 mM = 16.7 nL -> 7 droplets, 17.5 nL:
    // 1 mM x 17.5 nL / 5.0175 uL = 3487.8 nM, +4.6 %, within 5 % but past half of it. A
    // source made for it (10 droplets, 50 / 5 % = 10: 3333.3 x 5 / 25 nL = 666.7 uM, 1:15)
    // gives 666.7 uM x 25 nL / 5.025 uL (the medium 4.975 -> 5.0 on its 0.1 uL step) =
    // 3316.7 nM, -0.5 %.
    const plate = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    const a2 = plate.wells.A2;
    expect(a2.targets[slug]).toMatchObject({ dilution: 15, status: 'good' });
    expect(a2.targets[slug].volume_uL).toBeCloseTo(0.025, 12);
    expect(a2.metrics.volumeUl).toBeCloseTo(5.025, 9);
    expect(a2.predicted[slug].nM).toBeCloseTo((1e7 / 15) * (0.025 / 5.025), 6);
    expect(a2.predicted[slug].err_pct).toBeCloseTo(-0.4975, 3);
    // the plan prepares it from the stock, in the good band: 10 uL to 140 uL of DMSO
    const plan = (await call(t.app, 'GET', `/api/experiments/${id}/dispense-plan`, owner)).json();
    expect(plan.intermediates.find((i: { factor: number }) => i.factor === 15)).toMatchObject({
      from_concentration: 1e7,
      from_uL: 10,
      diluent_uL: 140,
      diluent: 'DMSO',
    });
  });

  it('a PATCH answers the changed wells with the plan statuses', async () => {
    const before = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    const res = await call(t.app, 'PATCH', `/api/experiments/${id}/plate`, owner, {
      version: before.version,
      ops: [{ op: 'label', wells: ['A10'], label: 'lowest' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().changed.A10.targets[slug].status).toBe('warning');
  });
});
