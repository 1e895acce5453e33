// Drag-select as a small explicit state machine: idle -> pointing -> brushing -> idle.
// Pointing becomes brushing after DRAG_THRESHOLD_PX of movement (spec section 9); until
// then a release is a click. Brushing snapshots the selection it started from, so Shift can
// add to it, Ctrl/Cmd can toggle against it, and Escape restores it. Every step returns the
// next state and the selection, which is the caller's own instance when nothing changed.
// A rectangle's touched wells come from a BrushCells (brush-cells.ts) made when brushing
// starts: each move works them out from the rectangle's rows and columns, into words it owns.
// A drag that starts on a row letter or column number selects whole rows or columns of that
// view, from the header pressed to the one under the pointer (clamped to the view).
import { BrushCells, type BrushMode } from './brush-cells';
import { clickSelection, type Modifiers } from './pointer-selection';
import {
  rectFromPoints,
  wellsOfColLabel,
  wellsOfRowLabel,
  type PlateHit,
  type PlateLayout,
  type Point,
  type Rect,
} from './plate-geometry';
import { WellSet } from '../domain/plate/well-set';

/** Movement (CSS px) after which a press becomes a drag-select (spec section 9). */
export const DRAG_THRESHOLD_PX = 6;

/** Whole rows or columns of one view, from the header where the drag started. */
export interface HeaderBand {
  axis: 'row' | 'col';
  view: number;
  from: number;
}

export type DragState =
  | { kind: 'idle' }
  | { kind: 'pointing'; origin: Point; hit: PlateHit; modifiers: Modifiers; initial: WellSet }
  | {
      kind: 'brushing';
      origin: Point;
      current: Point;
      mode: BrushMode;
      initial: WellSet;
      /** Set when the drag started on a header: rows/columns instead of a rectangle. */
      band: HeaderBand | null;
      /** The rectangle's touched wells, worked out again at each move (rectangle drags). */
      cells: BrushCells | null;
    };

export interface DragStep {
  state: DragState;
  selection: WellSet;
  /** The rectangle to draw while brushing, else null. */
  rect: Rect | null;
}

export const IDLE: DragState = { kind: 'idle' };

/** Shift adds, Ctrl/Cmd toggles, a plain drag replaces. */
export function brushModeOf(modifiers: Modifiers): BrushMode {
  if (modifiers.primary) return 'toggle';
  if (modifiers.shift) return 'add';
  return 'replace';
}

function combine(initial: WellSet, mode: BrushMode, touched: WellSet): WellSet {
  if (mode === 'add') return initial.union(touched);
  if (mode === 'toggle') return initial.xor(touched);
  return touched;
}

function bandOf(hit: PlateHit): HeaderBand | null {
  if (hit.kind === 'row-label') return { axis: 'row', view: hit.view, from: hit.row };
  if (hit.kind === 'col-label') return { axis: 'col', view: hit.view, from: hit.col };
  return null;
}

/**
 * The rows (or columns) a header drag spans: from its first header to the row (column)
 * under the point, clamped to the view; the wells they hold in that view, and the
 * rectangle they cover (drawn as the brush).
 */
export function bandSpan(
  layout: PlateLayout,
  band: HeaderBand,
  point: Point,
): { wells: number[]; rect: Rect } {
  const view = layout.views[band.view];
  const rows = band.axis === 'row';
  const first = rows ? view.row0 : view.col0;
  const count = rows ? view.viewRows : view.viewCols;
  const offset = Math.floor((rows ? point.y - view.y : point.x - view.x) / view.pitch);
  const to = first + Math.min(count - 1, Math.max(0, offset));
  const lo = Math.min(band.from, to);
  const hi = Math.max(band.from, to);
  const wells: number[] = [];
  for (let i = lo; i <= hi; i++) {
    wells.push(...(rows ? wellsOfRowLabel(view, i) : wellsOfColLabel(view, i)));
  }
  const start = (lo - first) * view.pitch;
  const length = (hi - lo + 1) * view.pitch;
  const rect = rows
    ? { x: view.x, y: view.y + start, width: view.viewCols * view.pitch, height: length }
    : { x: view.x + start, y: view.y, width: length, height: view.viewRows * view.pitch };
  return { wells, rect };
}

/** A press: remember where and on what, and the selection at that moment. */
export function pointerDown(
  selection: WellSet,
  point: Point,
  hit: PlateHit,
  modifiers: Modifiers,
): DragStep {
  return {
    state: { kind: 'pointing', origin: point, hit, modifiers, initial: selection },
    selection,
    rect: null,
  };
}

/** A move with the button held: start or continue brushing once past the threshold. */
export function pointerMove(
  state: DragState,
  selection: WellSet,
  point: Point,
  layout: PlateLayout,
): DragStep {
  if (state.kind === 'idle') return { state, selection, rect: null };
  if (state.kind === 'pointing') {
    const dx = point.x - state.origin.x;
    const dy = point.y - state.origin.y;
    if (Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return { state, selection, rect: null };
  }
  const mode = state.kind === 'pointing' ? brushModeOf(state.modifiers) : state.mode;
  const band = state.kind === 'pointing' ? bandOf(state.hit) : state.band;
  const cells =
    state.kind === 'brushing' ? state.cells : band ? null : new BrushCells(state.initial);
  const next: DragState = {
    kind: 'brushing',
    origin: state.origin,
    current: point,
    mode,
    initial: state.initial,
    band,
    cells,
  };
  if (band) {
    const span = bandSpan(layout, band, point);
    const touched = WellSet.of(next.initial.size, span.wells);
    return {
      state: next,
      selection: selection.reuse(combine(next.initial, mode, touched)),
      rect: span.rect,
    };
  }
  const rect = rectFromPoints(next.origin, point);
  return {
    state: next,
    selection: cells ? cells.select(mode, rect, layout, selection) : selection,
    rect,
  };
}

/** Release: a press that never became a drag is a click; a brush keeps its result. */
export function pointerUp(state: DragState, selection: WellSet, layout: PlateLayout): DragStep {
  if (state.kind === 'pointing') {
    return {
      state: IDLE,
      selection: selection.reuse(clickSelection(selection, state.hit, state.modifiers, layout)),
      rect: null,
    };
  }
  return { state: IDLE, selection, rect: null };
}

/** Escape or a lost pointer: a brush restores the selection it started from. */
export function cancelDrag(state: DragState, selection: WellSet): DragStep {
  if (state.kind === 'brushing')
    return { state: IDLE, selection: selection.reuse(state.initial), rect: null };
  return { state: IDLE, selection, rect: null };
}
