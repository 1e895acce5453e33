import { describe, expect, it } from 'vitest';
import { stockLimitM } from '../../../../src/domain/chemistry/stock-limits';
import { stockLimitError, stockLimitMessage } from '../../../../src/domain/stock-limit';

describe('stock limits by type', () => {
  it('holds compounds to 1.0 M', () => {
    expect(stockLimitM({ type: 'chemical' })).toBe(1);
    expect(stockLimitError(1.5, 'M', { type: 'compound' })).toBe(stockLimitMessage(1.5));
  });

  it('lets salts and buffers go to their solubility: 5 M NaCl is an ordinary stock', () => {
    expect(stockLimitError(5, 'M', { type: 'chemical', hasIons: true, solubilityM: 6.1 })).toBe(
      undefined,
    );
    expect(stockLimitError(2, 'M', { type: 'buffer' })).toBeUndefined(); // Tris 2 M
    expect(stockLimitError(7, 'M', { type: 'chemical', hasIons: true, solubilityM: 6.1 })).toBe(
      stockLimitMessage(7, 6.1),
    );
  });

  it('has no molar limit for solvents and media', () => {
    expect(stockLimitM({ type: 'solvent' })).toBe(Infinity);
    expect(stockLimitM({ type: 'media' })).toBe(Infinity);
  });

  it('takes a custom salt declared without ions to its solubility, not 1.0 M', () => {
    // potassium acetate 3 M, its ions not named
    expect(stockLimitError(3, 'M', { type: 'chemical' })).toBe(stockLimitMessage(3));
    expect(stockLimitError(3, 'M', { type: 'chemical', salt: true })).toBeUndefined();
    expect(stockLimitError(3, 'M', { type: 'chemical', salt: true, solubilityM: 2.5 })).toBe(
      stockLimitMessage(3, 2.5),
    );
  });

  it('judges a mass stock by its molarity through the molecular weight', () => {
    // 600 mg/mL of 500 g/mol: 6e8 ng/mL x 1000 / 500 = 1.2e9 nM = 1.2 M
    expect(stockLimitError(600, 'mg/mL', { type: 'chemical', molecularWeight: 500 })).toBe(
      stockLimitMessage(1.2),
    );
    expect(stockLimitError(400, 'mg/mL', { type: 'chemical', molecularWeight: 500 })).toBe(
      undefined,
    );
    // without a molecular weight a mass stock has no molarity to judge
    expect(stockLimitError(600, 'mg/mL', { type: 'other' })).toBeUndefined();
  });
});
