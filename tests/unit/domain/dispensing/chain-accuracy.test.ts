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
 * After: the wells designed as the product designs them (each its own best source; a
 * working stock made for a target no round source meets, or lands near its tolerance's edge)
 * use 1:15 (A2) and 1:135 (A4) beside 1:100, 1:1000 and 1:10000, prepared in a pipette's good
 * band (10 uL to 90 uL, 1 % each), each from the one before:
 *   1:15    from the stock: 10 + 140 uL,  140/150 x sqrt(2) = 1.320 %, chain 1.320 %
 *   1:100   from 1:15:   10.2 + 57.8 uL, 57.8/68 x sqrt(2)  = 1.202 %, chain 1.785 %
 *   1:135   from 1:100:    30 + 10.5 uL, 10.5/40.5 x sqrt(2) = 0.367 %, chain 1.822 %
 *   1:1000  from 1:135:  10.8 + 69.2 uL, 69.2/80 x sqrt(2)  = 1.223 %, chain 2.195 %
 *   1:10000 from 1:1000:   10 + 90 uL,   0.9 x sqrt(2)      = 1.273 %, chain 2.537 %
 * and each point adds its own transfer:
 *   A1  the stock, 2 droplets (5 nL, moderate): 5 %, within the 5 % tolerance, good
 *   A2  1:15,   10 droplets: sqrt(1.320^2 + 2^2) = 2.40 %, good (3 pipetted steps)
 *   A4  1:135,  10 droplets: sqrt(1.822^2 + 2^2) = 2.71 %, good (7 steps)
 *   A7  1:10000, 27 droplets: sqrt(2.537^2 + 2^2) = 3.23 %, good (11 steps)
 *   A10 1:10000,  1 droplet: sqrt(2.537^2 + 5^2) = 5.61 %, moderate: outside the 5 %
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

  it('after: the plan prepares in the good band and says the band of each point', () => {
    expect(p.intermediates.map((i) => [i.factor, i.from_uL, i.diluent_uL])).toEqual([
      [15, 10, 140],
      [100, 10.2, 57.8],
      [135, 30, 10.5],
      [1000, 10.8, 69.2],
      [10000, 10, 90],
    ]);
    const chain = [step(10, 140), step(10.2, 57.8), step(30, 10.5), step(10.8, 69.2), goodStep];
    const upTo = (n: number) => Math.hypot(...chain.slice(0, n));
    expect(point('A1')).toMatchObject({ factor: 1, steps: 1, band: 'moderate', status: 'good' });
    expect(point('A1').error_pct).toBeCloseTo(5, 2);
    expect(point('A2')).toMatchObject({ factor: 15, steps: 3, band: 'good', status: 'good' });
    expect(point('A2').error_pct).toBeCloseTo(Math.hypot(upTo(1), 2), 2);
    expect(point('A2').error_pct).toBeCloseTo(2.4, 2);
    expect(point('A4')).toMatchObject({ factor: 135, steps: 7, band: 'good', status: 'good' });
    expect(point('A4').error_pct).toBeCloseTo(Math.hypot(upTo(3), 2), 2);
    expect(point('A4').error_pct).toBeCloseTo(2.71, 2);
    expect(point('A7')).toMatchObject({ factor: 10000, steps: 11, band: 'good', status: 'good' });
    expect(point('A7').error_pct).toBeCloseTo(Math.hypot(upTo(5), 2), 2);
    expect(point('A7').error_pct).toBeCloseTo(3.23, 2);
    expect(point('A10')).toMatchObject({
      factor: 10000,
      steps: 11,
      band: 'moderate',
      status: 'warning',
    });
    expect(point('A10').error_pct).toBeCloseTo(Math.hypot(upTo(5), 5), 2);
    expect(point('A10').error_pct).toBeCloseTo(5.61, 2);
    // every point is dispensed, A4 from the working stock made for it
    expect(p.unmet).toEqual([]);
    expect(p.points).toHaveLength(10);
    expect(p.points.filter((x) => x.status === 'warning').map((x) => x.well)).toEqual([
      'A9',
      'A10',
    ]);
  });

  it('warns of the points the chain puts outside their tolerance', () => {
    expect(p.warnings).toContain(
      '2 points are fed from working stocks whose preparation errors and their own transfer ' +
        "add up past the target's tolerance (up to ±6 % at A9, 11 pipetted steps from the " +
        'stock): fewer dilution steps or larger transfers would keep them good.',
    );
  });
});
