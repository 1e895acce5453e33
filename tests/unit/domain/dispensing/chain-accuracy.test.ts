/**
 * Accuracy along a chain of dilutions, on the 10-point 3-fold series of
 * acoustic-series.test.ts (10 mM in DMSO, 2.5 nL droplets into 5 uL). Its sources 1:10 to
 * 1:10000 are each made from the one before. A factor f = (A + B) / A made from A of source
 * and B of diluent is off by B / (A + B) * sqrt(eA^2 + eB^2), and the steps add in
 * quadrature. A droplet transfer of 10 nL or more is good (2 %), under 10 nL moderate (5 %).
 *
 * Before (the least volumes, 0.5 uL of source, under 2 uL: poor, 10 %; 4.5 uL of DMSO,
 * moderate, 5 %): each step 0.9 x sqrt(10^2 + 5^2) = 10.06 %; 1:10 10.06 %, 1:100 14.23 %,
 * 1:1000 17.43 %, 1:10000 20.12 %:
 *   A1  1:10,    20 droplets: sqrt(10.06^2 + 2^2) = 10.26 %, poor
 *   A7  1:10000, 27 droplets: sqrt(20.12^2 + 2^2) = 20.22 %, poor
 *   A10 1:10000,  1 droplet:  sqrt(20.12^2 + 5^2) = 20.74 %, poor
 * After (the plan's volumes in a pipette's good band, 10 uL to 90 uL, 1 % each): each step
 * 0.9 x sqrt(1^2 + 1^2) = 1.273 %; 1:10000 is 2 x 1.273 = 2.546 % in quadrature:
 *   A1  1:10,    20 droplets: sqrt(1.273^2 + 2^2) = 2.37 %, good
 *   A7  1:10000, 27 droplets: sqrt(2.546^2 + 2^2) = 3.24 %, good
 *   A10 1:10000,  1 droplet:  sqrt(2.546^2 + 5^2) = 5.61 %, moderate: still outside the 5 %
 *       tolerance (the droplet's own 5 %), so a warning, as is A9 (3 droplets, 7.5 nL).
 */
import { describe, expect, it } from 'vitest';
import { chainOf, preparationErrors } from '../../../../src/domain/dispensing/chain-accuracy';
import { intermediatesOf } from '../../../../src/domain/dispensing/intermediates';
import { planDispense } from '../../../../src/domain/dispensing/plan';
import { planPlateTargets } from '../../../../src/domain/dispensing/well-targets';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { WireWells } from '../../../../src/domain/plate-wire';
import { BENCH, SERIES_NM } from './fixtures';

const defn = plateDefn(1536);
const ids = SERIES_NM.map((_, k) => `A${k + 1}`);

function plan(settings: Parameters<typeof planPlateTargets>[3]) {
  const requests = Object.fromEntries(
    ids.map((id, k) => [
      id,
      { volume_uL: 5, vehicle: 'media', targets: [{ slug: 'cpd', target_nM: SERIES_NM[k] }] },
    ]),
  );
  const planned = planPlateTargets(requests, BENCH, 1536, settings);
  const wells: WireWells = {};
  for (const id of ids) wells[id] = { targets: planned[id].targets };
  return planDispense(defn, wells, BENCH, settings);
}

describe('accuracy along a chain of dilutions', () => {
  const p = plan({});
  const point = (well: string) => p.points.find((x) => x.well === well && x.reagent === 'cpd')!;
  const poorStep = 0.9 * Math.hypot(10, 5);
  const goodStep = 0.9 * Math.hypot(1, 1);

  it('before: the least volumes (0.5 uL of source) put the lowest points at about 21 %', () => {
    const needs = new Map(p.intermediates.map((i) => [i.factor, 1] as [number, number]));
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
      [10, 10, 90],
      [100, 10, 90],
      [1000, 10, 90],
      [10000, 10, 90],
    ]);
    expect(point('A1')).toMatchObject({ factor: 10, steps: 3, band: 'good', status: 'good' });
    expect(point('A1').error_pct).toBeCloseTo(Math.hypot(goodStep, 2), 2);
    expect(point('A1').error_pct).toBeCloseTo(2.37, 2);
    expect(point('A7')).toMatchObject({ factor: 10000, band: 'good', status: 'good' });
    expect(point('A7').error_pct).toBeCloseTo(3.24, 2);
    expect(point('A10')).toMatchObject({
      factor: 10000,
      steps: 9,
      band: 'moderate',
      status: 'warning',
    });
    expect(point('A10').error_pct).toBeCloseTo(Math.hypot(2 * goodStep, 5), 2);
    expect(point('A10').error_pct).toBeCloseTo(5.61, 2);
    // the unmet point is not dispensed: no band for it
    expect(p.points.some((x) => x.well === 'A4')).toBe(false);
    expect(p.points).toHaveLength(9);
    expect(p.points.filter((x) => x.status === 'warning').map((x) => x.well)).toEqual([
      'A9',
      'A10',
    ]);
  });

  it('warns of the points the chain puts outside their tolerance', () => {
    expect(p.warnings).toContain(
      '2 points are fed from working stocks whose preparation errors and their own transfer ' +
        "add up past the target's tolerance (up to ±6 % at A9, 9 pipetted steps from the " +
        'stock): fewer dilution steps or larger transfers would keep them good.',
    );
  });
});
