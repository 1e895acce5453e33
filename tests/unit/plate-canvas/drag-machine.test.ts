import { describe, expect, it } from 'vitest';
import {
  brushModeOf,
  cancelDrag,
  DRAG_THRESHOLD_PX,
  IDLE,
  pointerDown,
  pointerMove,
  pointerUp,
} from '../../../src/plate-canvas/drag-machine';
import { hitTest, type GridView, type PlateLayout } from '../../../src/plate-canvas/plate-geometry';
import { WellSet } from '../../../src/domain/plate/well-set';

// 96 wells, cells of 10 px from (30, 40); well (r, c) is centred at (35 + 10c, 45 + 10r).
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
const at = (r: number, c: number) => ({ x: 35 + 10 * c, y: 45 + 10 * r });
const none = { shift: false, primary: false };
const shift = { shift: true, primary: false };
const ctrl = { shift: false, primary: true };
const set = (...xs: number[]) => WellSet.of(96, xs);

/** Presses at `from`, moves through `path`, releases; answers every step's selection. */
function drag(
  selection: WellSet,
  from: { x: number; y: number },
  path: { x: number; y: number }[],
  mods = none,
) {
  let step = pointerDown(selection, from, hitTest(layout, from.x, from.y), mods);
  const seen = [step];
  for (const p of path) {
    step = pointerMove(step.state, step.selection, p, layout);
    seen.push(step);
  }
  step = pointerUp(step.state, step.selection, layout);
  seen.push(step);
  return seen;
}

// Row letters sit in the gutter left of the cells (x 10-30), column numbers above (y 20-40).
const rowHeader = (r: number) => ({ x: 20, y: 45 + 10 * r });
const colHeader = (c: number) => ({ x: 35 + 10 * c, y: 30 });
const rowsOf = (...rows: number[]) =>
  rows.flatMap((r) => Array.from({ length: 12 }, (_, c) => r * 12 + c));
const colsOf = (...cols: number[]) =>
  cols.flatMap((c) => Array.from({ length: 8 }, (_, r) => r * 12 + c)).toSorted((a, b) => a - b);

