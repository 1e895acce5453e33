import { describe, expect, it } from 'vitest';
import {
  BAND,
  BAND_RANGES,
  accuracyBand,
  accuracyLabel,
  bandCode,
  formatConcentration,
  formatVolume,
  volumeDecimals,
} from '../../../src/domain/accuracy';

describe('accuracy bands', () => {
  it('splits at 2 and 10 uL', () => {
    expect(accuracyBand(0.5)).toBe('poor');
    expect(accuracyBand(1.99)).toBe('poor');
    expect(accuracyBand(2)).toBe('moderate');
    expect(accuracyBand(9.99)).toBe('moderate');
    expect(accuracyBand(10)).toBe('good');
    expect(accuracyBand(0)).toBeUndefined();
    expect(bandCode(-1)).toBe(BAND.NONE);
    expect(bandCode(Number.NaN)).toBe(BAND.NONE);
    expect(bandCode(Number.POSITIVE_INFINITY)).toBe(BAND.NONE);
  });

  it('carries the spec labels', () => {
    expect(BAND_RANGES.poor).toBe('±10–20%');
    expect(BAND_RANGES.moderate).toBe('±5–10%');
    expect(accuracyLabel(1)).toBe('poor (±10–20%)');
    expect(accuracyLabel(5)).toBe('moderate (±5–10%)');
    expect(accuracyLabel(50)).toBe('good');
    expect(accuracyLabel(0)).toBe('');
  });
});

describe('display precision', () => {
  it('shows volumes with 2, 1 and 0 decimals at least, and as many as they need to be exact', () => {
    expect(volumeDecimals(0.5)).toBe(2);
    expect(volumeDecimals(5)).toBe(1);
    expect(volumeDecimals(50)).toBe(0);
    expect(formatVolume(0.5)).toBe('0.50 µL');
    expect(formatVolume(1.234)).toBe('1.234 µL');
    expect(formatVolume(5)).toBe('5.0 µL');
    expect(formatVolume(50)).toBe('50 µL');
    expect(formatVolume(0)).toBe('0.00 µL');
    // on the 0.1 uL step: 90.5 uL reads 90.5, not 91 (it said "50 µL" for 49.5)
    expect(formatVolume(90.5)).toBe('90.5 µL');
    expect(formatVolume(49.5)).toBe('49.5 µL');
    // a source fill of 1 uL dead + 67.5 nL, to 0.1 nL at most
    expect(formatVolume(1.0675)).toBe('1.0675 µL');
    expect(formatVolume(1 / 3)).toBe('0.3333 µL');
  });

  it('shows acoustic droplets in nL', () => {
    expect(formatVolume(0.0025)).toBe('2.5 nL');
    expect(formatVolume(0.005)).toBe('5 nL');
    // ten droplets are 25 nL, not "0.03 µL"; 39 are 97.5 nL
    expect(formatVolume(0.025)).toBe('25 nL');
    expect(formatVolume(0.0975)).toBe('97.5 nL');
    expect(formatVolume(0.1)).toBe('0.10 µL');
    expect(formatVolume(Number.NaN)).toBe('—');
  });

  it('auto-scales concentrations to nM, µM, mM and M', () => {
    expect(formatConcentration(500)).toBe('500 nM');
    expect(formatConcentration(1500)).toBe('1.50 µM');
    expect(formatConcentration(100_000)).toBe('100 µM');
    expect(formatConcentration(10_000_000)).toBe('10.0 mM');
    expect(formatConcentration(1e9)).toBe('1.00 M');
    expect(formatConcentration(0.5)).toBe('0.500 nM');
    expect(formatConcentration(0)).toBe('0 nM');
    expect(formatConcentration(Number.NaN)).toBe('—');
  });

  it('keeps 3 figures whatever the transfer volume: within 0.5 % of the value', () => {
    // droplet transfers (2.5-25 nL, a good band) were cut to one figure by the pipette's
    // rule under 2 uL: 368.5 nM read "400 nM", 13.6 nM "10 nM", a 1.52 nM target "2 nM"
    expect(formatConcentration(368.5, 0.0025)).toBe('369 nM');
    expect(formatConcentration(13.6, 0.01)).toBe('13.6 nM');
    expect(formatConcentration(1.5242, 0.0075)).toBe('1.52 nM');
    expect(formatConcentration(1540, 5)).toBe('1.54 µM');
    expect(formatConcentration(123_456, 1)).toBe('123 µM');
  });

  it('carries a rounding overflow into the next unit', () => {
    expect(formatConcentration(999.6)).toBe('1.00 µM');
    expect(formatConcentration(999.6, 1)).toBe('1.00 µM');
  });
});
