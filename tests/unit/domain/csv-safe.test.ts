import { describe, expect, it } from 'vitest';
import { looksLikeFormula, neutralizeCell, neutralizeRows } from '../../../src/domain/csv-safe';

describe('CSV formula neutralisation', () => {
  it('prefixes text starting with =, +, -, @, tab or CR with an apostrophe', () => {
    expect(neutralizeCell('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(neutralizeCell('+1')).toBe("'+1");
    expect(neutralizeCell('-2+3')).toBe("'-2+3");
    expect(neutralizeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutralizeCell('\tx')).toBe("'\tx");
    expect(neutralizeCell('\rx')).toBe("'\rx");
  });
  it('keeps numbers, ordinary text and empty cells as they are', () => {
    expect(neutralizeCell(-5)).toBe(-5);
    expect(neutralizeCell('A1')).toBe('A1');
    expect(neutralizeCell('a=b')).toBe('a=b');
    expect(neutralizeCell('')).toBe('');
    expect(looksLikeFormula(-1)).toBe(false);
    expect(neutralizeRows([['=1', 2, 'x']])).toEqual([["'=1", 2, 'x']]);
  });
});
