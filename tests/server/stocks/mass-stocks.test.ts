// Stocks on the bench through the API: a stock in ug/mL (or mg/mL, ng/uL) is taken; a
// protein with its molecular weight is made molar by it, one without keeps its stock in mass
// units (no molar stock pretended); a custom salt without ions is taken past the compound's
// 1.0 M rule and makes a well's ionic strength unknown, never 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call, createExperiment } from '../plate-fixtures';

// an IgG: 150 kDa, 1.5 mg/mL = 1.5e6 ng/mL * 1000 / 150000 = 10000 nM = 10 uM
const IGG = {
  name: 'Anti-EGFR IgG',
  reagent_type: 'biological',
  solvent: 'PBS',
  molecular_weight_g_per_mol: 150_000,
  default_concentration_value: 1.5,
  default_concentration_units: 'mg/mL',
};
// a serum of no one molecular weight (an "other" reagent needs none): 50 ug/mL stays 50000 ng/mL
const SERUM = {
  name: 'Rabbit antiserum',
  reagent_type: 'other',
  default_concentration_value: 50,
  default_concentration_units: 'µg/mL',
};
// potassium acetate 3 M: an ordinary salt stock, posted without its ions
const KOAC = {
  name: 'Potassium acetate',
  reagent_type: 'chemical',
  solvent: 'water',
  molecular_weight_g_per_mol: 98.14,
  default_concentration_value: 3,
  default_concentration_units: 'M',
  salt: true,
};

describe.each(DB_KINDS)('bench stocks in mass units and custom salts on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let id: number;
  const add = (body: object) =>
    call(t.app, 'POST', `/api/experiments/${id}/bench/reagents`, owner, body);

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('mass-stocks');
    id = await createExperiment(t.app, owner, '96');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('makes a protein stock in mg/mL molar through its molecular weight', async () => {
    const res = await add(IGG);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      concentration_units: 'mg/mL',
      default_concentration_value: 1.5,
      stock_uM: 10,
      stock_molarity_M: 1e-5,
      stock_ng_per_mL: null,
    });
  });

  it('keeps a stock in ug/mL without a molecular weight in mass units', async () => {
    const res = await add(SERUM);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      concentration_units: 'ug/mL',
      default_concentration_value: 50,
      stock_uM: null,
      stock_molarity_M: null,
      stock_ng_per_mL: 50_000,
    });
    // 250 ng/uL is 250 ug/mL
    const perUL = await add({
      ...SERUM,
      name: 'Goat antiserum',
      default_concentration_units: 'ng/uL',
      default_concentration_value: 250,
    });
    expect(perUL.statusCode, perUL.body).toBe(201);
    expect(perUL.json()).toMatchObject({ concentration_units: 'ug/mL', stock_ng_per_mL: 250_000 });
  });

  it('judges a mass stock with a molecular weight by its molarity', async () => {
    // 600 mg/mL of a 500 g/mol compound: 6e8 ng/mL * 1000 / 500 = 1.2e9 nM = 1.2 M
    const res = await add({
      name: 'Compound Q',
      reagent_type: 'chemical',
      solvent: 'DMSO',
      molecular_weight_g_per_mol: 500,
      default_concentration_value: 600,
      default_concentration_units: 'mg/mL',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      'Stock molarity cannot exceed 1.0 M (entered 1.2 M). Please use a smaller concentration or different unit.',
    );
  });

  it('still refuses a unit that is no stock unit', async () => {
    const res = await add({ ...SERUM, name: 'Serum 2', default_concentration_units: 'kg' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('default_concentration_units');
  });

  it('takes a custom salt without ions and makes the ionic strength unknown', async () => {
    // without saying it is a salt, 3 M is a compound past the 1.0 M rule
    const compound = await add({ ...KOAC, salt: undefined });
    expect(compound.statusCode).toBe(400);
    expect(compound.json().detail).toContain('cannot exceed 1.0 M (entered 3 M)');
    const res = await add(KOAC);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ stock_molarity_M: 3, salt: true, ions: null });
    const nacl = await add({
      slug: 'sodium-chloride',
      name: 'Sodium chloride',
      reagent_type: 'chemical',
      solvent: 'water',
      molecular_weight_g_per_mol: 58.44,
      default_concentration_value: 5,
      default_concentration_units: 'M',
    });
    expect(nacl.statusCode, nacl.body).toBe(201);
    const put = await call(t.app, 'PUT', `/api/experiments/${id}/plate`, owner, {
      version: 0,
      defn: { format: 96, rows: 8, cols: 12 },
      wells: {
        // 1 uL of 5 M NaCl in 2 uL: 2.5 M, I = 2500 mM; with 1 uL of the salt whose ions
        // are not known beside it the well's ionic strength is unknown
        A1: {
          targets: {
            'sodium-chloride': { target_nM: null, volume_uL: 1 },
            'potassium-acetate': { target_nM: null, volume_uL: 1 },
          },
        },
        A2: { targets: { 'sodium-chloride': { target_nM: null, volume_uL: 2 } } },
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const plate = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    expect(plate.wells.A1.metrics.ionicStrength).toBeNull();
    // NaCl alone: I = 5000 mM (1/2 (1 + 1) x 5 M)
    expect(plate.wells.A2.metrics.ionicStrength).toBeCloseTo(5000, 6);
  });

  it('refuses a target of 1e12 M (1e21 nM) in plain words and stores nothing', async () => {
    const before = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    const res = await call(t.app, 'PATCH', `/api/experiments/${id}/plate`, owner, {
      version: before.version,
      ops: [
        {
          op: 'set',
          wells: ['B1'],
          reagent: 'sodium-chloride',
          target: { value: 1e12, unit: 'M' },
          volume_uL: 1,
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(
      'That target (1.00e+21 nM) is more than any solution holds: enter one of at most 1e15 nM (1,000,000 M).',
    );
    const after = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    expect(after.version).toBe(before.version);
    expect(after.wells.B1).toBeUndefined();
  });
});
