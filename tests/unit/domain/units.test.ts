import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import {
  MOLAR_UNITS,
  canonicalStock,
  fromNanomolar,
  ionicStrengthToMillimolar,
  isMolarUnit,
  parseConcentration,
  parseConcentrationUnit,
  parseVolumeUnit,
  toMicrolitres,
  toNanogramsPerMl,
  AMOUNT_UNIT_SPELLING,
  toMolar,
  toNanomolar,
} from '../../../src/domain/units';

const positive = fc.double({ min: 1e-6, max: 1e9, noNaN: true, noDefaultInfinity: true });

describe('concentration conversions', () => {
  it('converts to nM by hand', () => {
    expect(toNanomolar(10, 'mM')).toBe(10_000_000);
    expect(toNanomolar(1, 'uM')).toBe(1000);
    expect(toNanomolar(2.5, 'nM')).toBe(2.5);
    expect(toNanomolar(1, 'M')).toBe(1e9);
    expect(fromNanomolar(1500, 'uM')).toBe(1.5);
    expect(fromNanomolar(1e9, 'M')).toBe(1);
  });

  it('converts to molar exactly at the 1.0 M boundary', () => {
    expect(toMolar(1000, 'mM')).toBe(1);
    expect(toMolar(1_000_000, 'uM')).toBe(1);
    expect(toMolar(1e9, 'nM')).toBe(1);
    expect(toMolar(10_000, 'uM')).toBe(0.01);
  });

  it('round-trips every molar unit through nM (property)', () => {
    fc.assert(
      fc.property(positive, fc.constantFrom(...MOLAR_UNITS), (v, unit) => {
        const back = fromNanomolar(toNanomolar(v, unit), unit);
        expect(Math.abs(back - v) / v).toBeLessThan(1e-12);
      }),
    );
  });

  it('agrees between toMolar and toNanomolar (property)', () => {
    fc.assert(
      fc.property(positive, fc.constantFrom(...MOLAR_UNITS), (v, unit) => {
        const m = toMolar(v, unit);
        expect(Math.abs(m * 1e9 - toNanomolar(v, unit)) / toNanomolar(v, unit)).toBeLessThan(1e-12);
      }),
    );
  });
});

describe('volume conversions', () => {
  it('converts by hand', () => {
    expect(toMicrolitres(2.5, 'nL')).toBe(0.0025);
    expect(toMicrolitres(1, 'mL')).toBe(1000);
  });
});

describe('unit parsing', () => {
  it('accepts micro sign, Greek mu and u', () => {
    expect(parseConcentrationUnit('µM')).toBe('uM');
    expect(parseConcentrationUnit('\u03bcM')).toBe('uM');
    expect(parseConcentrationUnit('uM')).toBe('uM');
    expect(parseConcentrationUnit(' UM ')).toBe('uM');
    expect(parseVolumeUnit('µL')).toBe('uL');
    expect(parseVolumeUnit('ul')).toBe('uL');
    expect(parseVolumeUnit('nL')).toBe('nL');
    expect(parseVolumeUnit('ML')).toBe('mL');
  });

  it('keeps mM and M apart and reads % forms', () => {
    expect(parseConcentrationUnit('mM')).toBe('mM');
    expect(parseConcentrationUnit('M')).toBe('M');
    expect(parseConcentrationUnit('nM')).toBe('nM');
    expect(parseConcentrationUnit('%')).toBe('%');
    expect(parseConcentrationUnit('% (v/v)')).toBe('%');
    expect(parseConcentrationUnit('%v/v')).toBe('%');
    expect(parseConcentrationUnit('mol/L')).toBe('M');
  });

  it('refuses ambiguous or unknown units', () => {
    expect(parseConcentrationUnit('mm')).toBeUndefined();
    expect(parseConcentrationUnit('m')).toBeUndefined();
    expect(parseConcentrationUnit('mg/mL')).toBeUndefined();
    expect(parseConcentrationUnit('')).toBeUndefined();
    expect(parseVolumeUnit('L')).toBeUndefined();
    expect(isMolarUnit('%')).toBe(false);
    expect(isMolarUnit('mM')).toBe(true);
  });

  it('parses quantities', () => {
    expect(parseConcentration('10 mM')).toEqual({ value: 10, unit: 'mM' });
    expect(parseConcentration('2.5µM')).toEqual({ value: 2.5, unit: 'uM' });
    expect(parseConcentration('0.1 %')).toEqual({ value: 0.1, unit: '%' });
    expect(parseConcentration('1e3 nM')).toEqual({ value: 1000, unit: 'nM' });
    expect(parseConcentration('ten mM')).toBeUndefined();
    expect(parseConcentration('10 furlongs')).toBeUndefined();
  });

  it('round-trips a formatted quantity through the parser (property)', () => {
    fc.assert(
      fc.property(positive, fc.constantFrom('nM', 'µM', 'uM', 'mM', 'M', '%'), (v, label) => {
        const parsed = parseConcentration(`${v} ${label}`);
        expect(parsed?.value).toBe(v);
        expect(parsed?.unit).toBe(parseConcentrationUnit(label));
      }),
    );
  });
});

describe('canonical stock', () => {
  it('keeps % stocks as % and converts molar stocks to nM', () => {
    expect(canonicalStock(100, '%')).toEqual({ stock_nM: null, stock_pct: 100 });
    expect(canonicalStock(10, 'mM')).toEqual({ stock_nM: 10_000_000, stock_pct: null });
    expect(canonicalStock(null, 'mM')).toEqual({ stock_nM: null, stock_pct: null });
    expect(canonicalStock(Number.NaN, 'mM')).toEqual({ stock_nM: null, stock_pct: null });
    expect(canonicalStock(5, null)).toEqual({ stock_nM: null, stock_pct: null });
  });

  it('converts ionic strength to mM', () => {
    expect(ionicStrengthToMillimolar(0.15, 'M')).toBe(150);
    expect(ionicStrengthToMillimolar(150, 'mM')).toBe(150);
    expect(ionicStrengthToMillimolar(null, 'mM')).toBeNull();
  });
});

describe('the unit words of requests', () => {
  it('converts a mass per volume to ng/mL', () => {
    expect(toNanogramsPerMl(5, 'ug', 'mL')).toBe(5000);
    expect(toNanogramsPerMl(5, 'µg', 'ml')).toBe(5000);
    expect(toNanogramsPerMl(1, 'mg', 'L')).toBe(1000);
    expect(toNanogramsPerMl(10, 'ng', 'uL')).toBe(10_000);
    expect(toNanogramsPerMl(2, 'g', 'L')).toBe(2e6);
  });

  it('ends an amount with any spelling of a unit, and nothing else', () => {
    const ends = new RegExp(String.raw`^\d+\s*${AMOUNT_UNIT_SPELLING}$`);
    for (const a of [
      '10 nM',
      '10 um',
      '10µM',
      '1 mm',
      '3 M',
      '5 pM',
      '2 nanomolar',
      '0 %',
      '10 umol/L',
      '1 mol/l',
    ])
      expect(a).toMatch(ends);
    for (const a of ['2 uL', '2 UL', '5 ml', '3 microlitres', '1 nL']) expect(a).toMatch(ends);
    for (const a of ['10 uMx', '3 fold', '2 wells', '5 mg']) expect(a).not.toMatch(ends);
  });
});
