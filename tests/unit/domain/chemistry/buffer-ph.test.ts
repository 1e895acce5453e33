import { describe, expect, it } from 'vitest';
import { baseFraction, bufferPH, pKaAt } from '../../../../src/domain/chemistry/buffer-ph';

const HEPES = { pKa: 7.48, dpKaPerC: -0.014 };
const MES = { pKa: 6.1, dpKaPerC: -0.011 };

describe('buffer pH by Henderson-Hasselbalch balance', () => {
  it('HEPES made at its pKa gives its pKa (half deprotonated)', () => {
    expect(baseFraction(7.48, 7.48)).toBe(0.5);
    expect(bufferPH([{ ...HEPES, concentration: 25, madeAtPH: 7.48 }])).toBeCloseTo(7.48, 9);
  });

  it('one buffer diluted keeps the pH it was made at', () => {
    expect(bufferPH([{ ...HEPES, concentration: 0.5, madeAtPH: 7.2 }])).toBeCloseTo(7.2, 9);
  });

  it('two buffers mixed land between: equal MES and HEPES at their pKa give the midpoint', () => {
    // 1/(1 + 10^(6.10 - pH)) + 1/(1 + 10^(7.48 - pH)) = 1 at pH = (6.10 + 7.48) / 2 = 6.79,
    // since 1/(1 + x) + 1/(1 + 1/x) = 1
    const pH = bufferPH([
      { ...MES, concentration: 50, madeAtPH: 6.1 },
      { ...HEPES, concentration: 50, madeAtPH: 7.48 },
    ]);
    expect(pH).toBeCloseTo(6.79, 9);
  });

  it('temperature shifts the pKa: HEPES at 37 C is 7.48 - 0.014 x 12 = 7.312', () => {
    expect(pKaAt(7.48, -0.014, 37)).toBeCloseTo(7.312, 12);
    expect(bufferPH([{ ...HEPES, concentration: 25, madeAtPH: 7.48 }], 37)).toBeCloseTo(7.312, 9);
  });

  it('no buffer: no pH', () => {
    expect(bufferPH([])).toBeNaN();
  });
});
