import { describe, expect, it } from 'vitest';
import { plateQc, summarise } from '../../../../src/domain/results/qc';
import { expectedZPrime } from '../../../../src/domain/results/expected-z-prime';
import { npi, percentActivity, robustZScores } from '../../../../src/domain/results/normalise';
import { mulberry32 } from '../../../../src/domain/layout/prng';

// A hand-made plate's controls.
const POS = [100, 110, 90, 100];
const NEG = [10, 12, 8, 10];

describe('plate QC, worked by hand', () => {
  it("gives Z', robust Z', S/B, CV and SSMD", () => {
    // POS: mean 100, deviations 0, 10, -10, 0 -> sd = sqrt(200 / 3) = 8.164966
    // NEG: mean 10, deviations 0, 2, -2, 0 -> sd = sqrt(8 / 3) = 1.632993
    const qc = plateQc(POS, NEG);
    expect(qc.pos!.sd).toBeCloseTo(8.164966, 5);
    expect(qc.neg!.sd).toBeCloseTo(1.632993, 5);
    // Z' = 1 - 3 (8.164966 + 1.632993) / 90 = 1 - 29.393877 / 90
    expect(qc.z_prime).toBeCloseTo(0.673401, 5);
    // medians 100 and 10; MAD = 1.4826 x median |dev| = 1.4826 x 5 and 1.4826 x 1
    // robust Z' = 1 - 3 (7.413 + 1.4826) / 90
    expect(qc.robust_z_prime).toBeCloseTo(0.70348, 5);
    expect(qc.s_b).toBe(10);
    // CV = 100 sd / mean: 8.164966 % and 16.32993 %
    expect(qc.pos!.cv_pct).toBeCloseTo(8.164966, 5);
    expect(qc.neg!.cv_pct).toBeCloseTo(16.32993, 4);
    // SSMD = 90 / sqrt(200/3 + 8/3) = 90 / 8.326664 (independent groups: variances added)
    expect(qc.ssmd).toBeCloseTo(10.80865, 5);
    expect(qc.pass).toBe(true);
  });

  it("fails a plate below the threshold and says why a Z' is missing", () => {
    expect(plateQc(POS, NEG, { z_prime_min: 0.7 }).pass).toBe(false);
    const one = plateQc([100], NEG);
    expect(one.z_prime).toBeNull();
    expect(one.pass).toBeNull();
    expect(one.notes.join(' ')).toMatch(/One positive control well/);
  });
});

describe('normalisation', () => {
  it('maps the controls to 0 and 100', () => {
    const { mean: p } = summarise(POS);
    const { mean: n } = summarise(NEG);
    expect(percentActivity(55, p, n)).toBeCloseTo(50, 10);
    expect(percentActivity(100, p, n)).toBeCloseTo(100, 10);
    expect(npi(10, p, n)).toBeCloseTo(100, 10);
  });

  it('robust z against the samples, refused when their MAD is 0', () => {
    // median 3, |dev| 2 1 0 1 2 -> median 1 -> MAD 1.4826
    const z = robustZScores([1, 2, 3, 4, 5], [1, 2, 3, 4, 5])!;
    expect(z[4]).toBeCloseTo(2 / 1.4826, 10);
    expect(robustZScores([1], [7, 7, 7, 8])).toBeNull();
  });
});

describe("expected Z' before any data", () => {
  const window = { mean_pos: 100, cv_pos_pct: 5, mean_neg: 10, cv_neg_pct: 10 };
  it("gives the true Z' and an interval that narrows with more controls", () => {
    // 1 - 3 (5 + 1) / 90 = 0.8
    const four = expectedZPrime(4, 4, window);
    const many = expectedZPrime(32, 32, window);
    if (!four.ok || !many.ok) throw new Error('refused');
    expect(four.z_prime).toBeCloseTo(0.8, 12);
    expect(four.upper - four.lower).toBeGreaterThan(2 * (many.upper - many.lower));
    expect(expectedZPrime(1, 16, window).ok).toBe(false);
  });

  it("holds the Z' of about 95 % of simulated 16-control plates", () => {
    const next = mulberry32(7);
    const normal = () => {
      const u = 1 - next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    };
    const e = expectedZPrime(16, 16, window);
    if (!e.ok) throw new Error('refused');
    let inside = 0;
    const runs = 4000;
    for (let k = 0; k < runs; k++) {
      const p = Array.from({ length: 16 }, () => 100 + 5 * normal());
      const n = Array.from({ length: 16 }, () => 10 + 1 * normal());
      const z = plateQc(p, n).z_prime!;
      if (z >= e.lower && z <= e.upper) inside++;
    }
    expect(inside / runs).toBeGreaterThan(0.92);
    expect(inside / runs).toBeLessThan(0.98);
  });
});
