// Ionic strength through the API (tests/unit/panels/ionic-strength-strings.test.ts reads the
// well editor's strings of the same wells): the buffers' ions at the
// well's pH (from pKa, with the counter-ion of the titration), I = 1/2 sum c z^2.
// 100 uL wells of a 96 plate, each buffer from its 1 M catalog stock:
//   A1 50 mM sodium phosphate pH 7.4 (pKa2 7.2, a = 1/(1 + 10^-0.2) = 0.6131):
//      H2PO4- (1 - a) c, HPO4 2- a c, Na+ (1 + a) c -> I = (1 + 2a) c = 111.3 mM
//   A2 50 mM HEPES-Na pH 7.4 (pKa 7.48, a = 0.4541): anion a c, Na+ a c -> I = a c = 22.7 mM
//   A3 50 mM Tris-HCl pH 8.0 (pKa 8.06, a = 0.4655): TrisH+ and Cl- (1 - a) c -> 26.7 mM
//   A4 a kinase buffer: 25 mM HEPES pH 7.4 (11.35) + 150 mM NaCl (150) + 10 mM MgCl2
//      (1/2 (10 x 4 + 20 x 1) = 30) -> 191.4 mM (the salts alone gave 180)
//   A5 HEPES in DMEM, whose composition the bench does not give: unknown (it said 0)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { addToBench, call, createExperiment } from '../plate-fixtures';

const M = { default_concentration_value: 1, default_concentration_units: 'M' };
const BENCH = [
  {
    slug: 'sodium-phosphate-buffer',
    name: 'Sodium phosphate buffer',
    reagent_type: 'buffer',
    ph: 7.4,
    ...M,
  },
  { slug: 'hepes', name: 'HEPES', reagent_type: 'buffer', ph: 7.4, ...M },
  { slug: 'tris-hcl', name: 'Tris-HCl', reagent_type: 'buffer', ph: 8.0, ...M },
  {
    slug: 'sodium-chloride',
    name: 'Sodium chloride',
    reagent_type: 'chemical',
    solvent: 'water',
    molecular_weight_g_per_mol: 58.44,
    default_concentration_value: 5,
    default_concentration_units: 'M',
    ions: [
      { charge: 1, count: 1 },
      { charge: -1, count: 1 },
    ],
  },
  {
    slug: 'mgcl2-hexahydrate',
    name: 'MgCl2',
    reagent_type: 'chemical',
    solvent: 'water',
    molecular_weight_g_per_mol: 203.3,
    ions: [
      { charge: 2, count: 1 },
      { charge: -1, count: 2 },
    ],
    ...M,
  },
  {
    slug: 'water-nuclease-free',
    name: 'Water',
    reagent_type: 'solvent',
    default_concentration_value: 100,
    default_concentration_units: '%',
    max_concentration_percent: 100,
  },
  { slug: 'dmem-high-glucose', name: 'DMEM', reagent_type: 'media', ph: 7.4 },
];

const water = (uL: number) => ({ 'water-nuclease-free': { target_nM: null, volume_uL: uL } });
const WELLS = {
  A1: { targets: { 'sodium-phosphate-buffer': { target_nM: 50e6, volume_uL: 5 }, ...water(95) } },
  A2: { targets: { hepes: { target_nM: 50e6, volume_uL: 5 }, ...water(95) } },
  A3: { targets: { 'tris-hcl': { target_nM: 50e6, volume_uL: 5 }, ...water(95) } },
  A4: {
    targets: {
      hepes: { target_nM: 25e6, volume_uL: 2.5 },
      'sodium-chloride': { target_nM: 150e6, volume_uL: 3 },
      'mgcl2-hexahydrate': { target_nM: 10e6, volume_uL: 1 },
      ...water(93.5),
    },
  },
  A5: {
    targets: {
      hepes: { target_nM: 25e6, volume_uL: 2.5 },
      'dmem-high-glucose': { target_nM: null, volume_uL: 97.5 },
    },
  },
};

describe.each(DB_KINDS)('ionic strength on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('ionic-strength');
    id = await createExperiment(t.app, owner, '96');
    await addToBench(t.app, owner, id, BENCH);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts the buffer ions at the well pH, and a medium of unknown make is unknown', async () => {
    const put = await call(t.app, 'PUT', `/api/experiments/${id}/plate`, owner, {
      version: 0,
      defn: { format: 96, rows: 8, cols: 12 },
      wells: WELLS,
    });
    expect(put.statusCode, put.body).toBe(200);
    const plate = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    const ionic = (w: string) => plate.wells[w].metrics.ionicStrength as number | null;
    expect(ionic('A1')).toBeCloseTo(111.3, 1);
    expect(ionic('A2')).toBeCloseTo(22.7, 1);
    expect(ionic('A3')).toBeCloseTo(26.7, 1);
    expect(ionic('A4')).toBeCloseTo(191.4, 1);
    expect(ionic('A5')).toBeNull();
    expect(plate.wells.A5.metrics.volumeUl).toBeCloseTo(100, 9);
  });
});
