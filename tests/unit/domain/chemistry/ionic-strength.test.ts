// Ionic strength as the product computes it: each well through the metrics kernel, from the
// ions of each salt (ionicFactor) and the species of each buffer (bufferIonicFactor).
import { describe, expect, it } from 'vitest';
import { bufferIonicFactor, ionicFactor } from '../../../../src/domain/chemistry/ionic-strength';
import { computeMetrics, metricsInputFromPlate } from '../../../../src/domain/metrics-kernel';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { BenchReagentInfo, WireWells } from '../../../../src/domain/plate-wire';
import { indexOfWellId } from '../../../../src/domain/well-id';

// 1 M salt stocks
const salt = (slug: string, extra: Partial<BenchReagentInfo>): BenchReagentInfo => ({
  slug,
  name: slug,
  type: 'chemical',
  stock_nM: 1e9,
  stock_pct: null,
  solvent: 'water',
  max_concentration_percent: null,
  min_transfer_ul: null,
  ionic_strength_mM: null,
  ...extra,
});
const NACL = [
  { charge: 1, count: 1 },
  { charge: -1, count: 1 },
];
const BENCH = [
  salt('nacl', { ions: NACL }),
  salt('mgcl2', {
    ions: [
      { charge: 2, count: 1 },
      { charge: -1, count: 2 },
    ],
  }),
  salt('na2so4', {
    ions: [
      { charge: 1, count: 2 },
      { charge: -2, count: 1 },
    ],
  }),
  // a custom salt whose ions are not named, and one that declares its ionic strength
  salt('koac', { salt: true }),
  salt('koac-declared', { salt: true, ionic_strength_mM: 1000 }),
  salt('compound', {}),
];
const defn = plateDefn(96);
// 1 M stocks in 100 uL wells: 15 uL is 150 mM, 5 uL is 50 mM
const one = (slug: string, uL: number, rest = 100 - uL) => ({
  targets: {
    [slug]: { target_nM: null, volume_uL: uL },
    compound: { target_nM: null, volume_uL: rest },
  },
});
const WELLS: WireWells = {
  A1: one('nacl', 15),
  A2: one('mgcl2', 5),
  A3: one('na2so4', 5),
  A4: {
    targets: {
      nacl: { target_nM: null, volume_uL: 15 },
      koac: { target_nM: null, volume_uL: 5 },
      compound: { target_nM: null, volume_uL: 80 },
    },
  },
  A5: {
    targets: {
      nacl: { target_nM: null, volume_uL: 15 },
      'koac-declared': { target_nM: null, volume_uL: 5 },
      compound: { target_nM: null, volume_uL: 80 },
    },
  },
  A6: { targets: { compound: { target_nM: null, volume_uL: 100 } } },
};
const out = computeMetrics(metricsInputFromPlate(defn, WELLS, BENCH));
const I = (id: string) => out.ionicMM[indexOfWellId(id, defn)];

// I = 1/2 sum(c_i z_i^2) over the ions a formula unit releases.
describe('ionic strength from ions', () => {
  it('NaCl 150 mM gives I = 150 mM: 1/2 (150 x 1 + 150 x 1)', () => {
    expect(ionicFactor(NACL)).toBe(1);
    expect(I('A1')).toBeCloseTo(150, 9);
  });

  it('MgCl2 50 mM gives 150 mM: 1/2 (50 x 4 + 100 x 1)', () => {
    expect(I('A2')).toBeCloseTo(150, 9);
  });

  it('Na2SO4 50 mM gives 150 mM: 1/2 (100 x 1 + 50 x 4)', () => {
    expect(I('A3')).toBeCloseTo(150, 9);
  });

  it('a compound without ions brings none', () => {
    expect(ionicFactor(null)).toBeNaN();
    expect(I('A6')).toBe(0);
  });

  it('a salt whose ions are not named makes the ionic strength unknown, never 0', () => {
    expect(I('A4')).toBeNaN();
    // declared: 1000 mM x 5 / 100 = 50 mM beside the NaCl's 150
    expect(I('A5')).toBeCloseTo(200, 9);
  });
});

// A buffer's species at the well's pH and the counter-ion of its titration, per mM of buffer.
describe('ionic strength of a buffer at its pH', () => {
  it('HEPES-Na at pH 7.4 (pKa 7.48): a = 1/(1 + 10^0.08) = 0.4541, I = a c', () => {
    // zwitterion (0) and its anion (-1) with Na+: 1/2 (a c + a c)
    const a = 1 / (1 + 10 ** 0.08);
    expect(bufferIonicFactor(0, a, a) * 50).toBeCloseTo(22.7, 1);
  });

  it('Tris-HCl at pH 8.0 (pKa 8.06): TrisH+ and its Cl-, I = (1 - a) c', () => {
    const a = 1 / (1 + 10 ** 0.06);
    expect(bufferIonicFactor(1, a, a) * 50).toBeCloseTo(26.7, 1);
  });

  it('sodium phosphate at pH 7.4 (pKa2 7.2): H2PO4-, HPO4 2- and Na+, I = (1 + 2a) c', () => {
    // 1/2 [(1 - a) c + 4 a c + (1 + a) c] = (1 + 2a) c; a = 1/(1 + 10^-0.2) = 0.6131
    const a = 1 / (1 + 10 ** -0.2);
    expect(bufferIonicFactor(-1, a, a) * 50).toBeCloseTo(111.3, 1);
  });

  it('keeps the counter-ion of the stock when the well is at another pH', () => {
    // HEPES made at its pKa (a = 0.5: 0.5 Na+ per HEPES), in a well whose pH puts it all in
    // the acid form: only the Na+ is left, 1/2 x 0.5.
    expect(bufferIonicFactor(0, 0, 0.5)).toBeCloseTo(0.25, 12);
  });

  it('is unknown without the charge of the acid form', () => {
    expect(bufferIonicFactor(Number.NaN, 0.5, 0.5)).toBeNaN();
  });
});