describe('drag machine', () => {
  it('goes idle -> pointing -> brushing -> idle', () => {
    const steps = drag(set(), at(0, 0), [at(0, 0.3), at(1, 1)]);
    expect(steps.map((s) => s.state.kind)).toEqual(['pointing', 'pointing', 'brushing', 'idle']);
    expect(steps[2].rect).toEqual({ x: 35, y: 45, width: 10, height: 10 });
    expect(steps[3].rect).toBeNull();
  });

  it('stays a click below the threshold', () => {
    const origin = at(2, 2);
    const near = { x: origin.x + DRAG_THRESHOLD_PX - 0.5, y: origin.y };
    const steps = drag(set(), origin, [near]);
    expect(steps[1].state.kind).toBe('pointing');
    expect(steps.at(-1)!.selection.indices()).toEqual([26]); // a click on C3
  });

  it('starts brushing at the threshold', () => {
    const origin = at(2, 2);
    const steps = drag(set(), origin, [{ x: origin.x + DRAG_THRESHOLD_PX, y: origin.y }]);
    expect(steps[1].state.kind).toBe('brushing');
  });

  it('a plain drag replaces the selection with the wells touched', () => {
    const steps = drag(set(90, 91), at(0, 0), [at(1, 2)]);
    expect(steps.at(-1)!.selection.indices()).toEqual([0, 1, 2, 12, 13, 14]);
  });

  it('shift adds to the selection the drag started from, even as the brush shrinks', () => {
    const start = set(90);
    const steps = drag(start, at(0, 0), [at(1, 2), at(0, 1)], shift);
    expect(steps[1].selection.indices()).toEqual([0, 1, 2, 12, 13, 14, 90]);
    expect(steps[2].selection.indices()).toEqual([0, 1, 90]);
    expect(steps[3].selection).toBe(steps[2].selection);
  });

  it('ctrl/meta toggles the wells touched against the starting selection', () => {
    const steps = drag(set(0, 1, 50), at(0, 0), [at(0, 2)], ctrl);
    expect(steps.at(-1)!.selection.indices()).toEqual([2, 50]);
  });

  it('keeps the selection instance while the brush touches the same wells', () => {
    const steps = drag(set(), at(0, 0), [at(1, 1), { x: at(1, 1).x + 0.5, y: at(1, 1).y }]);
    expect(steps[2].selection.indices()).toEqual([0, 1, 12, 13]);
    expect(steps[3].selection).toBe(steps[2].selection);
  });

  it('Escape while brushing restores the starting selection', () => {
    const start = set(7);
    let step = pointerDown(start, at(0, 0), hitTest(layout, 35, 45), none);
    step = pointerMove(step.state, step.selection, at(3, 3), layout);
    expect(step.selection.count).toBe(16);
    const cancelled = cancelDrag(step.state, step.selection);
    expect(cancelled.state).toBe(IDLE);
    expect(cancelled.selection).toBe(start);
    expect(cancelled.rect).toBeNull();
  });

  it('moves without a press do nothing', () => {
    const s = set(3);
    expect(pointerMove(IDLE, s, at(4, 4), layout).selection).toBe(s);
    expect(pointerUp(IDLE, s, layout).selection).toBe(s);
  });

  it('a drag from a row header selects whole rows from it to the row under the pointer', () => {
    expect(hitTest(layout, 20, 45)).toMatchObject({ kind: 'row-label', row: 0 });
    const steps = drag(set(90), rowHeader(0), [at(2, 3), at(1, 0), { x: 100, y: 500 }]);
    expect(steps[1].state).toMatchObject({ kind: 'brushing', band: { axis: 'row', from: 0 } });
    expect(steps[1].selection.indices()).toEqual(rowsOf(0, 1, 2));
    expect(steps[1].rect).toEqual({ x: 30, y: 40, width: 120, height: 30 });
    expect(steps[2].selection.indices()).toEqual(rowsOf(0, 1));
    // Past the last row: every row down to H, not a rectangle.
    expect(steps[3].selection.indices()).toEqual(rowsOf(0, 1, 2, 3, 4, 5, 6, 7));
    expect(steps.at(-1)!.selection.indices()).toEqual(rowsOf(0, 1, 2, 3, 4, 5, 6, 7));
  });

  it('a drag from a row header upwards, and above the plate, stops at row A', () => {
    const steps = drag(set(), rowHeader(5), [rowHeader(3), { x: 20, y: -50 }]);
    expect(steps[1].selection.indices()).toEqual(rowsOf(3, 4, 5));
    expect(steps[2].selection.indices()).toEqual(rowsOf(0, 1, 2, 3, 4, 5));
  });

  it('a drag from a column header selects whole columns to the column under the pointer', () => {
    expect(hitTest(layout, 55, 30)).toMatchObject({ kind: 'col-label', col: 2 });
    const steps = drag(set(), colHeader(2), [at(6, 0)]);
    expect(steps.at(-1)!.selection.indices()).toEqual(colsOf(0, 1, 2));
    expect(steps[1].rect).toEqual({ x: 30, y: 40, width: 30, height: 80 });
  });

  it('header drags follow the modifiers: shift adds the rows, ctrl/meta toggles them', () => {
    const added = drag(set(95), rowHeader(0), [rowHeader(1)], shift);
    expect(added.at(-1)!.selection.indices()).toEqual([...rowsOf(0, 1), 95]);
    const toggled = drag(set(0, 1, 95), colHeader(0), [colHeader(1)], ctrl);
    expect(toggled.at(-1)!.selection.indices()).toEqual(
      [...colsOf(0, 1).filter((i) => i !== 0 && i !== 1), 95].toSorted((a, b) => a - b),
    );
  });

  it('Escape during a header drag restores the starting selection', () => {
    const start = set(7);
    let step = pointerDown(start, rowHeader(0), hitTest(layout, 20, 45), none);
    step = pointerMove(step.state, step.selection, rowHeader(4), layout);
    expect(step.selection.count).toBe(60);
    expect(cancelDrag(step.state, step.selection).selection).toBe(start);
  });

  it('maps modifiers to brush modes', () => {
    expect(brushModeOf(none)).toBe('replace');
    expect(brushModeOf(shift)).toBe('add');
    expect(brushModeOf(ctrl)).toBe('toggle');
  });
});
