// With no medium or buffer on the bench, water fills the wells through the API: a 1 uM
// point of 1 mM staurosporine in a 5 uL well of a 1536 plate is 5 nL (two 2.5 nL droplets)
// and 5.0 uL of water (on the bulk step, as the plan dispenses it; the plate said 4.995).
// DMSO filled it (99.9 % DMSO: refused).
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call, createExperiment, DMSO, STAUROSPORINE } from '../plate-fixtures';

describe.each(DB_KINDS)('water fill on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('water-fill');
    id = await createExperiment(t.app, owner, '1536');
    for (const reagent of [STAUROSPORINE, DMSO]) {
      const res = await call(
        t.app,
        'POST',
        `/api/experiments/${id}/bench/reagents`,
        owner,
        reagent,
      );
      if (res.statusCode !== 201) throw new Error(`bench add failed: ${res.body}`);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('fills with water, and the plan and the bulk sheet name it', async () => {
    const slug = (await call(t.app, 'GET', `/api/experiments/${id}/bench/reagents`, owner))
      .json()
      .find((r: { name: string }) => r.name === 'Staurosporine').slug as string;
    const res = await call(t.app, 'PATCH', `/api/experiments/${id}/plate`, owner, {
      version: 0,
      ops: [{ op: 'set', wells: ['A1'], reagent: slug, target_nM: 1000 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const plate = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    const a1 = plate.wells.A1;
    expect(Object.keys(a1.targets).toSorted()).toEqual([slug, 'water'].toSorted());
    expect(a1.targets[slug].volume_uL).toBeCloseTo(0.005, 12);
    // the water as the bulk dispenser dispenses it, on its 0.1 uL step: the plan's 5.0
    expect(a1.targets.water.volume_uL).toBe(5);
    expect(a1.targets[slug].status).toBe('good');
    expect(a1.vehicle_vv_pct).toBeLessThan(0.2);
    const plan = (await call(t.app, 'GET', `/api/experiments/${id}/dispense-plan`, owner)).json();
    expect(plan.unmet).toEqual([]);
    expect(plan.bulk).toEqual([{ reagent: 'water', volume_uL: 5, wells: ['A1'] }]);
    const sheet = await t.app.inject({
      url: `/api/experiments/${id}/export/bulk-sheet`,
      headers: owner,
    });
    const rows = parse(sheet.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.Reagent, r['Volume per Well (uL)'], r.Wells])).toEqual([
      ['water', '5', 'A1'],
    ]);
  });
});
