import { describe, expect, it } from 'vitest';
import { fitFourPl, fourPl } from '../../../../src/domain/results/four-pl';
import { tQuantile } from '../../../../src/domain/results/t-quantile';

// drc's ryegrass data set (Inderjit et al. 2002), as published with the drc package.
const conc = [0, 0.94, 1.88, 3.75, 7.5, 15, 30];
const ryegrassX = [0, 0, 0, 0, 0, 0, ...conc.slice(1).flatMap((c) => [c, c, c])];
const ryegrassY = [
  7.58, 8.0, 8.328571429, 7.25, 7.375, 7.9625, 8.355555556, 6.914285714, 7.75, 6.871428571, 6.45,
  5.922222222, 1.925, 2.885714286, 4.233333333, 1.1875, 0.857142857, 1.057142857, 0.6875, 0.525,
  0.825, 0.25, 0.22, 0.44,
];

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe('4PL fit (drc LL.4)', () => {
  it("reproduces drc's ryegrass estimates, residual SE and ED50 interval", () => {
    const fit = fitFourPl(ryegrassX, ryegrassY);
    if (!fit.ok) throw new Error(fit.message);
    expect(rel(fit.b.value, 2.98222)).toBeLessThan(1e-4);
    expect(rel(fit.c.value, 0.48141)).toBeLessThan(1e-4);
    expect(rel(fit.d.value, 7.79296)).toBeLessThan(1e-4);
    expect(rel(fit.e.value, 3.05795)).toBeLessThan(1e-4);
    expect(fit.df).toBe(20);
    expect(rel(fit.rse, 0.5196256)).toBeLessThan(1e-6);
    expect(rel(fit.e.lower, 2.67053)).toBeLessThan(0.02);
    expect(rel(fit.e.upper, 3.44538)).toBeLessThan(0.02);
    expect(fit.censored).toBeNull();
  });

  it('t quantile on 20 df is R qt(0.975, 20)', () => {
    expect(tQuantile(0.975, 20)).toBeCloseTo(2.085963447, 8);
    expect(tQuantile(0.975, 1)).toBeCloseTo(12.70620474, 6);
  });

  it('recovers a curve from replicates taken as points and censors an IC50 beyond the range', () => {
    const truth = { b: 1.2, c: 2, d: 98, e: 15 };
    const xs: number[] = [];
    const ys: number[] = [];
    for (let k = 0; k < 10; k++) {
      const x = 10 / 3 ** k;
      // two replicates, one above and one below the curve
      xs.push(x, x);
      ys.push(fourPl(truth, x) + 0.5, fourPl(truth, x) - 0.5);
    }
    const fit = fitFourPl(xs, ys);
    if (!fit.ok) throw new Error(fit.message);
    expect(rel(fit.e.value, 15)).toBeLessThan(1e-6);
    expect(rel(fit.b.value, 1.2)).toBeLessThan(1e-6);
    expect(fit.censored).toBe('>');
  });

  it('says so when there is no curve', () => {
    const xs = [1, 2, 4, 8, 16, 32];
    const fit = fitFourPl(xs, [5, 5, 5, 5, 5, 5]);
    expect(fit.ok).toBe(false);
    expect(fitFourPl([1, 2, 3], [1, 2, 3]).ok).toBe(false);
  });
});
