import { describe, expect, it } from 'vitest';
import {
  PLATE_FORMATS,
  isPlateFormat,
  parsePlateFormat,
  plateDefn,
  subsectionBounds,
  subsectionCount,
  subsectionGrid,
  subsectionOf,
  wellCount,
} from '../../../src/domain/plate-format';

describe('plate formats', () => {
  it('has the shapes of DOMAIN.md', () => {
    expect(plateDefn(6)).toEqual({ format: 6, rows: 2, cols: 3 });
    expect(plateDefn(48)).toEqual({ format: 48, rows: 6, cols: 8 });
    expect(plateDefn(96)).toEqual({ format: 96, rows: 8, cols: 12 });
    expect(plateDefn(384)).toEqual({ format: 384, rows: 16, cols: 24 });
    expect(plateDefn(1536)).toEqual({ format: 1536, rows: 32, cols: 48 });
    for (const f of PLATE_FORMATS) expect(wellCount(f)).toBe(f);
  });

  it('parses formats from strings and numbers', () => {
    expect(parsePlateFormat('384')).toBe(384);
    expect(parsePlateFormat(1536)).toBe(1536);
    expect(parsePlateFormat('100')).toBeUndefined();
    expect(parsePlateFormat('96.0')).toBeUndefined();
    expect(isPlateFormat('96')).toBe(false);
  });

  it('has 1x1, 2x2 and 4x4 subsections', () => {
    expect(subsectionGrid(24)).toEqual({ blockRows: 0, blockCols: 0 });
    expect(subsectionCount(96)).toBe(1);
    expect(subsectionCount(384)).toBe(4);
    expect(subsectionCount(1536)).toBe(16);
    expect(subsectionBounds(1536, 5)).toEqual({ row0: 8, col0: 12, rows: 8, cols: 12 });
    expect(subsectionBounds(48, 0)).toEqual({ row0: 0, col0: 0, rows: 6, cols: 8 });
    expect(subsectionOf(1536, 31, 47)).toBe(15);
    expect(subsectionOf(384, 8, 11)).toBe(2);
  });

  it('places every well inside the bounds of its own subsection', () => {
    for (const f of [96, 384, 1536] as const) {
      const { rows, cols } = plateDefn(f);
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < cols; c++) {
          const b = subsectionBounds(f, subsectionOf(f, r, c));
          expect(r >= b.row0 && r < b.row0 + b.rows && c >= b.col0 && c < b.col0 + b.cols).toBe(
            true,
          );
        }
    }
  });
});
