// The painter's promise: a change redraws only the cells whose marks changed. A recording
// 2D context stands in for the canvas (node has none); the geometry is the real one.
import { describe, expect, it } from 'vitest';
import {
  BatchedPainter,
  brushTileRects,
  OverlayPainter,
  tileRects,
  type Ctx2D,
  type PaintState,
} from '../../../src/plate-canvas/overlay-painter';
import { computeLayout, wellCenter } from '../../../src/plate-canvas/plate-geometry';
import { WellSet } from '../../../src/domain/plate/well-set';

interface Call {
  op: string;
  args: number[];
}

function recorder(width = 2000, height = 2000) {
  const calls: Call[] = [];
  const ctx = new Proxy({ canvas: { width, height } } as Record<string | symbol, unknown>, {
    get(target, key) {
      if (key in target) return target[key];
      return (...args: unknown[]) => {
        calls.push({
          op: String(key),
          args: args.filter((a) => typeof a === 'number') as number[],
        });
      };
    },
    set(target, key, value) {
      target[key] = value;
      return true;
    },
  });
  return { ctx: ctx as unknown as Ctx2D, calls };
}

const fakeCanvas = () => ({ getContext: () => recorder().ctx }) as unknown as OffscreenCanvas;
const layout = computeLayout(96, 800, 600);
const N = 96;
const state = (selected: number[], extra: Partial<PaintState> = {}): PaintState => ({
  selection: WellSet.of(N, selected),
  focus: -1,
  hover: -1,
  dragRect: null,
  ...extra,
});

function setUp(dpr = 1) {
  const tile = recorder();
  const brush = brushTileRects(layout, dpr).map(() => recorder());
  const painter = new OverlayPainter(fakeCanvas);
  painter.setLayout(
    layout,
    dpr,
    [tile.ctx],
    brush.map((b) => b.ctx),
  );
  return { painter, tile, brush };
}

const ops = (calls: Call[], op: string) => calls.filter((c) => c.op === op);

