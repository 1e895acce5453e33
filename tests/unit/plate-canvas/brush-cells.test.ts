// BrushCells updates the touched wells move by move; after every move they must be exactly
// the wells a brute-force check of every well of every view finds for that rectangle.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BrushCells } from '../../../src/plate-canvas/brush-cells';
import {
  computeLayout,
  rectFromPoints,
  wellCenter,
  type GridView,
  type PlateLayout,
  type Point,
  type Rect,
} from '../../../src/plate-canvas/plate-geometry';
import { WellSet } from '../../../src/domain/plate/well-set';

/** Every well whose drawn circle the rectangle touches, in any view (checked one by one). */
function bruteForce(layout: PlateLayout, rect: Rect): number[] {
  const size = layout.rows * layout.cols;
  const hit = new Set<number>();
  for (const view of layout.views) {
    for (let i = 0; i < size; i++) {
      const r = Math.floor(i / view.cols);
      const c = i % view.cols;
      if (r < view.row0 || r >= view.row0 + view.viewRows) continue;
      if (c < view.col0 || c >= view.col0 + view.viewCols) continue;
      const p = wellCenter(view, i);
      const dx = Math.max(rect.x - p.x, 0, p.x - (rect.x + rect.width));
      const dy = Math.max(rect.y - p.y, 0, p.y - (rect.y + rect.height));
      if (dx * dx + dy * dy <= view.radius * view.radius) hit.add(i);
    }
  }
  return [...hit].toSorted((a, b) => a - b);
}

const point = (w: number, h: number) =>
  fc.record({
    x: fc.double({ min: -40, max: w + 40, noNaN: true }),
    y: fc.double({ min: -40, max: h + 40, noNaN: true }),
  });

/** A pointer's moves: mostly small steps (as a real drag makes), now and then a jump. */
const step = (max: number) => fc.integer({ min: -max * 100, max: max * 100 }).map((v) => v / 100);
const moves = fc.array(
  fc.oneof(
    { weight: 6, arbitrary: fc.record({ dx: step(12), dy: step(12) }) },
    { weight: 1, arbitrary: fc.record({ dx: step(400), dy: step(400) }) },
  ),
  { minLength: 1, maxLength: 40 },
);

