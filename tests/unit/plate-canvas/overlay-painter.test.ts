import { describe, expect, it } from 'vitest';
import { tileRects } from '../../../src/plate-canvas/overlay-painter';
import { computeLayout } from '../../../src/plate-canvas/plate-geometry';

describe('tileRects', () => {
  it('cuts a 1536 layout into the 16 blocks of the overview and one zoom tile', () => {
    const layout = computeLayout(1536, 1600, 820, 0);
    const tiles = tileRects(layout, 2);
    expect(tiles.filter((t) => t.view === 0)).toHaveLength(16);
    expect(tiles.filter((t) => t.view === 1)).toHaveLength(1);
    expect(tiles[0]).toMatchObject({ view: 0, row0: 0, col0: 0 });
    expect(tiles[1]).toMatchObject({ view: 0, row0: 0, col0: 12 });
    expect(tiles[4]).toMatchObject({ view: 0, row0: 8, col0: 0 });
  });

  it('covers every cell in whole device pixels', () => {
    for (const [format, dpr] of [
      [96, 1],
      [384, 1.5],
      [1536, 2],
      [6, 1],
    ] as const) {
      const layout = computeLayout(format, 1234, 777, 0);
      for (const t of tileRects(layout, dpr)) {
        const v = layout.views[t.view];
        const rows = Math.min(v.viewRows - t.row0, 8);
        const cols = Math.min(v.viewCols - t.col0, 12);
        expect(Number.isInteger(t.dx) && Number.isInteger(t.width)).toBe(true);
        expect(t.dx).toBeLessThanOrEqual((v.x + t.col0 * v.pitch) * dpr);
        expect(t.dy).toBeLessThanOrEqual((v.y + t.row0 * v.pitch) * dpr);
        expect(t.dx + t.width).toBeGreaterThanOrEqual((v.x + (t.col0 + cols) * v.pitch) * dpr);
        expect(t.dy + t.height).toBeGreaterThanOrEqual((v.y + (t.row0 + rows) * v.pitch) * dpr);
      }
    }
  });

  it('uses one tile for plates up to 96 wells', () => {
    expect(tileRects(computeLayout(96, 800, 600), 1)).toHaveLength(1);
    expect(tileRects(computeLayout(24, 800, 600), 1)).toHaveLength(1);
  });
});
