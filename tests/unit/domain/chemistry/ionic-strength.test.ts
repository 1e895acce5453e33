import { describe, expect, it } from 'vitest';
import {
  bufferIonicFactor,
  ionicFactor,
  saltIonicStrengthMM,
} from '../../../../src/domain/chemistry/ionic-strength';

// I = 1/2 sum(c_i z_i^2) over the ions a formula unit releases.
describe('ionic strength from ions', () => {
  it('NaCl 150 mM gives I = 150 mM: 1/2 (150 x 1 + 150 x 1)', () => {
    const nacl = [
      { charge: 1, count: 1 },
      { charge: -1, count: 1 },
    ];
    expect(ionicFactor(nacl)).toBe(1);
    expect(saltIonicStrengthMM(150, nacl)).toBe(150);
  });

  it('MgCl2 50 mM gives 150 mM: 1/2 (50 x 4 + 100 x 1)', () => {
    const mgcl2 = [
      { charge: 2, count: 1 },
      { charge: -1, count: 2 },
    ];
    expect(saltIonicStrengthMM(50, mgcl2)).toBe(150);
  });

  it('Na2SO4 50 mM gives 150 mM: 1/2 (100 x 1 + 50 x 4)', () => {
    expect(
      saltIonicStrengthMM(50, [
        { charge: 1, count: 2 },
        { charge: -2, count: 1 },
      ]),
    ).toBe(150);
  });

  it('a reagent without ions brings none', () => {
    expect(ionicFactor(null)).toBeNaN();
    expect(saltIonicStrengthMM(100, [])).toBe(0);
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
