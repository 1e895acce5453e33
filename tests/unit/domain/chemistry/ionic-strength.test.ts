import { describe, expect, it } from 'vitest';
import { ionicFactor, saltIonicStrengthMM } from '../../../../src/domain/chemistry/ionic-strength';

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
