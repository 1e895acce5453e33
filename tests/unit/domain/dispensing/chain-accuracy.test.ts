/**
 * Accuracy along a chain of dilutions, on the 10-point 3-fold series of
 * acoustic-series.test.ts (10 mM in DMSO, 2.5 nL droplets into 5 uL). Each working stock is
 * made from the one before. A factor f = (A + B) / A made from A of source and B of diluent
 * is off by B / (A + B) * sqrt(eA^2 + eB^2), and the steps add in quadrature. A droplet
 * transfer of 10 nL or more is good (2 %), under 10 nL moderate (5 %).
 *
 * Before, on a chain of 1:10 steps (the least volumes, 0.5 uL of source, under 2 uL: poor,
 * 10 %; 4.5 uL of DMSO, moderate, 5 %): each step 0.9 x sqrt(10^2 + 5^2) = 10.06 %; 1:10
 * 10.06 %, 1:100 14.23 %, 1:1000 17.43 %, 1:10000 20.12 %, so a 1:10000 point of 27
 * droplets is sqrt(20.12^2 + 2^2) = 20.22 %, poor.
 *
 * Then, each working stock made from the one before (the least made), in a pipette's good
 * band (10 uL to 90 uL, 1 % each), with 1:15 (A2) and 1:135 (A4) made for their targets
 * beside 1:100, 1:1000 and 1:10000: stock -> 1:15 -> 1:100 -> 1:135 -> 1:1000 -> 1:10000,
 * five preparations, 2.537 % on the 1:10000 and 3.23 % on its 27-droplet point (11 steps).
 *
 * After: each working stock is made in the fewest good-band preparations from the stock
 * (10 uL and more, at most 1 mL made: at most 1:100 a step), the least made on a tie:
 *   1:15    from the stock: 10 + 140 uL,  140/150 x sqrt(2)  = 1.320 %, chain 1.320 %
 *   1:100   from the stock: 10 + 990 uL,  0.99 x sqrt(2)     = 1.400 %, chain 1.400 %
 *   1:135   from 1:100:     30 + 10.5 uL, 10.5/40.5 x sqrt(2) = 0.367 %, chain 1.447 %
 *           (from 1:15, also two steps, would be 10 + 80 uL: 90 uL made, not 40.5)
 *   1:1000  from 1:100:     10 + 90 uL,   0.9 x sqrt(2)      = 1.273 %, chain 1.892 %
 *           (from the stock would be 10 uL in 10 mL, past the 1 mL of a tube)
 *   1:10000 from 1:100:     10 + 990 uL,  0.99 x sqrt(2)     = 1.400 %, chain 1.980 %
 *           (two 1:100 steps, not three: 2.537 % before)
 * and each point adds its own transfer:
 *   A1  the stock, 2 droplets (5 nL, moderate): 5 %, within the 5 % tolerance, good
 *   A2  1:15,   10 droplets: sqrt(1.320^2 + 2^2) = 2.40 %, good (3 pipetted steps)
 *   A4  1:135,  10 droplets: sqrt(1.447^2 + 2^2) = 2.47 %, good (5 steps; 2.71 % before)
 *   A7  1:10000, 27 droplets: sqrt(1.980^2 + 2^2) = 2.81 %, good (5 steps; 3.23 % before)
 *   A10 1:10000,  1 droplet: sqrt(1.980^2 + 5^2) = 5.38 %, moderate: outside the 5 %
 *       tolerance (the droplet's own 5 %), so a warning, as is A9 (3 droplets, 7.5 nL).
 */
import { describe, expect, it } from 'vitest';
import { chainOf, preparationErrors } from '../../../../src/domain/dispensing/chain-accuracy';
import { intermediatesOf } from '../../../../src/domain/dispensing/intermediates';
import { planDispense } from '../../../../src/domain/dispensing/plan';
import { plateDefn } from '../../../../src/domain/plate-format';
import { BENCH, designWells, SERIES_NM } from './fixtures';

const defn = plateDefn(1536);
/** The error of a working stock made from a uL of source and b uL of diluent, 1 % each. */
const step = (a: number, b: number) => (b / (a + b)) * Math.hypot(1, 1);
const ids = SERIES_NM.map((_, k) => `A${k + 1}`);

/** The series as the designer sets it, planned by the dispense plan with no settings. */
function plan() {
  const set = Object.fromEntries(
    ids.map((id, k) => [id, [{ slug: 'cpd', target_nM: SERIES_NM[k] }]]),
  );
  return planDispense(defn, designWells(defn, set, 5, {}), BENCH, {});
}

