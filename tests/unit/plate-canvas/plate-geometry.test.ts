import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PLATE_FORMATS,
  plateDefn,
  subsectionBounds,
  wellCount,
} from '../../../src/domain/plate-format';
import {
  computeLayout,
  hitTest,
  viewShows,
  wellAtPoint,
  wellCenter,
  wellsOfColLabel,
  wellsOfRowLabel,
  type GridView,
  type PlateLayout,
} from '../../../src/plate-canvas/plate-geometry';

// A hand-made 96-well view with round numbers: cells 10 px from (30, 40), wells of radius 4.
const view: GridView = {
  kind: 'plate',
  rows: 8,
  cols: 12,
  row0: 0,
  col0: 0,
  viewRows: 8,
  viewCols: 12,
  x: 30,
  y: 40,
  pitch: 10,
  radius: 4,
  gutter: 20,
};
const layout: PlateLayout = {
  format: 96,
  rows: 8,
  cols: 12,
  width: 200,
  height: 150,
  views: [view],
};

// The zoomed second subsection (rows 0-7, cols 12-23) of a 384 plate.
const zoom: GridView = { ...view, kind: 'zoom', rows: 16, cols: 24, col0: 12, x: 300 };

describe('wellAtPoint', () => {
  it('finds the well whose cell holds the point', () => {
    expect(wellAtPoint(view, 35, 45)).toBe(0); // A1 centre
    expect(wellAtPoint(view, 30, 40)).toBe(0); // A1 top-left corner of its cell
    expect(wellAtPoint(view, 39.99, 49.99)).toBe(0);
    expect(wellAtPoint(view, 40, 45)).toBe(1); // A2
    expect(wellAtPoint(view, 35, 50)).toBe(12); // B1
    expect(wellAtPoint(view, 149.9, 119.9)).toBe(95); // H12
  });

  it('answers -1 beyond the grid', () => {
    expect(wellAtPoint(view, 29.9, 45)).toBe(-1);
    expect(wellAtPoint(view, 35, 39.9)).toBe(-1);
    expect(wellAtPoint(view, 150, 45)).toBe(-1);
    expect(wellAtPoint(view, 35, 120)).toBe(-1);
  });

  it('answers plate indices in a zoomed subsection', () => {
    expect(wellAtPoint(zoom, 305, 45)).toBe(12); // A13
    expect(wellAtPoint(zoom, 305 + 110, 45 + 70)).toBe(7 * 24 + 23); // H24
  });
});

describe('wellCenter and viewShows', () => {
  it('centres a well in its cell', () => {
    expect(wellCenter(view, 0)).toEqual({ x: 35, y: 45 });
    expect(wellCenter(view, 13)).toEqual({ x: 45, y: 55 });
    expect(wellCenter(zoom, 12)).toEqual({ x: 305, y: 45 });
  });

  it('tells which wells a view shows', () => {
    expect(viewShows(zoom, 0, 0)).toBe(false); // A1 is in subsection 0
    expect(viewShows(zoom, 8, 12)).toBe(false); // I13 is in subsection 3
    expect(viewShows(zoom, 0, 12)).toBe(true);
    expect(viewShows(view, 0, 0)).toBe(true);
  });

  it('round-trips with wellAtPoint for every well of every format', () => {
    for (const format of PLATE_FORMATS) {
      const l = computeLayout(format, 1200, 800, 0);
      for (const v of l.views) {
        for (let r = v.row0; r < v.row0 + v.viewRows; r++) {
          for (let c = v.col0; c < v.col0 + v.viewCols; c++) {
            const index = r * v.cols + c;
            expect(viewShows(v, r, c)).toBe(true);
            const p = wellCenter(v, index);
            expect(wellAtPoint(v, p.x, p.y)).toBe(index);
          }
        }
      }
    }
  });
});

