// The neutral control of a DMSO screen through PATCH /plate's controls op: a DMSO NEG
// control holds the DMSO load of the plate's compound wells (or the % v/v given), a DMSO
// control with no compound well to copy is refused with what to do, and a medium-only control
// beside compound wells at 0.5 % DMSO gets the plan's warning.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call, experimentWithBench } from '../plate-fixtures';

describe.each(DB_KINDS)('vehicle controls on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let id: number;
  let version = 0;
  const patch = async (ops: object[]) => {
    const res = await call(t.app, 'PATCH', `/api/experiments/${id}/plate`, owner, {
      version,
      ops,
    });
    if (res.statusCode === 200) version = res.json().version;
    return res;
  };
  const plate = async () =>
    (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('vehicle-control');
    // staurosporine 1 mM in DMSO, DMSO (its limit 5 %), assay medium
    id = await experimentWithBench(t.app, owner, '96');
    const put = await call(t.app, 'PUT', `/api/experiments/${id}/dispensing`, owner, {
      assay_volume_uL: 100,
    });
    expect(put.statusCode, put.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a DMSO control while no compound well holds DMSO, saying what to give', async () => {
    const res = await patch([
      { op: 'controls', controls: [{ kind: 'NEG', reagent: 'dmso', wells: ['H1'] }] },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(
      'NEG: DMSO as a control needs its % v/v: no compound well of the plate holds DMSO yet.',
    );
    // with the % given it is placed: 0.5 % of 100 uL is 0.5 uL
    const given = await patch([
      {
        op: 'controls',
        controls: [{ kind: 'NEG', reagent: 'dmso', wells: ['H1'], vehicle_pct: 0.5 }],
      },
    ]);
    expect(given.statusCode, given.body).toBe(200);
    const h1 = (await plate()).wells.H1;
    expect(h1.targets.dmso.volume_uL).toBeCloseTo(0.5, 9);
    expect(h1.targets['assay-medium'].volume_uL).toBeCloseTo(99.5, 9);
    expect(h1.vehicle_vv_pct).toBeCloseTo(0.5, 9);
  });

  it('gives a DMSO control the compound wells’ load, or the % typed', async () => {
    // 50 uL of the 1:100 of 1 mM staurosporine (10 uM in 1 % DMSO, the pipette's good band)
    // in 100 uL: 5 uM at 0.5 % DMSO, as 0.5 uL of the stock would bring
    const compounds = await patch([
      { op: 'set', wells: ['A1:A3'], reagent: 'staurosporine', target: { value: 5, unit: 'uM' } },
    ]);
    expect(compounds.statusCode, compounds.body).toBe(200);
    const before = await plate();
    expect(before.wells.A1.targets.staurosporine).toMatchObject({ volume_uL: 50, dilution: 100 });
    expect(before.wells.A1.vehicle_vv_pct).toBeCloseTo(0.5, 9);

    const res = await patch([
      { op: 'controls', controls: [{ kind: 'NEG', reagent: 'dmso', wells: ['H2', 'H3'] }] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const after = await plate();
    expect(after.wells.H2.targets.dmso.volume_uL).toBeCloseTo(0.5, 9);
    expect(after.wells.H2.vehicle_vv_pct).toBeCloseTo(0.5, 9);
    expect(after.wells.H2.tags).toEqual(['NEG']);

    const typed = await patch([
      {
        op: 'controls',
        controls: [{ kind: 'NEG', reagent: 'dmso', wells: ['H4'], vehicle_pct: 1 }],
      },
    ]);
    expect(typed.statusCode, typed.body).toBe(200);
    expect((await plate()).wells.H4.vehicle_vv_pct).toBeCloseTo(1, 9);
  });

  it('refuses a % v/v that no well can hold', async () => {
    const res = await patch([
      {
        op: 'controls',
        controls: [{ kind: 'NEG', reagent: 'dmso', wells: ['H5'], vehicle_pct: 150 }],
      },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('vehicle_pct');
  });

  it('lets the plan warn about a medium-only control beside compound wells at 0.5 % DMSO', async () => {
    // the DMSO controls go, a medium-only control takes their place
    const res = await patch([
      { op: 'clear', wells: ['H1:H4'] },
      { op: 'controls', controls: [{ kind: 'NEG', reagent: 'assay-medium', wells: ['H6'] }] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const h6 = (await plate()).wells.H6;
    expect(h6.vehicle_vv_pct).toBe(0);
    const plan = (await call(t.app, 'GET', `/api/experiments/${id}/dispense-plan`, owner)).json();
    expect(plan.warnings.join(' ')).toContain('DMSO varies from 0 % to 0.50 %');
  });
});
