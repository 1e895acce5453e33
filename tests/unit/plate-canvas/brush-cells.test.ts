// BrushCells updates the touched wells move by move; after every move they must be exactly
// the wells a brute-force check of every well of every view finds for that rectangle.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BrushCells } from '../../../src/plate-canvas/brush-cells';
import {
  computeLayout,
  rectFromPoints,
  wellCenter,
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
