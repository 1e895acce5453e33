// The scene's one geometry object against what it draws: after any sequence of changes of
// size, format, subsection and the zoomed block, the layout is the one for the current inputs
// (never an older one), and for any point the well hit-testing answers is the well whose
// drawn disc lies under the point (found by brute force over every drawn well, placed by
// wellCenter as the renderer places them).
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLATE_FORMATS, subsectionCount, type PlateFormat } from '../../../src/domain/plate-format';
import {
  computeLayout,
  hitTest,
  viewShows,
  wellCenter,
  type PlateLayout,
} from '../../../src/plate-canvas/plate-geometry';
import { SceneGeometry, type GeometryInputs } from '../../../src/plate-canvas/scene-geometry';

/** The wells whose drawn disc holds the point, with their view (a well can show twice). */
function drawnUnder(layout: PlateLayout, x: number, y: number): { index: number; view: number }[] {
  const out: { index: number; view: number }[] = [];
  layout.views.forEach((view, v) => {
    for (let r = view.row0; r < view.row0 + view.viewRows; r++) {
      for (let c = view.col0; c < view.col0 + view.viewCols; c++) {
        const index = r * view.cols + c;
        const at = wellCenter(view, index);
        if ((x - at.x) ** 2 + (y - at.y) ** 2 <= view.radius ** 2) out.push({ index, view: v });
      }
    }
  });
  return out;
}

const change = fc.oneof(
  fc.record({
    width: fc.integer({ min: 0, max: 2600 }),
    height: fc.integer({ min: 0, max: 1500 }),
  }),
  fc.record({ showZoom: fc.boolean() }),
  fc.record({ subsection: fc.nat({ max: 15 }) }),
  fc.record({ format: fc.constantFrom(...PLATE_FORMATS) }),
  fc.record({ dock: fc.constantFrom('auto' as const, 'beside' as const, 'below' as const) }),
);

/** A change as the scene makes it: the subsection stays within the format's blocks. */
function clamp(inputs: GeometryInputs, c: Partial<GeometryInputs>): Partial<GeometryInputs> {
  const format: PlateFormat = c.format ?? inputs.format;
  const subsection = c.subsection ?? inputs.subsection;
  return { ...c, subsection: subsection % subsectionCount(format) };
}

describe('SceneGeometry', () => {
  it('hit-tests the well drawn under the point after any sequence of layout changes', () => {
    fc.assert(
      fc.property(
        fc.array(change, { minLength: 1, maxLength: 8 }),
        fc.array(
          fc.tuple(
            fc.double({ min: 0, max: 1, noNaN: true }),
            fc.double({ min: 0, max: 1, noNaN: true }),
          ),
          {
            minLength: 20,
            maxLength: 20,
          },
        ),
        (changes, points) => {
          const g = new SceneGeometry({
            format: 1536,
            width: 1600,
            height: 900,
            subsection: 0,
            showZoom: true,
          });
          for (const c of changes) g.update(clamp(g.current, c));
          const i = g.current;
          expect(g.layout).toEqual(
            computeLayout(i.format, i.width, i.height, i.subsection, i.showZoom, i.dock),
          );
          for (const [fx, fy] of points) {
            const x = fx * g.layout.width;
            const y = fy * g.layout.height;
            const hit = hitTest(g.layout, x, y);
            const under = drawnUnder(g.layout, x, y);
            if (under.length > 0) {
              expect(hit.kind).toBe('well');
              if (hit.kind === 'well')
                expect(under).toContainEqual({ index: hit.index, view: hit.view });
            }
            if (hit.kind === 'well') {
              // The well hit is one the view draws, in the cell around the point.
              const view = g.layout.views[hit.view];
              const cols = view.cols;
              expect(viewShows(view, Math.floor(hit.index / cols), hit.index % cols)).toBe(true);
              const at = wellCenter(view, hit.index);
              expect(Math.abs(at.x - x)).toBeLessThanOrEqual(view.pitch / 2 + 1e-9);
              expect(Math.abs(at.y - y)).toBeLessThanOrEqual(view.pitch / 2 + 1e-9);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('replaces the layout on a change of size, zoomed block, format or shown subsection only', () => {
    const g = new SceneGeometry({
      format: 1536,
      width: 2000,
      height: 1000,
      subsection: 0,
      showZoom: true,
    });
    const first = g.layout;
    expect(first.views).toHaveLength(2);
    expect(g.update({ subsection: 5 })).toBe(true);
    expect(g.layout.views[1].row0).toBe(8);
    expect(g.update({ showZoom: false })).toBe(true);
    expect(g.layout.views).toHaveLength(1);
    // Hidden zoomed block: a subsection change moves only the frame, not a well.
    const hidden = g.layout;
    expect(g.update({ subsection: 2 })).toBe(false);
    expect(g.layout).toBe(hidden);
    expect(g.update({ width: 2000 })).toBe(false);
    expect(g.update({ width: 1200 })).toBe(true);
    expect(g.layout.width).toBe(1200);
    // Showing the block again draws the subsection chosen while it was hidden.
    expect(g.update({ showZoom: true })).toBe(true);
    expect(g.layout.views[1].col0).toBe(24);
  });
});

describe('docking the zoomed block', () => {
  it('puts the block beside or below the plate as chosen', () => {
    const g = new SceneGeometry({
      format: 1536,
      width: 1800,
      height: 1000,
      subsection: 0,
      showZoom: true,
    });
    expect(g.update({ dock: 'below' })).toBe(true);
    let [plate, zoom] = g.layout.views;
    expect(zoom.y).toBeGreaterThanOrEqual(plate.y + plate.viewRows * plate.pitch);
    expect(g.update({ dock: 'beside' })).toBe(true);
    [plate, zoom] = g.layout.views;
    expect(zoom.x).toBeGreaterThanOrEqual(plate.x + plate.viewCols * plate.pitch);
    expect(zoom.y).toBeLessThan(plate.y + plate.viewRows * plate.pitch);
    // Hidden, the dock does not move a well.
    g.update({ showZoom: false });
    expect(g.update({ dock: 'below' })).toBe(false);
  });
});
