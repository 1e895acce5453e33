import { describe, expect, it } from 'vitest';
import { backfillVolumeUL, roundToStep } from '../../../../src/domain/dispensing/rounding';

describe('rounding to the instrument step', () => {
  it('1.3 nL is one 2.5 nL droplet (+92 %), 1.2 nL none; 13.3 nL is 5 droplets = 12.5 nL', () => {
    expect(roundToStep(0.0013, 0.0025)).toBe(0.0025);
    expect(roundToStep(0.0012, 0.0025)).toBe(0);
    expect(roundToStep(0.0133, 0.0025)).toBe(0.0125);
  });

  it('rounds 0.25 uL to 0.3 uL on a pipette (not 0.2 from float noise)', () => {
    expect(roundToStep(0.25, 0.1)).toBe(0.3);
  });

  it('backfills to p % of the final volume: b = (p V - s) / (1 - p)', () => {
    // 4.905 uL holding 5 nL DMSO, to 2 %: (0.0981 - 0.005) / 0.98 = 0.095 uL = 38 droplets
    expect(backfillVolumeUL(4.905, 0.005, 2, 0.0025)).toBeCloseTo(0.095, 12);
    // already above: nothing
    expect(backfillVolumeUL(5, 0.2, 2, 0.0025)).toBe(0);
  });

  it('rounds the backfill down, so that no well passes its percentage', () => {
    // 5.0025 uL holding 2.5 nL DMSO, to 2 %: (0.10005 - 0.0025) / 0.98 = 99.54 nL = 39.8
    // droplets; 40 (100 nL) made 102.5 nL in 5.1025 uL = 2.009 %, 39 make 100 / 5100 = 1.96 %
    const b = backfillVolumeUL(5.0025, 0.0025, 2, 0.0025);
    expect(b).toBeCloseTo(0.0975, 12);
    expect(((0.0025 + b) / (5.0025 + b)) * 100).toBeLessThanOrEqual(2);
  });
});