describe('BrushCells', () => {
  const layouts: [string, PlateLayout][] = [
    ['1536 with its zoomed block', computeLayout(1536, 1400, 800, 5)],
    ['384 with its zoomed block below', computeLayout(384, 900, 900, 2, true, 'below')],
    ['96', computeLayout(96, 700, 500)],
  ];
  for (const [name, layout] of layouts) {
    it(`touches exactly the wells a brute-force check finds, move after move (${name})`, () => {
      const size = layout.rows * layout.cols;
      fc.assert(
        fc.property(
          point(layout.width, layout.height),
          moves,
          (origin: Point, steps: { dx: number; dy: number }[]) => {
            const cells = new BrushCells(WellSet.empty(size));
            let selection = WellSet.empty(size);
            let p = origin;
            for (const { dx, dy } of steps) {
              p = { x: p.x + dx, y: p.y + dy };
              const rect = rectFromPoints(origin, p);
              selection = cells.select('replace', rect, layout, selection);
              expect(selection.indices()).toEqual(bruteForce(layout, rect));
            }
          },
        ),
        { numRuns: 60 },
      );
    });
  }

  it('agrees with the brute-force check on edges that fall on centres and circle rims', () => {
    // Rectangles whose edges lie exactly on a well's centre, on its circle's rim or on a cell
    // boundary: where rounding would first put a well on the wrong side.
    const layout = computeLayout(1536, 1400, 800, 5);
    const view = layout.views[0];
    const offsets = [0, view.radius, -view.radius, view.pitch / 2, -view.pitch / 2];
    const onGrid = fc.record({
      well: fc.integer({ min: 0, max: 1535 }),
      dx: fc.constantFrom(...offsets),
      dy: fc.constantFrom(...offsets),
    });
    const at = (p: { well: number; dx: number; dy: number }) => {
      const c = wellCenter(view, p.well);
      return { x: c.x + p.dx, y: c.y + p.dy };
    };
    fc.assert(
      fc.property(onGrid, onGrid, (a, b) => {
        const rect = rectFromPoints(at(a), at(b));
        const cells = new BrushCells(WellSet.empty(1536));
        const selection = cells.select('replace', rect, layout, WellSet.empty(1536));
        expect(selection.indices()).toEqual(bruteForce(layout, rect));
      }),
      { numRuns: 300 },
    );
  });

  it('counts a well shown in both views once', () => {
    const layout = computeLayout(384, 1200, 600, 0);
    const cells = new BrushCells(WellSet.empty(384));
    const all = cells.select(
      'replace',
      { x: 0, y: 0, width: 1200, height: 600 },
      layout,
      WellSet.empty(384),
    );
    expect(all.count).toBe(384);
    // Shrinking to nothing leaves nothing, though the zoomed block showed those wells too.
    const none = cells.select('replace', { x: 0, y: 0, width: 0, height: 0 }, layout, all);
    expect(none.count).toBe(0);
  });

  it('adds to or toggles against the starting selection', () => {
    const layout = computeLayout(96, 700, 500);
    const view = layout.views[0];
    const start = WellSet.of(96, [0, 1, 95]);
    // From A1's centre to B2's centre: A1, A2, B1, B2.
    const rect = rectFromPoints(wellCenter(view, 0), wellCenter(view, 13));
    const added = new BrushCells(start).select('add', rect, layout, start);
    expect(added.indices()).toEqual([0, 1, 12, 13, 95]);
    const toggled = new BrushCells(start).select('toggle', rect, layout, start);
    expect(toggled.indices()).toEqual([12, 13, 95]);
  });

  it('answers the same instance while the touched wells stay the same', () => {
    const layout = computeLayout(96, 700, 500);
    const view = layout.views[0];
    const cells = new BrushCells(WellSet.empty(96));
    const a = wellCenter(view, 0);
    const b = wellCenter(view, 13);
    const first = cells.select('replace', rectFromPoints(a, b), layout, WellSet.empty(96));
    const again = cells.select(
      'replace',
      rectFromPoints(a, { x: b.x + 0.5, y: b.y }),
      layout,
      first,
    );
    expect(again).toBe(first);
    // A selection from elsewhere holding other wells is replaced, not kept.
    const other = WellSet.of(96, [50]);
    expect(cells.select('replace', rectFromPoints(a, b), layout, other).indices()).toEqual([
      0, 1, 12, 13,
    ]);
  });

  it('starts over when the layout changes mid-drag (the plate was resized)', () => {
    const small = computeLayout(96, 700, 500);
    const large = computeLayout(96, 1400, 1000);
    const cells = new BrushCells(WellSet.empty(96));
    const rect = { x: 0, y: 0, width: 300, height: 200 };
    cells.select('replace', rect, small, WellSet.empty(96));
    const after = cells.select('replace', rect, large, WellSet.empty(96));
    expect(after.indices()).toEqual(bruteForce(large, rect));
  });
});

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
const plate: PlateLayout = {
  format: 96,
  rows: 8,
  cols: 12,
  width: 200,
  height: 150,
  views: [view],
};

/** The wells a plain drag over `rect` selects on the hand-made plate. */
function touched(rect: Rect): number[] {
  const none = WellSet.empty(96);
  return new BrushCells(none).select('replace', rect, plate, none).indices();
}

describe('the wells a rectangle touches', () => {
  it('are those whose circle it touches', () => {
    // From A1's centre to B2's centre: A1, A2, B1, B2.
    expect(touched(rectFromPoints({ x: 35, y: 45 }, { x: 45, y: 55 }))).toEqual([0, 1, 12, 13]);
    // Touching A2's left edge (x = 41) but staying in the gap of A1's row: A2 only.
    expect(touched({ x: 40.5, y: 44, width: 0.5, height: 2 })).toEqual([1]);
    // Reaching into A1 from above its circle's top (y = 41) and into its rim from the left.
    expect(touched({ x: 34, y: 30, width: 2, height: 11 })).toEqual([0]);
    expect(touched({ x: 20, y: 44, width: 11, height: 2 })).toEqual([0]);
  });

  it('leave out the gaps between wells and the corners of cells outside the circle', () => {
    expect(touched({ x: 39.2, y: 44, width: 1.6, height: 2 })).toEqual([]);
    // Cell corner of A1: inside the cell, outside the circle.
    expect(touched({ x: 30.2, y: 40.2, width: 1, height: 1 })).toEqual([]);
  });

  it('cover the whole plate and nothing beyond', () => {
    expect(touched({ x: -100, y: -100, width: 1000, height: 1000 })).toHaveLength(96);
    expect(touched({ x: 0, y: 0, width: 20, height: 20 })).toEqual([]);
  });
});
