// Cell <-> pixel arithmetic of the plate canvas. Data in, data out: nothing in this file may
// touch pixi, the DOM or a store, so every rule here is unit-tested without a canvas.
// Coordinates are CSS pixels relative to the canvas' top-left corner.
import type { Point, Rect } from '../domain/plate/rect';
import {
  BLOCK_COLS,
  BLOCK_ROWS,
  plateDefn,
  subsectionBounds,
  subsectionCount,
  type PlateFormat,
} from '../domain/plate-format';

/** One grid drawn on the canvas: the whole plate, or the zoomed 8x12 subsection. */
export interface GridView {
  kind: 'plate' | 'zoom';
  /** Plate shape, for index arithmetic (index = row * cols + col). */
  rows: number;
  cols: number;
  /** The window of the plate this view shows. */
  row0: number;
  col0: number;
  viewRows: number;
  viewCols: number;
  /** Top-left corner of the first well cell. */
  x: number;
  y: number;
  /** Cell size: distance between neighbouring well centres. */
  pitch: number;
  /** Radius of a drawn well. */
  radius: number;
  /** Width of the row-letter gutter left of the cells and height of the column-number band above. */
  gutter: number;
}

/** Everything drawn on the canvas, positioned for one size. */
export interface PlateLayout {
  format: PlateFormat;
  rows: number;
  cols: number;
  width: number;
  height: number;
  views: GridView[];
}

/** Where the zoomed block goes: whichever gives the larger wells, or the one chosen. */
export type ZoomDock = 'auto' | 'beside' | 'below';

/** What lies under a point. `view` is the index of the view in `layout.views`. */
export type PlateHit =
  | { kind: 'well'; index: number; view: number }
  | { kind: 'row-label'; row: number; view: number }
  | { kind: 'col-label'; col: number; view: number }
  | { kind: 'outside' };

export type { Point, Rect };

const OUTSIDE: PlateHit = { kind: 'outside' };
/** Room around the grids for the plate body drawn behind the wells. */
const MARGIN = 8;
const GAP = 20;
/** Well diameter as a share of the pitch: leaves a visible gap between neighbours. */
const WELL_FILL = 0.84;
/** Zoom pitch relative to the overview pitch: 1536 needs more to make "AF48" readable. */
const ZOOM_FACTOR: Partial<Record<PlateFormat, number>> = { 384: 1.7, 1536: 2.6 };

/** Label gutter for a pitch: room for two letters or two digits at a readable size. */
export function gutterFor(pitch: number): number {
  return Math.round(Math.min(32, Math.max(18, pitch * 0.9)));
}

function makeView(
  kind: GridView['kind'],
  format: PlateFormat,
  window: { row0: number; col0: number; rows: number; cols: number },
  x: number,
  y: number,
  pitch: number,
  gutter: number,
): GridView {
  const { rows, cols } = plateDefn(format);
  return {
    kind,
    rows,
    cols,
    row0: window.row0,
    col0: window.col0,
    viewRows: window.rows,
    viewCols: window.cols,
    x: x + gutter,
    y: y + gutter,
    pitch,
    radius: (pitch * WELL_FILL) / 2,
    gutter,
  };
}

/** Largest pitch (and its gutter) at which `cols` x `rows` cells plus a gutter fit in w x h. */
function fitPitch(w: number, h: number, cols: number, rows: number): { pitch: number; g: number } {
  // The gutter depends on the pitch: two refinements settle it, and the gutter returned is
  // the one the pitch was solved with, so the grid always fits.
  let pitch = Math.min(w / (cols + 1), h / (rows + 1));
  let g = 0;
  for (let i = 0; i < 2; i++) {
    g = gutterFor(pitch);
    pitch = Math.min((w - g) / cols, (h - g) / rows);
  }
  return { pitch: Math.max(1, pitch), g };
}

/**
 * Lays out a plate in width x height: the whole plate fitted to the space, and for 384/1536
 * plates the focused 8x12 subsection as a second, zoomed grid beside or below it (whichever
 * arrangement gives the overview the larger wells, or as `dock` says) unless `showZoom` is
 * false: then the whole plate takes all the space.
 */
