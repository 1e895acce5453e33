import { describe, expect, it } from 'vitest';
import {
  MAX_STOCK_MOLARITY_M,
  stockLimitError,
  stockLimitMessage,
} from '../../../src/domain/stock-limit';

describe('stock limit', () => {
  it('is 1.0 M', () => {
    expect(MAX_STOCK_MOLARITY_M).toBe(1);
  });

  it('accepts exactly 1.0 M in every unit', () => {
    expect(stockLimitError(1, 'M')).toBeUndefined();
    expect(stockLimitError(1000, 'mM')).toBeUndefined();
    expect(stockLimitError(1_000_000, 'uM')).toBeUndefined();
    expect(stockLimitError(1e9, 'nM')).toBeUndefined();
  });

  it('refuses 1.0001 M with the exact message', () => {
    expect(stockLimitError(1.0001, 'M')).toBe(
      'Stock molarity cannot exceed 1.0 M (entered 1.0001 M). Please use a smaller concentration or different unit.',
    );
    expect(stockLimitError(1000.1, 'mM')).toBe(
      'Stock molarity cannot exceed 1.0 M (entered 1.0001 M). Please use a smaller concentration or different unit.',
    );
  });

  it('converts before comparing: 2000 mM is 2 M', () => {
    expect(stockLimitError(2000, 'mM')).toBe(stockLimitMessage(2));
    expect(stockLimitMessage(2)).toContain('(entered 2 M)');
    expect(stockLimitError(10_000, 'uM')).toBeUndefined();
  });

  it('never converts %', () => {
    expect(stockLimitError(100, '%')).toBeUndefined();
    expect(stockLimitError(5000, '%')).toBeUndefined();
  });

  it('leaves missing values to other rules', () => {
    expect(stockLimitError(null, 'M')).toBeUndefined();
    expect(stockLimitError(Number.NaN, 'M')).toBeUndefined();
    expect(stockLimitError(5, undefined)).toBeUndefined();
  });
});
