// The well editor's ionic strength strings for the buffers of
// tests/server/numbers/ionic-strength.test.ts, worked there by hand: 50 mM sodium phosphate
// pH 7.4 111.3 mM, 50 mM HEPES-Na pH 7.4 22.7, 50 mM Tris-HCl pH 8.0 26.7, 25 mM HEPES
// pH 7.4 + 150 mM NaCl + 10 mM MgCl2 191.4, and HEPES in DMEM (make not given) unknown.
import { describe, expect, it } from 'vitest';
import type { BenchReagent } from '../../../src/api/bench';
import { metricsSummary, wellViews } from '../../../src/panels/well-editor/selected-wells';

function reagent(
  slug: string,
  reagent_type: string,
  type: string,
  fields: Partial<BenchReagent>,
): BenchReagent {
  return {
    id: slug,
    slug,
    name: slug,
    reagent_type,
    type,
    color: '#888888',
    stock_uM: 1e6,
    stock_molarity_M: 1,
    concentration_units: 'M',
    default_concentration_value: 1,
    analyte_id: null,
    max_concentration_percent: null,
    min_transfer_ul: null,
    molecular_weight_g_per_mol: null,
    solvent: 'water',
    cells_per_ml: null,
    ph: null,
    ionic_strength_mM: null,
    description: null,
    created_at: '2024-01-01T00:00:00.000Z',
    ...fields,
  };
}

// the catalog's facts: pKa at 25 C and the acid form's charge
const buffer = (slug: string, pka: number, acid_charge: number, ph: number) =>
  reagent(slug, 'buffer', 'buffer', { pka, acid_charge, ph, dpka_dt: 0 });
const BENCH: BenchReagent[] = [
  buffer('phosphate', 7.2, -1, 7.4),
  buffer('hepes', 7.48, 0, 7.4),
  buffer('tris-hcl', 8.06, 1, 8.0),
  reagent('nacl', 'chemical', 'compound', {
    stock_uM: 5e6,
    stock_molarity_M: 5,
    default_concentration_value: 5,
    ions: [
      { charge: 1, count: 1 },
      { charge: -1, count: 1 },
    ],
  }),
  reagent('mgcl2', 'chemical', 'compound', {
    ions: [
      { charge: 2, count: 1 },
      { charge: -1, count: 2 },
    ],
  }),
  reagent('water', 'solvent', 'solvent', {
    stock_uM: null,
    stock_molarity_M: null,
    concentration_units: '%',
    default_concentration_value: 100,
    max_concentration_percent: 100,
  }),
  reagent('dmem', 'media', 'media', { stock_uM: null, stock_molarity_M: null, ph: 7.4 }),
];

const liquid = (uL: number) => ({ target_nM: null, volume_uL: uL });
const WELLS = {
  A1: { targets: { phosphate: { target_nM: 50e6, volume_uL: 5 }, water: liquid(95) } },
  A2: { targets: { hepes: { target_nM: 50e6, volume_uL: 5 }, water: liquid(95) } },
  A3: { targets: { 'tris-hcl': { target_nM: 50e6, volume_uL: 5 }, water: liquid(95) } },
  A4: {
    targets: {
      hepes: { target_nM: 25e6, volume_uL: 2.5 },
      nacl: { target_nM: 150e6, volume_uL: 3 },
      mgcl2: { target_nM: 10e6, volume_uL: 1 },
      water: liquid(93.5),
    },
  },
  A5: { targets: { hepes: { target_nM: 25e6, volume_uL: 2.5 }, dmem: liquid(97.5) } },
};

const shown = (indices: number[]) =>
  metricsSummary(wellViews(WELLS, 96, indices, BENCH)).ionicStrength;

describe('ionic strength in the well editor', () => {
  it('shows each buffer at its pH, and unknown for a medium of unknown make', () => {
    expect([0, 1, 2, 3, 4].map((i) => shown([i]))).toEqual([
      '111.3 mM',
      '22.7 mM',
      '26.7 mM',
      '191.4 mM',
      'unknown',
    ]);
  });

  it('says which wells of a selection are unknown', () => {
    expect(shown([1, 4])).toBe('22.7 mM; unknown in 1 well');
    expect(shown([0, 1])).toBe('22.7 mM – 111.3 mM');
  });
});
