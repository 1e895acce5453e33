import { describe, expect, it } from 'vitest';
import { benchStockLabel } from '../../../../src/panels/bench/bench-format';

describe('a bench stock as the panel shows it', () => {
  it('shows a mass stock in its unit, with the molarity its molecular weight gives', () => {
    // 1.5 mg/mL of a 150 kDa IgG: 10 uM, kept as stock_uM 10 and shown back as 1.5 mg/mL
    expect(
      benchStockLabel({
        stock_uM: 10,
        concentration_units: 'mg/mL',
        default_concentration_value: 1.5,
        molecular_weight_g_per_mol: 150_000,
      }),
    ).toBe('1.5 mg/mL (10.0 µM)');
  });

  it('keeps a mass stock without a molecular weight in mass units only', () => {
    expect(
      benchStockLabel({
        stock_uM: null,
        concentration_units: 'ug/mL',
        default_concentration_value: 50,
        molecular_weight_g_per_mol: null,
      }),
    ).toBe('50 µg/mL');
  });

  it('shows molar and % stocks as before', () => {
    const molar = { stock_uM: 10_000, concentration_units: 'mM', default_concentration_value: 10 };
    expect(benchStockLabel(molar)).toBe('10.0 mM');
    const pct = { stock_uM: null, concentration_units: '%', default_concentration_value: 100 };
    expect(benchStockLabel(pct)).toBe('100 %');
  });
});