describe('accuracy along a chain of dilutions', () => {
  const p = plan();
  const point = (well: string) => p.points.find((x) => x.well === well && x.reagent === 'cpd')!;
  const poorStep = 0.9 * Math.hypot(10, 5);
  const goodStep = 0.9 * Math.hypot(1, 1);

  it('before: the least volumes (0.5 uL of source) put the lowest points at about 21 %', () => {
    const needs = new Map([10, 100, 1000, 10000].map((f) => [f, 1] as [number, number]));
    const least = intermediatesOf('cpd', 10_000_000, needs, 'DMSO').intermediates;
    expect(least.map((i) => [i.factor, i.from_uL, i.diluent_uL])).toEqual([
      [10, 0.5, 4.5],
      [100, 0.5, 4.5],
      [1000, 0.5, 4.5],
      [10000, 0.5, 4.5],
    ]);
    const chain = chainOf(preparationErrors(least).get('cpd'), 10000);
    expect(chain.pct).toBeCloseTo(2 * poorStep, 9);
    expect(chain.pct).toBeCloseTo(20.12, 2);
    expect(chain.poorSteps).toBe(4);
  });

  it('after: the plan prepares in the fewest good-band steps and says the band of each point', () => {
    expect(p.intermediates.map((i) => [i.factor, i.from_uL, i.diluent_uL])).toEqual([
      [15, 10, 140],
      [100, 10, 990],
      [135, 30, 10.5],
      [1000, 10, 90],
      [10000, 10, 990],
    ]);
    // 1:15 and 1:100 from the stock, the others from the 1:100
    expect(p.intermediates.map((i) => 1e7 / i.from_concentration)).toEqual([1, 1, 100, 100, 100]);
    const c100 = step(10, 990);
    const chains = preparationErrors(p.intermediates).get('cpd')!;
    expect(chainOf(chains, 100).pct).toBeCloseTo(1.4, 3);
    expect(chainOf(chains, 135).pct).toBeCloseTo(Math.hypot(c100, step(30, 10.5)), 9);
    expect(chainOf(chains, 135).pct).toBeCloseTo(1.447, 3);
    expect(chainOf(chains, 1000).pct).toBeCloseTo(Math.hypot(c100, goodStep), 9);
    expect(chainOf(chains, 1000).pct).toBeCloseTo(1.892, 3);
    expect(chainOf(chains, 10000)).toMatchObject({ steps: 4, poorSteps: 0 });
    expect(chainOf(chains, 10000).pct).toBeCloseTo(1.98, 9);
    expect(point('A1')).toMatchObject({ factor: 1, steps: 1, band: 'moderate', status: 'good' });
    expect(point('A1').error_pct).toBeCloseTo(5, 2);
    expect(point('A2')).toMatchObject({ factor: 15, steps: 3, band: 'good', status: 'good' });
    expect(point('A2').error_pct).toBeCloseTo(Math.hypot(step(10, 140), 2), 2);
    expect(point('A2').error_pct).toBeCloseTo(2.4, 2);
    expect(point('A4')).toMatchObject({ factor: 135, steps: 5, band: 'good', status: 'good' });
    expect(point('A4').error_pct).toBeCloseTo(2.47, 2);
    expect(point('A7')).toMatchObject({ factor: 10000, steps: 5, band: 'good', status: 'good' });
    expect(point('A7').error_pct).toBeCloseTo(2.81, 2);
    expect(point('A10')).toMatchObject({
      factor: 10000,
      steps: 5,
      band: 'moderate',
      status: 'warning',
    });
    expect(point('A10').error_pct).toBeCloseTo(5.38, 2);
    // every point is dispensed, A4 from the working stock made for it
    expect(p.unmet).toEqual([]);
    expect(p.points).toHaveLength(10);
    expect(p.points.filter((x) => x.status === 'warning').map((x) => x.well)).toEqual([
      'A9',
      'A10',
    ]);
  });

  it('before: made each from the one before, the 1:10000 point read 3.23 % over 11 steps', () => {
    // the same needs, each made from the nearest less diluted one (intermediatesOf without the
    // band preference takes the least volumes, so the chain is worked from the volumes the
    // plan used to prepare)
    const before = [
      { factor: 15, from: 1, a: 10, b: 140 },
      { factor: 100, from: 15, a: 10.2, b: 57.8 },
      { factor: 135, from: 100, a: 30, b: 10.5 },
      { factor: 1000, from: 135, a: 10.8, b: 69.2 },
      { factor: 10000, from: 1000, a: 10, b: 90 },
    ].map(({ factor, from, a, b }) => ({
      reagent: 'cpd',
      concentration: 1e7 / factor,
      factor,
      from_concentration: 1e7 / from,
      from_uL: a,
      diluent: 'DMSO',
      diluent_uL: b,
      total_uL: a + b,
    }));
    const chain = chainOf(preparationErrors(before).get('cpd'), 10000);
    expect(chain.steps).toBe(10);
    expect(chain.pct).toBeCloseTo(2.537, 3);
    expect(Math.hypot(chain.pct, 2)).toBeCloseTo(3.23, 2);
    // fewer steps: 1.98 % on the 1:10000, 2.81 % on its 27-droplet point
    expect(chainOf(preparationErrors(p.intermediates).get('cpd'), 10000).pct).toBeLessThan(
      chain.pct - 0.5,
    );
  });

  it('warns of the points the chain puts outside their tolerance', () => {
    expect(p.warnings).toContain(
      '2 points are fed from working stocks whose preparation errors and their own transfer ' +
        "add up past the target's tolerance (up to ±5.4 % at A9, 5 pipetted steps from the " +
        'stock): fewer dilution steps or larger transfers would keep them good.',
    );
  });
});
