/**
 * Accuracy along a chain of dilutions, on the 10-point 3-fold series of
 * acoustic-series.test.ts (10 mM in DMSO, 2.5 nL droplets into 5 uL). Its sources 1:10 to
 * 1:10000 are each made from the one before with 0.5 uL (under 2 uL: poor, 10 %) and
 * 4.5 uL of DMSO (moderate, 5 %). A factor f = (A + B) / A made so is off by
 * B / (A + B) * sqrt(eA^2 + eB^2) = 0.9 x sqrt(10^2 + 5^2) = 10.06 %, and the steps add in
 * quadrature: 1:10 10.06 %, 1:100 14.23 %, 1:1000 17.43 %, 1:10000 20.12 %. A droplet
 * transfer of 10 nL or more is good (2 %), under 10 nL moderate (5 %):
 *   A1  1:10,    20 droplets: sqrt(10.06^2 + 2^2) = 10.26 %
 *   A7  1:10000, 27 droplets: sqrt(20.12^2 + 2^2) = 20.22 %
 *   A10 1:10000,  1 droplet:  sqrt(20.12^2 + 5^2) = 20.74 %: the lowest points, about
 *       +-21 %, four preparations (eight pipetted volumes, four of them under 2 uL) and
 *       the droplet from the stock; outside the 5 % tolerance, so not good.
 */
import { describe, expect, it } from 'vitest';
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
  const e = 0.9 * Math.hypot(10, 5);

  it('says the band of each point, its sources errors added in quadrature', () => {
    expect(p.intermediates.map((i) => [i.factor, i.from_uL, i.diluent_uL])).toEqual([
      [10, 0.5, 4.5],
      [100, 0.5, 4.5],
      [1000, 0.5, 4.5],
      [10000, 0.5, 4.5],
    ]);
    expect(point('A1')).toMatchObject({ factor: 10, steps: 3, band: 'poor', status: 'warning' });
    expect(point('A1').error_pct).toBeCloseTo(Math.hypot(e, 2), 2);
    expect(point('A1').error_pct).toBeCloseTo(10.26, 2);
    expect(point('A7').error_pct).toBeCloseTo(20.22, 2);
    expect(point('A10')).toMatchObject({
      factor: 10000,
      steps: 9,
      band: 'poor',
      status: 'warning',
    });
    expect(point('A10').error_pct).toBeCloseTo(Math.hypot(2 * e, 5), 2);
    expect(point('A10').error_pct).toBeCloseTo(20.74, 2);
    // the unmet point is not dispensed: no band for it
    expect(p.points.some((x) => x.well === 'A4')).toBe(false);
    expect(p.points).toHaveLength(9);
  });

  it('warns of the points the chain puts outside their tolerance', () => {
    expect(p.warnings).toContain(
      "9 points are fed from working stocks whose preparation errors add up past the target's " +
        'tolerance (up to ±21 % at A9, 9 pipetted steps from the stock): larger preparation ' +
        'volumes or fewer dilution steps would keep them good.',
    );
  });
});
