import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { PLATE_FORMATS, plateDefn } from '../../../src/domain/plate-format';
import {
  canonicalWellId,
  idOfIndex,
  indexOfWellId,
  parseWellId,
  rowIndex,
  rowLetter,
  wellId,
} from '../../../src/domain/well-id';

describe('row letters', () => {
  it('runs A..Z then AA..AF', () => {
    expect(rowLetter(0)).toBe('A');
    expect(rowLetter(25)).toBe('Z');
    expect(rowLetter(26)).toBe('AA');
    expect(rowLetter(31)).toBe('AF');
    expect(rowIndex('AF')).toBe(31);
    expect(rowIndex('aa')).toBe(26);
    expect(rowIndex('A1')).toBe(-1);
    expect(rowIndex('')).toBe(-1);
  });

  it('round-trips every row of a 1536 plate', () => {
    for (let r = 0; r < 32; r++) expect(rowIndex(rowLetter(r))).toBe(r);
  });
});

describe('well ids', () => {
  it('emits the canonical unpadded form', () => {
    expect(wellId(0, 0)).toBe('A1');
    expect(wellId(15, 23)).toBe('P24');
    expect(wellId(31, 47)).toBe('AF48');
  });

  it('indexes row-major', () => {
    const d96 = plateDefn(96);
    expect(idOfIndex(d96, 13)).toBe('B2');
    expect(idOfIndex(plateDefn(1536), 1535)).toBe('AF48');
    expect(idOfIndex(plateDefn(1536), 26 * 48)).toBe('AA1');
  });

  it('accepts padded and lower-case input and canonicalises it', () => {
    const d = plateDefn(1536);
    expect(canonicalWellId('A01', d)).toBe('A1');
    expect(canonicalWellId('a1', d)).toBe('A1');
    expect(canonicalWellId('af048', d)).toBe('AF48');
    expect(canonicalWellId(' ab12 ', d)).toBe('AB12');
    expect(indexOfWellId('a01', d)).toBe(0);
    expect(indexOfWellId('AA1', d)).toBe(26 * 48);
  });

  it('reads canonical ids from a map per plate shape, and any other form by parsing', () => {
    const d96 = plateDefn(96);
    const d384 = plateDefn(384);
    expect(canonicalWellId('P24', d384)).toBe('P24');
    expect(canonicalWellId('P24', d96)).toBeUndefined();
    expect(indexOfWellId('P24', d96)).toBe(-1);
    expect(indexOfWellId('P24', d384)).toBe(383);
    // shapes that are no plate format (a packed grid) read the same
    const grid = { rows: 3, cols: 5 };
    expect(indexOfWellId('C5', grid)).toBe(14);
    expect(indexOfWellId('c05', grid)).toBe(14);
    expect(canonicalWellId('C6', grid)).toBeUndefined();
    // far more shapes than are kept: each still answers
    for (let cols = 1; cols <= 100; cols++)
      expect(indexOfWellId(`B${cols}`, { rows: 2, cols })).toBe(2 * cols - 1);
  });

  it('refuses ids outside the plate or malformed', () => {
    const d96 = plateDefn(96);
    expect(parseWellId('I1', d96)).toBeUndefined();
    expect(parseWellId('A13', d96)).toBeUndefined();
    expect(parseWellId('A0', d96)).toBeUndefined();
    expect(parseWellId('AA1', d96)).toBeUndefined();
    expect(parseWellId('AG1', plateDefn(1536))).toBeUndefined();
    expect(parseWellId('1A', d96)).toBeUndefined();
    expect(parseWellId('', d96)).toBeUndefined();
    expect(indexOfWellId('Z99', d96)).toBe(-1);
    expect(canonicalWellId('B', d96)).toBeUndefined();
  });

  for (const format of PLATE_FORMATS) {
    const defn = plateDefn(format);
    const n = defn.rows * defn.cols;
    it(`round-trips id <-> index on every well of a ${format} plate (property)`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: n - 1 }), (i) => {
          const id = idOfIndex(defn, i);
          expect(indexOfWellId(id, defn)).toBe(i);
          expect(canonicalWellId(id.toLowerCase(), defn)).toBe(id);
          const padded = id.replace(/(\d+)$/, (d) => d.padStart(2, '0'));
          expect(indexOfWellId(padded, defn)).toBe(i);
        }),
      );
    });

    it(`covers all ${n} wells of a ${format} plate exactly once`, () => {
      const seen = new Set<string>();
      for (let i = 0; i < n; i++) seen.add(idOfIndex(defn, i));
      expect(seen.size).toBe(n);
    });
  }
});
