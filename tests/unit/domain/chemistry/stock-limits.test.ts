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
});
