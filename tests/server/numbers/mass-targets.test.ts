// Targets in a mass unit through PATCH /plate: made molar by the reagent's molecular weight
// (c nM = 1000 x c ng/mL / MW: 4 ug/mL of the 400 g/mol compound is 1000 x 4000 / 400 =
// 10,000 nM, 10 uM), and refused, nothing stored, for a reagent without one, with a message
// that says what to add.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { addToBench, call, createExperiment } from '../plate-fixtures';
import { compoundBench } from './numbers-bench';

describe.each(DB_KINDS)('targets in mass units on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let id: number;
  let slugs: Record<string, string>;
  const patch = async (op: object) => {
    const plate = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    return call(t.app, 'PATCH', `/api/experiments/${id}/plate`, owner, {
      version: plate.version,
      ops: [op],
    });
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('mass-targets');
    id = await createExperiment(t.app, owner, '1536');
    slugs = await addToBench(t.app, owner, id, [
      ...compoundBench(1),
      // a stock in mg/mL whose molecular weight nobody entered (a chemical must have one)
      {
        name: 'Peptide X',
        reagent_type: 'other',
        default_concentration_value: 1,
        default_concentration_units: 'mg/mL',
      },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('makes a target in ug/mL molar through the molecular weight', async () => {
    const res = await patch({
      op: 'set',
      wells: ['A1'],
      reagent: slugs.Cpd,
      target: { value: 4, unit: 'ug/mL' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const plate = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    // 10 uM from 10 mM in 5 uL: 5 nL, two 2.5 nL droplets
    expect(plate.wells.A1.targets[slugs.Cpd].target_nM).toBeCloseTo(10_000, 9);
    expect(plate.wells.A1.targets[slugs.Cpd].volume_uL).toBeCloseTo(0.005, 12);
    // ng/uL is ug/mL: 2 ng/uL is 5 uM
    const perUL = await patch({
      op: 'set',
      wells: ['A2'],
      reagent: slugs.Cpd,
      target: { value: 2, unit: 'ng/µL' },
    });
    expect(perUL.statusCode, perUL.body).toBe(200);
    const after = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    expect(after.wells.A2.targets[slugs.Cpd].target_nM).toBeCloseTo(5_000, 9);
  });

  it('refuses a target in ug/mL of a reagent without a molecular weight, storing nothing', async () => {
    const before = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    const res = await patch({
      op: 'set',
      wells: ['B1'],
      reagent: slugs['Peptide X'],
      target: { value: 5, unit: 'ug/mL' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      op_index: 0,
      op: 'set',
      detail:
        'Op 0 (set) (well B1): Peptide X has no molecular weight, so a target in ug/mL cannot be made molar: add ' +
        'its molecular weight (g/mol) to the reagent on the bench, or give the target in nM, ' +
        'uM, mM or M.',
    });
    const after = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    expect(after.version).toBe(before.version);
    expect(after.wells.B1).toBeUndefined();
  });

  it('refuses a unit that is neither molar nor a mass per volume', async () => {
    const res = await patch({
      op: 'set',
      wells: ['B2'],
      reagent: slugs.Cpd,
      target: { value: 1e5, unit: 'cells/mL' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      'Op 0 (set) (well B2): target unit "cells/mL" is not a molar unit (nM, uM, mM, M) or a mass unit (ng/mL, ' +
        'ug/mL, mg/mL)',
    );
  });
});
