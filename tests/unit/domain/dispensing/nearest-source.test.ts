/**
 * The source that puts a point nearest its target, when droplets allow, on the 3-fold series
 * of acoustic-series.test.ts (10 mM in DMSO, 2.5 nL droplets into 5 uL, tolerance 5 %),
 * planned as a `set` plans it (plan-volume.ts, through planWellTargets):
 *   3333.3 nM: the 1:10 (1 mM) source takes 16.7 nL -> 7 droplets, 17.5 nL: 3500 nM in 5 uL,
 *     +5.0 %, past 4/5 of the tolerance. A source made for it: 10 droplets (50 / 5 %), 3333.3 x
 *     5 uL / 25 nL = 666.7 uM, 1:15: 3333.3 nM, 0 %. Taken.
 *   41.15 nM: the 1:1000 (10 uM) source, 8 droplets: 40 nM, -2.8 %, within 4/5 of the
 *     tolerance: kept (no working stock more, and its pipetting error).
 */
import { describe, expect, it } from 'vitest';
import { planWellTargets } from '../../../../src/domain/dispensing/well-targets';
import { planVolumeFor } from '../../../../src/domain/plate/plan-volume';
import { plateDefn } from '../../../../src/domain/plate-format';
import { BENCH, SERIES_NM } from './fixtures';

const plan = planVolumeFor(plateDefn(1536), BENCH, {});
const request = (target_nM: number) => ({
  well: 'A1',
  reagent: 'cpd',
  target_nM,
  wellVolume_uL: 0,
});

describe('the source nearest the target', () => {
  it('before: the round 1:10 source lands 3.33 uM at +5.0 % (7 droplets)', () => {
    const round = planWellTargets(
      { volume_uL: 5, vehicle: null, targets: [{ slug: 'cpd', target_nM: SERIES_NM[1] }] },
      BENCH,
      1536,
      {},
    ).targets.cpd;
    expect(round.dilution).toBe(10);
    expect(round.volume_uL).toBeCloseTo(7 * 0.0025, 12);
    expect(((1e6 * round.volume_uL) / 5 / SERIES_NM[1] - 1) * 100).toBeCloseTo(5, 9);
  });

  it('after: a 1:15 source made for it, 10 droplets, 0 %', () => {
    const made = plan(request(SERIES_NM[1]));
    expect(made).toEqual({ ok: true, volume_uL: 0.025, dilution: 15 });
    expect(((1e7 / 15) * 0.025) / 5).toBeCloseTo(SERIES_NM[1], 9);
  });

  it('keeps a round source within 4/5 of the tolerance: 41.15 nM from 1:1000, -2.8 %', () => {
    const kept = plan(request(SERIES_NM[5]));
    expect(kept).toMatchObject({ ok: true, dilution: 1000 });
    if (!kept.ok) return;
    expect(kept.volume_uL).toBeCloseTo(8 * 0.0025, 12);
  });
});