export function computeLayout(
  format: PlateFormat,
  width: number,
  height: number,
  subsection = 0,
  showZoom = true,
  dock: ZoomDock = 'auto',
): PlateLayout {
  const { rows, cols } = plateDefn(format);
  const w = Math.max(0, width - 2 * MARGIN);
  const h = Math.max(0, height - 2 * MARGIN);
  const base = { format, rows, cols, width, height };
  const whole = { row0: 0, col0: 0, rows, cols };
  const k = ZOOM_FACTOR[format];

  if (k === undefined || subsectionCount(format) <= 1 || !showZoom) {
    const { pitch, g } = fitPitch(w, h, cols, rows);
    const x = MARGIN + (w - (g + cols * pitch)) / 2;
    const y = MARGIN + (h - (g + rows * pitch)) / 2;
    return { ...base, views: [makeView('plate', format, whole, x, y, pitch, g)] };
  }

  const block = subsectionBounds(format, subsection);
  // Overview pitch p, zoom pitch p * k; side by side or stacked, solved in closed form for
  // given gutters, which are then refined from the pitch (as in fitPitch).
  const sidePitch = (g: number, gz: number) =>
    Math.min(
      (w - g - gz - GAP) / (cols + BLOCK_COLS * k),
      (h - g) / rows,
      (h - gz) / (BLOCK_ROWS * k),
    );
  const stackPitch = (g: number, gz: number) =>
    Math.min(
      (w - g) / cols,
      (w - gz) / (BLOCK_COLS * k),
      (h - g - gz - GAP) / (rows + BLOCK_ROWS * k),
    );
  const solve = (fn: (g: number, gz: number) => number) => {
    let pitch = fn(20, 20);
    let g = 0;
    let gz = 0;
    for (let i = 0; i < 2; i++) {
      g = gutterFor(pitch);
      gz = gutterFor(pitch * k);
      pitch = fn(g, gz);
    }
    return { pitch: Math.max(1, pitch), g, gz };
  };
  const sideFit = solve(sidePitch);
  const stackFit = solve(stackPitch);
  const side = dock === 'auto' ? sideFit.pitch >= stackFit.pitch : dock === 'beside';
  const { pitch, g, gz } = side ? sideFit : stackFit;
  const zoomPitch = pitch * k;
  const plateW = g + cols * pitch;
  const plateH = g + rows * pitch;
  const zoomW = gz + BLOCK_COLS * zoomPitch;
  const zoomH = gz + BLOCK_ROWS * zoomPitch;
  let views: GridView[];
  if (side) {
    const x = MARGIN + (w - (plateW + GAP + zoomW)) / 2;
    const y = MARGIN + (h - Math.max(plateH, zoomH)) / 2;
    views = [
      makeView('plate', format, whole, x, y, pitch, g),
      makeView('zoom', format, block, x + plateW + GAP, y, zoomPitch, gz),
    ];
  } else {
    const x = MARGIN + (w - Math.max(plateW, zoomW)) / 2;
    const y = MARGIN + (h - (plateH + GAP + zoomH)) / 2;
    views = [
      makeView('plate', format, whole, x, y, pitch, g),
      makeView('zoom', format, block, x, y + plateH + GAP, zoomPitch, gz),
    ];
  }
  return { ...base, views };
}

/** True when the view shows the well at (row, col). */
export function viewShows(view: GridView, row: number, col: number): boolean {
  return (
    row >= view.row0 &&
    row < view.row0 + view.viewRows &&
    col >= view.col0 &&
    col < view.col0 + view.viewCols
  );
}

/** The well whose cell holds the point, or -1. One division per axis. */
export function wellAtPoint(view: GridView, x: number, y: number): number {
  const c = Math.floor((x - view.x) / view.pitch);
  const r = Math.floor((y - view.y) / view.pitch);
  if (c < 0 || r < 0 || c >= view.viewCols || r >= view.viewRows) return -1;
  return (view.row0 + r) * view.cols + view.col0 + c;
}

/** Centre of a well in a view (whether or not the view shows it). */
export function wellCenter(view: GridView, index: number): Point {
  const row = Math.floor(index / view.cols);
  const col = index % view.cols;
  return {
    x: view.x + (col - view.col0 + 0.5) * view.pitch,
    y: view.y + (row - view.row0 + 0.5) * view.pitch,
  };
}

/** Normalised rectangle spanned by two points. */
export function rectFromPoints(a: Point, b: Point): Rect {
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(a.x - b.x),
    height: Math.abs(a.y - b.y),
  };
}

/** Distance from `v` to the interval [lo, hi] (0 inside it). */
function gap(v: number, lo: number, hi: number): number {
  return v < lo ? lo - v : v > hi ? v - hi : 0;
}

/** True when the rectangle touches the drawn circle of the view's cell (r, c) (view-local). */
export function touchesCell(view: GridView, rect: Rect, r: number, c: number): boolean {
  const dx = gap(view.x + (c + 0.5) * view.pitch, rect.x, rect.x + rect.width);
  const dy = gap(view.y + (r + 0.5) * view.pitch, rect.y, rect.y + rect.height);
  return dx * dx + dy * dy <= view.radius * view.radius;
}

/** What lies under the point: a well, a row letter, a column number, or nothing. */
export function hitTest(layout: PlateLayout, x: number, y: number): PlateHit {
  for (let v = 0; v < layout.views.length; v++) {
    const view = layout.views[v];
    const right = view.x + view.viewCols * view.pitch;
    const bottom = view.y + view.viewRows * view.pitch;
    const inCols = x >= view.x && x < right;
    const inRows = y >= view.y && y < bottom;
    if (inCols && inRows) return { kind: 'well', index: wellAtPoint(view, x, y), view: v };
    if (inRows && x >= view.x - view.gutter && x < view.x) {
      return { kind: 'row-label', row: view.row0 + Math.floor((y - view.y) / view.pitch), view: v };
    }
    if (inCols && y >= view.y - view.gutter && y < view.y) {
      return { kind: 'col-label', col: view.col0 + Math.floor((x - view.x) / view.pitch), view: v };
    }
  }
  return OUTSIDE;
}

/** Wells a row label stands for: the row across the columns its view shows. */
export function wellsOfRowLabel(view: GridView, row: number): number[] {
  const out: number[] = [];
  for (let c = view.col0; c < view.col0 + view.viewCols; c++) out.push(row * view.cols + c);
  return out;
}

/** Wells a column label stands for: the column across the rows its view shows. */
export function wellsOfColLabel(view: GridView, col: number): number[] {
  const out: number[] = [];
  for (let r = view.row0; r < view.row0 + view.viewRows; r++) out.push(r * view.cols + col);
  return out;
}
