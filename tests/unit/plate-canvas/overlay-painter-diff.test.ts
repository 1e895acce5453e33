// The painter's promise: a change redraws only the cells whose marks changed. A recording
// 2D context stands in for the canvas (node has none); the geometry is the real one.
import { describe, expect, it } from 'vitest';
import {
  BatchedPainter,
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

function setUp() {
  const tile = recorder();
  const brush = recorder();
  const painter = new OverlayPainter(fakeCanvas);
  painter.setLayout(layout, 1, [tile.ctx], brush.ctx);
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

  it('draws the drag rectangle on its own canvas and clears the old one', () => {
    const { painter, brush } = setUp();
    painter.update(state([], { dragRect: { x: 10, y: 10, width: 50, height: 40 } }));
    expect(ops(brush.calls, 'fillRect')).toHaveLength(1);
    brush.calls.length = 0;
    painter.update(state([], { dragRect: { x: 10, y: 10, width: 60, height: 40 } }));
    expect(ops(brush.calls, 'clearRect')).toHaveLength(1);
    expect(ops(brush.calls, 'fillRect')).toHaveLength(1);
    brush.calls.length = 0;
    painter.update(state([], { dragRect: null }));
    expect(ops(brush.calls, 'fillRect')).toHaveLength(0);
    expect(ops(brush.calls, 'clearRect')).toHaveLength(1);
  });
});

describe('BatchedPainter', () => {
  it('paints only the latest of several states, once, and answers every caller', async () => {
    const frames: (() => void)[] = [];
    const tile = recorder();
    const batched = new BatchedPainter(new OverlayPainter(fakeCanvas), (paint) =>
      frames.push(paint),
    );
    batched.setLayout(layout, 1, [tile.ctx], null);
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
