// The campaign view's geometry and keys: columns from the width, each cell's corner, and
// where each key takes the focus on a grid of 10 plates in 4 columns (rows of 4, 4, 2).
import { describe, expect, it } from 'vitest';
import {
  CELL,
  cellOrigin,
  gridShape,
  movedFocus,
} from '../../../../src/app/campaigns/thumbnail-grid';

const move = (from: number, key: string) => movedFocus(from, key, 4, 10);

describe('the campaign grid', () => {
  it('fits as many columns as the width holds, at least one', () => {
    expect(gridShape(CELL.width * 4 + 10, 10)).toEqual({
      columns: 4,
      rows: 3,
      height: 3 * CELL.height,
    });
    expect(gridShape(50, 3).columns).toBe(1);
    expect(cellOrigin(6, 4)).toEqual({ x: 2 * CELL.width, y: CELL.height });
  });

  it('moves the focus by cell and row, and stops at the edges', () => {
    expect(move(5, 'ArrowRight')).toBe(6);
    expect(move(9, 'ArrowRight')).toBe(9);
    expect(move(0, 'ArrowLeft')).toBe(0);
    expect(move(1, 'ArrowDown')).toBe(5);
    // under plate 7 the last row has no cell: the focus stays
    expect(move(7, 'ArrowDown')).toBe(7);
    expect(move(5, 'ArrowUp')).toBe(1);
    expect(move(2, 'ArrowUp')).toBe(2);
    expect(move(5, 'Home')).toBe(0);
    expect(move(5, 'End')).toBe(9);
    expect(move(0, 'PageDown')).toBe(9);
    expect(move(9, 'PageUp')).toBe(0);
    expect(move(3, 'a')).toBeNull();
  });
});