describe('hitTest', () => {
  it('tells wells, row letters, column numbers and the rest apart', () => {
    expect(hitTest(layout, 45, 55)).toEqual({ kind: 'well', index: 13, view: 0 });
    expect(hitTest(layout, 15, 55)).toEqual({ kind: 'row-label', row: 1, view: 0 });
    expect(hitTest(layout, 45, 25)).toEqual({ kind: 'col-label', col: 1, view: 0 });
    expect(hitTest(layout, 15, 25)).toEqual({ kind: 'outside' }); // the corner between labels
    expect(hitTest(layout, 5, 55)).toEqual({ kind: 'outside' }); // left of the gutter
    expect(hitTest(layout, 160, 55)).toEqual({ kind: 'outside' });
    expect(hitTest(layout, 45, 130)).toEqual({ kind: 'outside' });
  });

  it('labels of the zoomed view name plate rows and columns', () => {
    const two: PlateLayout = { ...layout, format: 384, rows: 16, cols: 24, views: [view, zoom] };
    expect(hitTest(two, 285, 75)).toEqual({ kind: 'row-label', row: 3, view: 1 });
    expect(hitTest(two, 325, 25)).toEqual({ kind: 'col-label', col: 14, view: 1 });
    expect(hitTest(two, 325, 75)).toEqual({ kind: 'well', index: 3 * 24 + 14, view: 1 });
  });

  it('finds each label of a real 1536 layout', () => {
    const l = computeLayout(1536, 1600, 900, 5);
    const [plate, z] = l.views;
    for (let r = 0; r < 32; r++) {
      const y = plate.y + (r + 0.5) * plate.pitch;
      expect(hitTest(l, plate.x - plate.gutter / 2, y)).toEqual({
        kind: 'row-label',
        row: r,
        view: 0,
      });
    }
    for (let c = 0; c < 12; c++) {
      const x = z.x + (c + 0.5) * z.pitch;
      expect(hitTest(l, x, z.y - 2)).toEqual({ kind: 'col-label', col: 12 + c, view: 1 });
    }
  });
});

describe('computeLayout', () => {
  it('fits every format into the space, with its labels', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PLATE_FORMATS),
        fc.integer({ min: 200, max: 3000 }),
        fc.integer({ min: 150, max: 2000 }),
        (format, width, height) => {
          const l = computeLayout(format, width, height, 0);
          expect(l.views.length).toBe(format >= 384 ? 2 : 1);
          for (const v of l.views) {
            expect(v.x - v.gutter).toBeGreaterThanOrEqual(-1e-6);
            expect(v.y - v.gutter).toBeGreaterThanOrEqual(-1e-6);
            expect(v.x + v.viewCols * v.pitch).toBeLessThanOrEqual(width + 1e-6);
            expect(v.y + v.viewRows * v.pitch).toBeLessThanOrEqual(height + 1e-6);
            expect(v.radius).toBeLessThan(v.pitch / 2);
          }
        },
      ),
    );
  });

  it('shows the whole plate, then the chosen subsection zoomed, on 1536', () => {
    const l = computeLayout(1536, 1600, 900, 6);
    expect(l.views.map((v) => v.kind)).toEqual(['plate', 'zoom']);
    const [plate, z] = l.views;
    expect([plate.viewRows, plate.viewCols]).toEqual([32, 48]);
    const b = subsectionBounds(1536, 6);
    expect([z.row0, z.col0, z.viewRows, z.viewCols]).toEqual([b.row0, b.col0, 8, 12]);
    expect(z.pitch).toBeGreaterThan(2 * plate.pitch);
    // Views do not overlap.
    const plateRight = plate.x + 48 * plate.pitch;
    const plateBottom = plate.y + 32 * plate.pitch;
    expect(z.x - z.gutter >= plateRight || z.y - z.gutter >= plateBottom).toBe(true);
  });

  it('uses the larger wells of side-by-side or stacked views', () => {
    const wide = computeLayout(1536, 2000, 700).views;
    expect(wide[1].y - wide[1].gutter).toBe(wide[0].y - wide[0].gutter);
    expect(wide[1].x).toBeGreaterThan(wide[0].x + 48 * wide[0].pitch);
    const tall = computeLayout(1536, 700, 1400).views;
    expect(tall[1].y).toBeGreaterThan(tall[0].y + 32 * tall[0].pitch);
  });

  it('shows small plates as one grid', () => {
    for (const format of [6, 12, 24, 48, 96] as const) {
      const l = computeLayout(format, 800, 600);
      expect(l.views).toHaveLength(1);
      expect(l.views[0].viewRows * l.views[0].viewCols).toBe(wellCount(format));
      expect(l.views[0].rows).toBe(plateDefn(format).rows);
    }
  });
});

describe('label wells', () => {
  it('spans the columns or rows its view shows', () => {
    expect(wellsOfRowLabel(view, 2)).toEqual(Array.from({ length: 12 }, (_, c) => 24 + c));
    expect(wellsOfColLabel(view, 11)).toEqual(Array.from({ length: 8 }, (_, r) => r * 12 + 11));
    expect(wellsOfRowLabel(zoom, 1)).toEqual(Array.from({ length: 12 }, (_, c) => 24 + 12 + c));
    expect(wellsOfColLabel(zoom, 12)).toEqual(Array.from({ length: 8 }, (_, r) => r * 24 + 12));
  });
});
