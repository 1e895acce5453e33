// The fill leaves the backfill its room: a 10 uM point of a 10 mM compound in DMSO in a 5 uL
// well of a 1536 plate with a 2 % DMSO backfill is 5 nL of compound (two 2.5 nL droplets),
// 4.9 uL of medium (5 - 0.005 - (0.02 x 5 - 0.005)) and 95 nL (38 droplets) of DMSO:
// (0.005 + 0.095) / 5.0 = 2.000 % DMSO, and 10 mM x 5 nL / 5 uL = 10 uM exactly. The fill
// that ignored the backfill gave 5.0 uL of medium (4.995 on the bulk step), backfilled with
// 97.5 nL to 102.5 nL of DMSO in 5.1025 uL: 2.009 %, above the 2 % limit, and unmet.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { addToBench, call, createExperiment } from '../plate-fixtures';
import { compoundBench } from './numbers-bench';

describe.each(DB_KINDS)('backfill room on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let id: number;
  let slug: string;
  let dmso: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('backfill-room');
    id = await createExperiment(t.app, owner, '1536');
    const slugs = await addToBench(t.app, owner, id, compoundBench(2));
    slug = slugs.Cpd;
    dmso = slugs.DMSO;
    const put = await call(t.app, 'PUT', `/api/experiments/${id}/dispensing`, owner, {
      backfill: { solvent: dmso, percent: 2 },
    });
    if (put.statusCode !== 200) throw new Error(put.body);
    const res = await call(t.app, 'PATCH', `/api/experiments/${id}/plate`, owner, {
      version: 0,
      ops: [
        { op: 'set', wells: ['A1'], reagent: slug, target_nM: 10_000 },
        // a negative control: the medium alone leaves the backfill 0.02 x 5 = 100 nL
        { op: 'set', wells: ['A2'], reagent: 'media' },
      ],
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /plate: 4.9 uL of medium, the well predicted on 5 uL', async () => {
    const plate = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    const a1 = plate.wells.A1;
    expect(a1.targets[slug].volume_uL).toBeCloseTo(0.005, 12);
    expect(a1.targets.media.volume_uL).toBe(4.9);
    expect(a1.metrics.volumeUl).toBeCloseTo(5, 9);
    expect(a1.predicted[slug].nM).toBeCloseTo(10_000, 6);
    expect(a1.targets[slug].status).toBe('good');
    expect(plate.wells.A2.targets.media.volume_uL).toBe(4.9);
    expect(plate.indices.unmet).toEqual([]);
  });

  it('the plan backfills each well to 2.000 % of 5 uL and dispenses both', async () => {
    const plan = (await call(t.app, 'GET', `/api/experiments/${id}/dispense-plan`, owner)).json();
    expect(plan.unmet).toEqual([]);
    const wells = Object.fromEntries(
      (plan.wells as { well: string; backfill_uL: number; volume_uL: number }[]).map((w) => [
        w.well,
        w,
      ]),
    );
    expect(wells.A1.backfill_uL).toBeCloseTo(0.095, 12);
    expect(wells.A1.volume_uL).toBeCloseTo(5, 9);
    // A2: b = 0.02 x 4.9 / 0.98 = 100 nL, 40 droplets
    expect(wells.A2.backfill_uL).toBeCloseTo(0.1, 12);
    const picklist = await t.app.inject({
      url: `/api/experiments/${id}/export/picklist`,
      headers: owner,
    });
    const rows = parse(picklist.body, { columns: true, bom: true }) as Record<string, string>[];
    const backfill = rows
      .filter((r) => r['Sample Name'] === 'DMSO' || r['Sample Name'] === dmso)
      .map((r) => [r['Destination Well'], Number(r['Transfer Volume'])]);
    expect(backfill).toEqual([
      ['A1', 95],
      ['A2', 100],
    ]);
  });
});
