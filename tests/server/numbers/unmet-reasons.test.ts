// An impossible target says why through the API: 100 uM of a 10 mM compound in DMSO in a
// 100 uL well of a 96-well plate held to 0.5 % DMSO. The set keeps the stock's nearest volume
// (1 uL: 100 uM, but 1.00 % DMSO); whatever the dilution the DMSO comes with the compound,
// 10 mM x 0.5 uL / 100 uL = 50.0 uM at most. GET /plate (and a PATCH's changed wells) give
// the plan's reason with that ceiling, as the dispense plan's unmet row does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { addToBench, call, createExperiment } from '../plate-fixtures';
import { compoundBench } from './numbers-bench';

const CEILING =
  "Cpd: the stock's solvent limits it to 50.0 µM in the well (500 nL of solvent): a more " +
  'concentrated stock would meet it';

describe.each(DB_KINDS)('unmet reasons on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let id: number;
  let patched: Record<string, { unmet_reasons?: string[] }>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('unmet-reasons');
    id = await createExperiment(t.app, owner, '96');
    const slug = (await addToBench(t.app, owner, id, compoundBench(0.5))).Cpd;
    const res = await call(t.app, 'PATCH', `/api/experiments/${id}/plate`, owner, {
      version: 0,
      ops: [{ op: 'set', wells: ['A4'], reagent: slug, target: { value: 100, unit: 'uM' } }],
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    patched = res.json().changed;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /plate says why A4 is unmet, with the 50.0 µM ceiling', async () => {
    const plate = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    expect(plate.indices.unmet).toEqual(['A4']);
    expect(plate.wells.A4.status).toBe('error');
    expect(plate.wells.A4.unmet_reasons).toEqual([
      `DMSO at 1.00% v/v is above its 0.5% limit; ${CEILING}`,
    ]);
    expect(patched.A4.unmet_reasons).toEqual(plate.wells.A4.unmet_reasons);
  });

  it('the dispense plan gives the same reason and proposal', async () => {
    const plan = (await call(t.app, 'GET', `/api/experiments/${id}/dispense-plan`, owner)).json();
    expect(plan.unmet).toEqual([
      {
        well: 'A4',
        reagent: 'dmso',
        reason: 'DMSO at 1.00% v/v is above its 0.5% limit',
        proposal: CEILING,
      },
    ]);
  });
});
