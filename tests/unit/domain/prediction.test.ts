import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import {
  DEFAULT_TOLERANCE_PCT,
  STATUS,
  effectiveTolerance,
  errorPct,
  predictNM,
  statusName,
  statusOfError,
  targetStatus,
} from '../../../src/domain/prediction';

describe('predicted concentration', () => {
  it('is S * v / V: 10 mM stock, 0.5 uL in 50 uL is 100 uM', () => {
    expect(predictNM(10_000_000, 0.5, 50)).toBe(100_000);
  });

  it('is S * v / V: 10 uM stock, 10 uL in 100 uL is 1 uM', () => {
    expect(predictNM(10_000, 10, 100)).toBe(1000);
  });

  it('has no prediction without a stock or with an empty well', () => {
    expect(predictNM(null, 1, 50)).toBeNaN();
    expect(predictNM(Number.NaN, 1, 50)).toBeNaN();
    expect(predictNM(1000, 1, 0)).toBeNaN();
    expect(predictNM(1000, 0, 0)).toBeNaN();
  });

  it('never exceeds the stock (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e9, noNaN: true }),
        // volumes a plate can hold: 0 or at least a picolitre (subnormal doubles lose the
        // precision of S * v / V and say nothing about the formula)
        fc.oneof(fc.constant(0), fc.double({ min: 1e-6, max: 100, noNaN: true })),
        fc.oneof(fc.constant(0), fc.double({ min: 1e-6, max: 100, noNaN: true })),
        (s, v, rest) => {
          const V = v + rest;
          fc.pre(V > 0);
          expect(predictNM(s, v, V)).toBeLessThanOrEqual(s * (1 + 1e-12));
        },
      ),
    );
  });
});

describe('error and status', () => {
  it('computes the signed percent error', () => {
    expect(errorPct(105, 100)).toBe(5);
    expect(errorPct(90, 100)).toBe(-10);
    expect(errorPct(100_000, 100_000)).toBe(0);
    expect(errorPct(Number.NaN, 100)).toBeNaN();
    expect(errorPct(100, null)).toBeNaN();
    expect(errorPct(100, 0)).toBeNaN();
  });

  it('grades against a 5 % default tolerance', () => {
    expect(DEFAULT_TOLERANCE_PCT).toBe(5);
    expect(statusOfError(0)).toBe(STATUS.GOOD);
    expect(statusOfError(5)).toBe(STATUS.GOOD);
    expect(statusOfError(-5)).toBe(STATUS.GOOD);
    expect(statusOfError(5.01)).toBe(STATUS.WARNING);
    expect(statusOfError(10)).toBe(STATUS.WARNING);
    expect(statusOfError(-10)).toBe(STATUS.WARNING);
    expect(statusOfError(10.01)).toBe(STATUS.ERROR);
    expect(statusOfError(-50)).toBe(STATUS.ERROR);
  });

  it('honours a given tolerance', () => {
    expect(statusOfError(15, 20)).toBe(STATUS.GOOD);
    expect(statusOfError(3, 2)).toBe(STATUS.WARNING);
    expect(statusOfError(4.5, 2)).toBe(STATUS.ERROR);
    expect(effectiveTolerance(0)).toBe(5);
    expect(effectiveTolerance(null)).toBe(5);
    expect(effectiveTolerance(Number.NaN)).toBe(5);
    expect(effectiveTolerance(2)).toBe(2);
  });

  it('grades a target end to end', () => {
    // 10 mM stock, 0.5 uL in 50 uL = 100 uM against 95 uM: +5.26 % -> warning
    const pred = predictNM(10_000_000, 0.5, 50);
    expect(targetStatus(pred, 100_000, 5, 50)).toBe(STATUS.GOOD);
    expect(targetStatus(pred, 95_000, 5, 50)).toBe(STATUS.WARNING);
    expect(targetStatus(pred, 80_000, 5, 50)).toBe(STATUS.ERROR);
    expect(targetStatus(predictNM(105, 1, 1), 100, undefined, 1)).toBe(STATUS.GOOD);
    expect(targetStatus(predictNM(110, 1, 1), 100, undefined, 1)).toBe(STATUS.WARNING);
    expect(targetStatus(predictNM(111, 1, 1), 100, undefined, 1)).toBe(STATUS.ERROR);
  });

  it('is unknown without a stock and none for an empty well or no target', () => {
    expect(targetStatus(predictNM(null, 1, 50), 1000, 5, 50)).toBe(STATUS.UNKNOWN);
    expect(targetStatus(Number.NaN, 1000, 5, 0)).toBe(STATUS.EMPTY);
    expect(targetStatus(500, null, 5, 50)).toBe(STATUS.EMPTY);
    expect(statusName(STATUS.UNKNOWN)).toBe('unknown');
    expect(statusName(STATUS.EMPTY)).toBe('none');
    expect(statusName(STATUS.ERROR)).toBe('error');
  });

  it('treats a 0 nM target as a blank', () => {
    expect(targetStatus(0, 0, 5, 50)).toBe(STATUS.GOOD);
    expect(targetStatus(1, 0, 5, 50)).toBe(STATUS.ERROR);
  });

  it('orders statuses so that the worst is the largest code', () => {
    expect(STATUS.ERROR > STATUS.WARNING && STATUS.WARNING > STATUS.GOOD).toBe(true);
    expect(STATUS.GOOD > STATUS.UNKNOWN && STATUS.UNKNOWN > STATUS.EMPTY).toBe(true);
  });
});