describe('OverlayPainter', () => {
  it('draws every selected well on a fresh layout', () => {
    const { painter, tile } = setUp();
    painter.update(state([0, 5, 95]));
    expect(ops(tile.calls, 'drawImage')).toHaveLength(3);
  });

  it('redraws only the wells that entered or left the selection', () => {
    const { painter, tile } = setUp();
    painter.update(state([0, 1, 2]));
    tile.calls.length = 0;
    painter.update(state([1, 2, 3]));
    expect(ops(tile.calls, 'clearRect')).toHaveLength(2); // wells 0 and 3
    expect(ops(tile.calls, 'drawImage')).toHaveLength(1); // well 3 gains its mark
    tile.calls.length = 0;
    painter.update(state([1, 2, 3]));
    expect(tile.calls).toEqual([]); // same wells: nothing
  });

  it('puts a well’s mark in its own cell', () => {
    const { painter, tile } = setUp();
    painter.update(state([13]));
    const [draw] = ops(tile.calls, 'drawImage');
    const [, , , , x, y, w] = draw.args;
    const t = tileRects(layout, 1)[0];
    const c = wellCenter(layout.views[0], 13);
    expect(Math.abs(x + t.dx + w / 2 - c.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(y + t.dy + w / 2 - c.y)).toBeLessThanOrEqual(1);
    expect(w).toBeLessThanOrEqual(layout.views[0].pitch);
  });

  it('moves focus and hover marks by redrawing the old and new cells', () => {
    const { painter, tile } = setUp();
    painter.update(state([], { focus: 4, hover: 7 }));
    tile.calls.length = 0;
    painter.update(state([], { focus: 5, hover: 7 }));
    expect(ops(tile.calls, 'clearRect')).toHaveLength(2); // 4 and 5; the hover on 7 stays
    expect(ops(tile.calls, 'drawImage')).toHaveLength(1); // 4 has no mark left
  });

  it('draws the drag rectangle on the tiles it overlaps, and clears them when it ends', () => {
    const { painter, brush } = setUp();
    const tiles = brushTileRects(layout, 1);
    // 800 x 600 px in tiles of 256: 4 columns, 3 rows.
    expect(tiles).toHaveLength(12);
    painter.update(state([], { dragRect: { x: 10, y: 10, width: 300, height: 40 } }));
    const drawn = brush.map((b) => ops(b.calls, 'fillRect').length);
    expect(drawn).toEqual([1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    // Each tile draws the rectangle at its own place, shifted by the tile's origin.
    expect(ops(brush[1].calls, 'fillRect')[0].args).toEqual([10 - 256, 10, 300, 40]);
    for (const b of brush) b.calls.length = 0;
    painter.update(state([], { dragRect: null }));
    expect(brush.map((b) => ops(b.calls, 'clearRect').length)).toEqual([
      1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    expect(brush.flatMap((b) => ops(b.calls, 'fillRect'))).toHaveLength(0);
  });

  it('redraws only the tiles where an edge of the rectangle moved', () => {
    const { painter, brush } = setUp();
    painter.update(state([], { dragRect: { x: 10, y: 10, width: 600, height: 400 } }));
    for (const b of brush) b.calls.length = 0;
    // The right edge moves within the third column of tiles: its two tiles there change,
    // the tiles the rectangle spans from side to side keep their pixels.
    painter.update(state([], { dragRect: { x: 10, y: 10, width: 640, height: 400 } }));
    expect(brush.map((b) => ops(b.calls, 'fillRect').length)).toEqual([
      0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0,
    ]);
    for (const b of brush) b.calls.length = 0;
    // Past the third column: the fourth column's tiles now show it as well.
    painter.update(state([], { dragRect: { x: 10, y: 10, width: 760, height: 400 } }));
    expect(brush.map((b) => ops(b.calls, 'fillRect').length)).toEqual([
      0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0,
    ]);
  });

  it.each([1, 2])(
    'shows on every tile the pixels of the last rectangle, whatever the moves before (dpr %d)',
    (dpr) => {
      const { painter, brush } = setUp(dpr);
      const tiles = brushTileRects(layout, dpr);
      let seed = 7;
      const rand = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return (seed / 2 ** 31) * n;
      };
      const ends = [0, 1, 2, 127, 128, 129, 255, 256, 257, 383, 384];
      const coord = () => (rand(1) < 0.5 ? ends[Math.floor(rand(ends.length))] : rand(800));
      for (let move = 0; move < 300; move++) {
        const x = coord();
        const y = coord() * 0.75;
        const rect =
          move % 17 === 16
            ? null
            : { x, y, width: rand(800 - x) + 0.3, height: rand(600 - y) + 0.3 };
        painter.update(state([], { dragRect: rect }));
        tiles.forEach((t, i) => {
          expect(visible(brush[i].calls, t, dpr)).toEqual(expectedOn(rect, t, dpr));
        });
      }
    },
  );
});

type Box = [number, number, number, number];

/** A box clipped to a tile of that size, or null when nothing of it is inside. */
function clip(b: Box, w: number, h: number): Box | null {
  const x0 = Math.max(0, b[0]);
  const y0 = Math.max(0, b[1]);
  const x1 = Math.min(w, b[2]);
  const y1 = Math.min(h, b[3]);
  return x0 < x1 && y0 < y1 ? [x0, y0, x1, y1] : null;
}

/** The fill and the four edge bands of a rectangle drawn at x, y (tile pixels), clipped. */
function shapes(x: number, y: number, w: number, h: number, d: number, tw: number, th: number) {
  return [
    clip([x, y, x + w, y + h], tw, th),
    clip([x, y, x + w, y + d], tw, th),
    clip([x, y + h - d, x + w, y + h], tw, th),
    clip([x, y, x + d, y + h], tw, th),
    clip([x + w - d, y, x + w, y + h], tw, th),
  ];
}

/** What a tile's recorded drawing shows: the shapes drawn since its last clear. */
function visible(calls: Call[], t: { width: number; height: number }, d: number) {
  const since = calls.slice(calls.findLastIndex((c) => c.op === 'clearRect') + 1);
  const fill = since.filter((c) => c.op === 'fillRect').at(-1);
  if (!fill) return null;
  const [x, y, w, h] = fill.args;
  return shapes(x, y, w, h, d, t.width, t.height);
}

/** What the tile must show for the rectangle (CSS px), snapped as the painter snaps it. */
function expectedOn(
  rect: { x: number; y: number; width: number; height: number } | null,
  t: { dx: number; dy: number; width: number; height: number },
  d: number,
) {
  if (!rect) return null;
  const x = Math.round(rect.x * d);
  const y = Math.round(rect.y * d);
  const w = Math.max(1, Math.round(rect.width * d));
  const h = Math.max(1, Math.round(rect.height * d));
  const all = shapes(x - t.dx, y - t.dy, w, h, d, t.width, t.height);
  return all[0] ? all : null;
}

describe('BatchedPainter', () => {
  it('paints only the latest of several states, once, and answers every caller', async () => {
    const frames: (() => void)[] = [];
    const tile = recorder();
    const batched = new BatchedPainter(new OverlayPainter(fakeCanvas), (paint) =>
      frames.push(paint),
    );
    batched.setLayout(layout, 1, [tile.ctx], []);
    const done = [
      batched.update(state([1])),
      batched.update(state([2])),
      batched.update(state([3])),
    ];
    expect(frames).toHaveLength(1);
    frames[0]();
    await Promise.all(done);
    expect(ops(tile.calls, 'drawImage')).toHaveLength(1); // only well 3
  });
});
