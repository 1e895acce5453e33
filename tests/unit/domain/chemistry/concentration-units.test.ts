import { describe, expect, it } from 'vitest';
import {
  targetBoundProblem,
  canonicalStockOf,
  fromNanomolarAny,
  parseAnyConcentration,
  parseAnyConcentrationUnit,
  toNanomolarAny,
} from '../../../../src/domain/chemistry/concentration-units';

describe('concentration units', () => {
  it('converts mass units through the molecular weight: c (nM) = 1000 c (ng/mL) / MW', () => {
    // 50 ng/mL of a 50 kDa protein: 1000 x 50 / 50000 = 1 nM
    expect(toNanomolarAny(50, 'ng/mL', 50_000)).toBe(1);
    // 1 mg/mL of a 500 g/mol compound: 1e6 ng/mL x 1000 / 500 = 2e6 nM = 2 mM
    expect(toNanomolarAny(1, 'mg/mL', 500)).toBe(2e6);
    // 10 ug/mL of NaCl (58.44 g/mol) = 171.1 uM
    expect(toNanomolarAny(10, 'ug/mL', 58.44)).toBeCloseTo(171_115.67, 1);
    // 0.9 % w/v NaCl = 9 g/L / 58.44 = 154 mM
    expect(toNanomolarAny(0.9, '% w/v', 58.44) / 1e6).toBeCloseTo(154.0, 1);
  });

  it('keeps a biological without molecular weight in mass units', () => {
    expect(toNanomolarAny(50, 'ng/mL', null)).toBeNaN();
    expect(fromNanomolarAny(1, 'ng/mL', undefined)).toBeNaN();
  });

  it('converts pM and back', () => {
    expect(toNanomolarAny(500, 'pM')).toBe(0.5);
    expect(fromNanomolarAny(0.5, 'pM')).toBe(500);
    expect(fromNanomolarAny(1, 'ng/mL', 50_000)).toBe(50);
  });

  it('never makes % v/v or cells/mL molar', () => {
    expect(toNanomolarAny(1, '%')).toBeNaN();
    expect(toNanomolarAny(1e6, 'cells/mL')).toBeNaN();
  });

  it('parses what people write', () => {
    expect(parseAnyConcentrationUnit('µg/ml')).toBe('ug/mL');
    expect(parseAnyConcentrationUnit('mg/mL')).toBe('mg/mL');
    expect(parseAnyConcentrationUnit('% (w/v)')).toBe('% w/v');
    expect(parseAnyConcentrationUnit('% v/v')).toBe('%');
    expect(parseAnyConcentrationUnit('pM')).toBe('pM');
    expect(parseAnyConcentrationUnit('mM')).toBe('mM');
    expect(parseAnyConcentrationUnit('M')).toBe('M');
    expect(parseAnyConcentrationUnit('cells/mL')).toBe('cells/mL');
    expect(parseAnyConcentrationUnit('kg')).toBeUndefined();
    expect(parseAnyConcentration('50 ng/mL')).toEqual({ value: 50, unit: 'ng/mL' });
  });

  it('reads ng/uL as ug/mL and ug/uL as mg/mL', () => {
    expect(parseAnyConcentrationUnit('ng/µL')).toBe('ug/mL');
    expect(parseAnyConcentrationUnit('ug/ul')).toBe('mg/mL');
  });

  it('keeps a bench stock canonically: molar through the weight, else in ng/mL', () => {
    // an IgG: 1.5 mg/mL / 150 000 g/mol = 1e-5 M = 10 000 nM
    expect(canonicalStockOf(1.5, 'mg/mL', 150_000)).toEqual({
      stock_nM: 10_000,
      stock_pct: null,
      stock_ng_per_mL: null,
    });
    // no molecular weight: 50 ug/mL is 50 000 ng/mL, never molar
    expect(canonicalStockOf(50, 'ug/mL', null)).toEqual({
      stock_nM: null,
      stock_pct: null,
      stock_ng_per_mL: 50_000,
    });
    expect(canonicalStockOf(10, 'mM')).toEqual({
      stock_nM: 1e7,
      stock_pct: null,
      stock_ng_per_mL: null,
    });
    expect(canonicalStockOf(100, '%').stock_pct).toBe(100);
    expect(canonicalStockOf(1e6, 'cells/mL')).toEqual({
      stock_nM: null,
      stock_pct: null,
      stock_ng_per_mL: null,
    });
    expect(canonicalStockOf(Number.NaN, 'ug/mL').stock_ng_per_mL).toBeNull();
  });

  it('refuses a target past 1e15 nM (1e6 M) or past what a number holds, in plain words', () => {
    expect(targetBoundProblem(1e15)).toBeNull();
    expect(targetBoundProblem(5000)).toBeNull();
    expect(targetBoundProblem(Number.NaN)).toBeNull();
    expect(targetBoundProblem(1e308)).toBe(
      'That target (1.00e+308 nM) is more than any solution holds: enter one of at most 1e15 nM (1,000,000 M).',
    );
    // 1e308 uM is Infinity nM
    expect(targetBoundProblem(1e308 * 1000)).toBe(
      'That target (more than a number can hold) is more than any solution holds: enter one of at most 1e15 nM (1,000,000 M).',
    );
  });
});
