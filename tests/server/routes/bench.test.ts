import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REAGENT_TYPE_COLORS } from '../../../src/domain/reagent-types';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call, createExperiment, MEDIUM, STAUROSPORINE } from '../plate-fixtures';

const url = (id: number, rest = '') => `/api/experiments/${id}/bench/reagents${rest}`;

describe.each(DB_KINDS)('bench reagents on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders();
  });
  afterAll(async () => {
    await t?.close();
  });

  const add = (id: number, body: unknown) => call(t.app, 'POST', url(id), owner, body);

  it('adds a compound with its stock in canonical units, colour and display type', async () => {
    const id = await createExperiment(t.app, owner);
    const res = await add(id, { ...STAUROSPORINE, default_concentration_value: '10' });
    expect(res.statusCode).toBe(201);
    const reagent = res.json();
    expect(reagent).toMatchObject({
      id: 'staurosporine',
      slug: 'staurosporine',
      name: 'Staurosporine',
      reagent_type: 'chemical',
      type: 'compound',
      color: REAGENT_TYPE_COLORS.compound,
      concentration_units: 'mM',
      default_concentration_value: 10,
      analyte_id: null,
      max_concentration_percent: null,
      min_transfer_ul: null,
      molecular_weight_g_per_mol: 466.53,
      solvent: 'DMSO',
    });
    expect(reagent.stock_uM).toBeCloseTo(10000, 9);
    expect(reagent.stock_molarity_M).toBeCloseTo(0.01, 12);
    expect(new Date(reagent.created_at).toISOString()).toBe(reagent.created_at);
  });

  it('takes a 5 M NaCl stock (a salt goes to its solubility); the plate counts its ions', async () => {
    const id = await createExperiment(t.app, owner, '96');
    const nacl = await add(id, {
      name: 'Sodium chloride',
      slug: 'sodium-chloride',
      reagent_type: 'chemical',
      solvent: 'water',
      molecular_weight_g_per_mol: 58.44,
      default_concentration_value: 5,
      default_concentration_units: 'M',
      ions: [
        { charge: 1, count: 1 },
        { charge: -1, count: 1 },
      ],
    });
    expect(nacl.statusCode).toBe(201);
    expect(nacl.json()).toMatchObject({
      stock_molarity_M: 5,
      ions: [
        { charge: 1, count: 1 },
        { charge: -1, count: 1 },
      ],
    });
    // HEPES from the catalog slug: its pKa (7.48) comes from the catalog entry
    const hepes = await add(id, {
      name: 'HEPES',
      slug: 'hepes',
      reagent_type: 'buffer',
      ph: 7.48,
      default_concentration_value: 1,
      default_concentration_units: 'M',
    });
    expect(hepes.statusCode).toBe(201);
    expect(hepes.json()).toMatchObject({ pka: 7.48, dpka_dt: -0.014, acid_charge: 0 });
    expect((await add(id, MEDIUM)).statusCode).toBe(201);
    // 3 uL of 5 M NaCl + 2.5 uL of 1 M HEPES in 100 uL: NaCl 150 mM -> I = 1/2 (150 + 150)
    // = 150 mM; HEPES (25 mM) made at its pKa keeps pH 7.48, half of it the anion with its
    // Na+: 12.5 mM. In the assay medium, whose make is not given, the sum is unknown (null)
    // (tests/server/numbers/ionic-strength.test.ts has the sums in water)
    const res = await call(t.app, 'PUT', `/api/experiments/${id}/plate`, owner, {
      version: 0,
      defn: { format: 96, rows: 8, cols: 12 },
      wells: {
        A1: {
          targets: {
            'sodium-chloride': { target_nM: 150e6, volume_uL: 3 },
            hepes: { target_nM: 25e6, volume_uL: 2.5 },
            'assay-medium': { target_nM: null, volume_uL: 94.5 },
          },
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const a1 = res.json().wells.A1;
    expect(a1.metrics.ionicStrength).toBeNull();
    expect(a1.metrics.pH).toBeCloseTo(7.48, 9);
  });

  it('keeps a % stock apart: no molar stock', async () => {
    const id = await createExperiment(t.app, owner);
    const res = await add(id, {
      name: 'Ethanol',
      reagent_type: 'solvent',
      default_concentration_value: 70,
      default_concentration_units: '%',
      max_concentration_percent: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      slug: 'ethanol',
      type: 'solvent',
      stock_uM: null,
      stock_molarity_M: null,
      concentration_units: '%',
      default_concentration_value: 70,
      max_concentration_percent: 1,
    });
  });

  it.each([
    [
      { reagent_type: 'chemical', solvent: 'DMSO', molecular_weight_g_per_mol: 1 },
      'Name is required',
    ],
    [
      { name: 'Cells', reagent_type: 'biological', cells_per_ml: 1e6 },
      'Media is required for biological reagents',
    ],
    [
      { name: 'Cells', reagent_type: 'biological', solvent: 'DMEM' },
      'Either Cells/mL or Molecular weight is required for biological reagents',
    ],
    [
      { name: 'X', reagent_type: 'chemical', molecular_weight_g_per_mol: 1 },
      'Solvent is required for chemical reagents',
    ],
    [
      { name: 'X', reagent_type: 'compound', solvent: 'DMSO' },
      'Molecular weight is required for chemical reagents',
    ],
    [{ name: 'Tris', reagent_type: 'buffer' }, 'pH is required for buffer reagents'],
    [
      { name: 'DMSO', reagent_type: 'solvent' },
      'Max concentration % is required for solvent reagents',
    ],
    [
      { ...STAUROSPORINE, default_concentration_value: 2, default_concentration_units: 'M' },
      'Stock molarity cannot exceed 1.0 M (entered 2 M). Please use a smaller concentration or different unit.',
    ],
  ])('refuses %j with the spec message', async (body, message) => {
    const id = await createExperiment(t.app, owner);
    const res = await add(id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(message);
    expect(res.json().issues.map((i: { message: string }) => i.message)).toContain(message);
    expect((await call(t.app, 'GET', url(id), owner)).json()).toEqual([]);
  });

  it('a duplicate slug is 409 naming the reagent', async () => {
    const id = await createExperiment(t.app, owner);
    expect((await add(id, STAUROSPORINE)).statusCode).toBe(201);
    const again = await add(id, { ...STAUROSPORINE, name: 'staurosporine' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'staurosporine is already on the bench' });
    const custom = await add(id, { ...STAUROSPORINE, slug: 'sts-2' });
    expect(custom.statusCode).toBe(201);
    expect(custom.json().id).toBe('sts-2');
  });

  it('lists by name, patches only the fields sent (null clears), deletes', async () => {
    const id = await createExperiment(t.app, owner);
    await add(id, { name: 'Zeta', reagent_type: 'other' });
    await add(id, { name: 'alpha', reagent_type: 'other' });
    await add(id, STAUROSPORINE);
    const names = (await call(t.app, 'GET', url(id), owner))
      .json()
      .map((r: { name: string }) => r.name);
    expect(names).toEqual(['alpha', 'Staurosporine', 'Zeta']);

    const p1 = await call(t.app, 'PATCH', url(id, '/staurosporine'), owner, {
      max_concentration_percent: 0.5,
      min_transfer_ul: 0.1,
    });
    expect(p1.statusCode).toBe(200);
    expect(p1.json()).toMatchObject({ max_concentration_percent: 0.5, min_transfer_ul: 0.1 });
    const p2 = await call(t.app, 'PATCH', url(id), owner, {
      slug: 'staurosporine',
      min_transfer_ul: null,
    });
    expect(p2.json()).toMatchObject({ max_concentration_percent: 0.5, min_transfer_ul: null });
    const bad = await call(t.app, 'PATCH', url(id, '/staurosporine'), owner, {
      max_concentration_percent: 120,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('max_concentration_percent');
    const missing = await call(t.app, 'PATCH', url(id, '/nothing'), owner, { min_transfer_ul: 1 });
    expect(missing.statusCode).toBe(404);

    expect((await call(t.app, 'DELETE', url(id, '/zeta'), owner)).statusCode).toBe(204);
    expect((await call(t.app, 'DELETE', url(id, '?slug=alpha'), owner)).statusCode).toBe(204);
    expect((await call(t.app, 'DELETE', url(id, '/alpha'), owner)).statusCode).toBe(404);
    const left = (await call(t.app, 'GET', url(id), owner)).json();
    expect(left.map((r: { slug: string }) => r.slug)).toEqual(['staurosporine']);
  });

  it('someone else’s bench is 404 for every method and stays unchanged', async () => {
    const id = await createExperiment(t.app, owner);
    await add(id, STAUROSPORINE);
    const intruder = await userHeaders();
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['POST', '', { name: 'X', reagent_type: 'other' }],
      ['PATCH', '/staurosporine', { min_transfer_ul: 5 }],
      ['DELETE', '/staurosporine', undefined],
    ] as const) {
      const res = await call(t.app, method, url(id, path), intruder, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Experiment not found' });
    }
    const bench = (await call(t.app, 'GET', url(id), owner)).json();
    expect(bench).toHaveLength(1);
    expect(bench[0].min_transfer_ul).toBeNull();
  });
});
