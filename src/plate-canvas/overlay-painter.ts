// Paints the session overlay (selection, focus and hover marks; the drag rectangle) into 2D
// contexts. It runs wherever the canvases are: in the overlay worker when the browser can
// hand canvases to a worker (OffscreenCanvas), else on the main thread. Nothing here touches
// the DOM.
// - Marks sit inside their well's cell, so a change redraws only the cells whose marks
//   changed (clear the cell, copy its marks from a pre-drawn sheet).
// - Mark canvases are tiles of at most 8x12 wells (tileRects): only changed tiles travel to
//   the compositor.
// - The drag rectangle has its own canvases, tiles of at most BRUSH_TILE device pixels over
//   the whole layout (brushTileRects): a move redraws only the tiles whose part of the
//   rectangle changed. A canvas sends the compositor its whole area as damage at each
//   frame, so one plate-sized canvas had the compositor blend the whole plate again at
//   every pointer move; tiles keep the damage near the edges that moved.
import { BLOCK_COLS, BLOCK_ROWS } from '../domain/plate-format';
import { viewShows, type GridView, type PlateLayout, type Rect } from './plate-geometry';
import { OVERLAY_COLORS } from './well-appearance';
import type { WellSet } from '../domain/plate/well-set';

/** What the 2D contexts of HTML and offscreen canvases have in common, as used here. */
export type Ctx2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
type AnyCanvas = HTMLCanvasElement | OffscreenCanvas;

/** Session state the overlay shows. */
export interface PaintState {
  selection: WellSet;
  /** Focused well, or -1 when the focus ring is hidden. */
  focus: number;
  hover: number;
  dragRect: Rect | null;
}

/** One mark tile: which cells of which view, and where, in device pixels of the layout. */
export interface TileRect {
  view: number;
  row0: number;
  col0: number;
  dx: number;
  dy: number;
  width: number;
  height: number;
}

const css = (c: number) => `#${c.toString(16).padStart(6, '0')}`;
const SELECTED = 1;
const FOCUSED = 2;
const HOVERED = 4;

/** Side of a drag-rectangle tile in device pixels. */
const BRUSH_TILE = 256;

/** A drag-rectangle tile: its place in device pixels of the layout. */
export interface BrushTileRect {
  dx: number;
  dy: number;
  width: number;
  height: number;
}

/** Tiles of at most BRUSH_TILE device pixels covering the layout, row by row. */
export function brushTileRects(layout: PlateLayout, dpr: number): BrushTileRect[] {
  const w = Math.max(1, Math.round(layout.width * dpr));
  const h = Math.max(1, Math.round(layout.height * dpr));
  const out: BrushTileRect[] = [];
  for (let dy = 0; dy < h; dy += BRUSH_TILE) {
    for (let dx = 0; dx < w; dx += BRUSH_TILE) {
      out.push({
        dx,
        dy,
        width: Math.min(BRUSH_TILE, w - dx),
        height: Math.min(BRUSH_TILE, h - dy),
      });
    }
  }
  return out;
}

/** Tiles of at most 8x12 cells covering every view, snapped outwards to device pixels. */
export function tileRects(layout: PlateLayout, dpr: number): TileRect[] {
  const out: TileRect[] = [];
  layout.views.forEach((view, v) => {
    const rows = Math.min(view.viewRows, BLOCK_ROWS);
    const cols = Math.min(view.viewCols, BLOCK_COLS);
    for (let r0 = 0; r0 < view.viewRows; r0 += rows) {
      for (let c0 = 0; c0 < view.viewCols; c0 += cols) {
        const dx = Math.floor((view.x + c0 * view.pitch) * dpr);
        const dy = Math.floor((view.y + r0 * view.pitch) * dpr);
        const right = Math.ceil((view.x + Math.min(view.viewCols, c0 + cols) * view.pitch) * dpr);
        const bottom = Math.ceil((view.y + Math.min(view.viewRows, r0 + rows) * view.pitch) * dpr);
        out.push({ view: v, row0: r0, col0: c0, dx, dy, width: right - dx, height: bottom - dy });
      }
    }
  });
  return out;
}

function drawMark(ctx: Ctx2D, bits: number, x: number, size: number, view: GridView, dpr: number) {
  const half = size / 2;
  const cx = x + half;
  const cy = half;
  if (bits & SELECTED) {
    ctx.beginPath();
    ctx.arc(cx, cy, view.radius * dpr, 0, Math.PI * 2);
    ctx.globalAlpha = 0.28;
    ctx.fillStyle = css(OVERLAY_COLORS.selection);
    ctx.fill();
    ctx.globalAlpha = 1;
    const w = Math.max(2 * dpr, half * 0.26);
    ctx.beginPath();
    ctx.arc(cx, cy, Math.max(0, half - dpr - w / 2), 0, Math.PI * 2);
    ctx.lineWidth = w;
    ctx.strokeStyle = css(OVERLAY_COLORS.selection);
    ctx.stroke();
  }
  if (bits & HOVERED) {
    ctx.beginPath();
    ctx.arc(cx, cy, Math.max(0, half - dpr), 0, Math.PI * 2);
    ctx.lineWidth = 1.5 * dpr;
    ctx.strokeStyle = css(OVERLAY_COLORS.hover);
    ctx.stroke();
  }
  if (bits & FOCUSED) {
    const w = Math.max(1.5 * dpr, view.pitch * dpr * 0.07);
    ctx.lineWidth = w;
    ctx.strokeStyle = css(OVERLAY_COLORS.focus);
    ctx.strokeRect(x + w / 2, w / 2, size - w, size - w);
  }
}

interface Sheet {
  /** The marks drawn: an ImageBitmap when the sheet was an OffscreenCanvas. */
  canvas: AnyCanvas | ImageBitmap;
  /** Side of one mark in device pixels (at most the pitch: marks never leave their cell). */
  size: number;
}

/** The seven combinations of selected/focused/hovered, side by side, for one view size. */
function markSheet(view: GridView, dpr: number, make: (w: number, h: number) => AnyCanvas): Sheet {
  const size = Math.max(4, Math.floor(view.pitch * dpr));
  const canvas = make(size * 8, size);
  const ctx = canvas.getContext('2d') as Ctx2D | null;
  if (ctx) for (let bits = 1; bits < 8; bits++) drawMark(ctx, bits, bits * size, size, view, dpr);
  // Copying from a canvas takes a snapshot of it at every drawImage (a frame of its own in
  // chromium, about 0.08 ms each); a bitmap is copied as it is.
  const image = 'transferToImageBitmap' in canvas ? canvas.transferToImageBitmap() : canvas;
  return { canvas: image, size };
}

/** A canvas for the mark sheets, in a worker or in a page. */
export function scratchCanvas(w: number, h: number): AnyCanvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(w, h);
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  return c;
}

/** Paints one layout's overlay into the given tile and brush contexts. */
export class OverlayPainter {
  private layout: PlateLayout | null = null;
  private dpr = 1;
  private tiles: (TileRect & { ctx: Ctx2D | null })[] = [];
  private sheets: Sheet[] = [];
  private brush: (BrushTileRect & { ctx: Ctx2D | null })[] = [];
  /**
   * Per drag-rectangle tile, the rectangle's edges as that tile shows them (left, top,
   * right, bottom in device pixels, clamped to just outside the tile; NaN: none shown).
   */
  private brushShown = new Float64Array(0);
  /** Per view: index of its first tile, and tiles per row of tiles. */
  private firstTile: number[] = [];
  private perRow: number[] = [];
  private shown: PaintState | null = null;

  /** `makeCanvas` gives the canvases the marks are pre-drawn on (tests pass a fake). */
  constructor(private readonly makeCanvas: (w: number, h: number) => AnyCanvas = scratchCanvas) {}

  /**
   * Starts over with new canvases (mark tiles in tileRects order, drag-rectangle tiles in
   * brushTileRects order); all is drawn on the next update.
   */
  setLayout(
    layout: PlateLayout,
    dpr: number,
    tiles: (Ctx2D | null)[],
    brush: (Ctx2D | null)[],
  ): void {
    this.layout = layout;
    this.dpr = dpr;
    this.tiles = tileRects(layout, dpr).map((t, i) => ({ ...t, ctx: tiles[i] ?? null }));
    this.sheets = layout.views.map((v) => markSheet(v, dpr, this.makeCanvas));
    this.perRow = layout.views.map((v) => Math.ceil(v.viewCols / Math.min(v.viewCols, BLOCK_COLS)));
    this.firstTile = layout.views.map((_, v) => this.tiles.findIndex((t) => t.view === v));
    this.brush = brushTileRects(layout, dpr).map((t, i) => ({ ...t, ctx: brush[i] ?? null }));
    this.brushShown = new Float64Array(this.brush.length * 4).fill(Number.NaN);
    this.shown = null;
  }

  private bits(index: number, s: PaintState): number {
    return (
      (s.selection.has(index) ? SELECTED : 0) |
      (index === s.focus ? FOCUSED : 0) |
      (index === s.hover ? HOVERED : 0)
    );
  }

  /** Clears the well's cell in every view that shows it and draws its marks again. */
  private redrawWell(index: number, s: PaintState): void {
    const layout = this.layout;
    if (!layout) return;
    const bits = this.bits(index, s);
    for (let v = 0; v < layout.views.length; v++) {
      const view = layout.views[v];
      const row = Math.floor(index / view.cols);
      const col = index % view.cols;
      if (!viewShows(view, row, col)) continue;
      const r = row - view.row0;
      const c = col - view.col0;
      const tileRows = Math.min(view.viewRows, BLOCK_ROWS);
      const tileCols = Math.min(view.viewCols, BLOCK_COLS);
      const t =
        this.firstTile[v] + Math.floor(r / tileRows) * this.perRow[v] + Math.floor(c / tileCols);
      const tile = this.tiles[t];
      const { canvas, size } = this.sheets[v];
      if (!tile?.ctx) continue;
      const x = Math.round((view.x + (c + 0.5) * view.pitch) * this.dpr - size / 2) - tile.dx;
      const y = Math.round((view.y + (r + 0.5) * view.pitch) * this.dpr - size / 2) - tile.dy;
      tile.ctx.clearRect(x, y, size, size);
      if (bits !== 0) tile.ctx.drawImage(canvas, bits * size, 0, size, size, x, y, size, size);
    }
  }

  /** Brings the canvases in line with the state, touching only what changed. */
  update(s: PaintState): void {
    if (!this.layout) return;
    const prev = this.shown;
    if (prev === null) {
      s.selection.forEach((i) => this.redrawWell(i, s));
      for (const i of [s.focus, s.hover]) if (i >= 0) this.redrawWell(i, s);
    } else {
      if (prev.selection !== s.selection && !prev.selection.equals(s.selection)) {
        prev.selection.forEachDifference(s.selection, (i) => this.redrawWell(i, s));
      }
      // Focus and hover moves redraw the wells they left and reached (each well once).
      const f0 = prev.focus !== s.focus ? prev.focus : -1;
      const f1 = prev.focus !== s.focus ? s.focus : -1;
      const h0 = prev.hover !== s.hover ? prev.hover : -1;
      const h1 = prev.hover !== s.hover ? s.hover : -1;
      if (f0 >= 0) this.redrawWell(f0, s);
      if (f1 >= 0 && f1 !== f0) this.redrawWell(f1, s);
      if (h0 >= 0 && h0 !== f0 && h0 !== f1) this.redrawWell(h0, s);
      if (h1 >= 0 && h1 !== f0 && h1 !== f1 && h1 !== h0) this.redrawWell(h1, s);
    }
    this.drawBrush(prev?.dragRect ?? null, s.dragRect, prev === null);
    this.shown = s;
  }

  /**
   * Redraws the drag-rectangle tiles whose part of the rectangle changed. A tile shows the
   * rectangle's fill and one-device-pixel edge where they fall inside it; an edge farther
   * out than the edge's width leaves the tile's pixels as they are, so each edge is clamped
   * to just outside the tile and the tile is drawn again only when a clamped edge moved.
   */
  private drawBrush(was: Rect | null, rect: Rect | null, fresh: boolean): void {
    if (!fresh && sameRect(was, rect)) return;
    const d = this.dpr;
    const margin = Math.ceil(d) + 1;
    let x0 = 0;
    let y0 = 0;
    let x1 = 0;
    let y1 = 0;
    if (rect) {
      x0 = Math.round(rect.x * d);
      y0 = Math.round(rect.y * d);
      x1 = x0 + Math.max(1, Math.round(rect.width * d));
      y1 = y0 + Math.max(1, Math.round(rect.height * d));
    }
    const shown = this.brushShown;
    for (let i = 0; i < this.brush.length; i++) {
      const t = this.brush[i];
      const right = t.dx + t.width;
      const bottom = t.dy + t.height;
      const inside = rect !== null && x0 < right && x1 > t.dx && y0 < bottom && y1 > t.dy;
      const l = inside ? clamp(x0, t.dx - margin, right + margin) : Number.NaN;
      const u = inside ? clamp(y0, t.dy - margin, bottom + margin) : Number.NaN;
      const r = inside ? clamp(x1, t.dx - margin, right + margin) : Number.NaN;
      const b = inside ? clamp(y1, t.dy - margin, bottom + margin) : Number.NaN;
      const k = i * 4;
      const blank = Number.isNaN(shown[k]);
      const same = inside
        ? shown[k] === l && shown[k + 1] === u && shown[k + 2] === r && shown[k + 3] === b
        : blank;
      if (same && !fresh) continue;
      shown[k] = l;
      shown[k + 1] = u;
      shown[k + 2] = r;
      shown[k + 3] = b;
      const ctx = t.ctx;
      if (!ctx) continue;
      if (!blank || fresh) ctx.clearRect(0, 0, t.width, t.height);
      if (!inside) continue;
      // Drawn at the rectangle's own place: the tile's canvas clips what lies outside it.
      const x = x0 - t.dx;
      const y = y0 - t.dy;
      const w = x1 - x0;
      const h = y1 - y0;
      ctx.fillStyle = css(OVERLAY_COLORS.selection);
      ctx.globalAlpha = 0.1;
      ctx.fillRect(x, y, w, h);
      ctx.globalAlpha = 1;
      ctx.lineWidth = d;
      ctx.strokeStyle = css(OVERLAY_COLORS.selection);
      ctx.strokeRect(x + d / 2, y + d / 2, w - d, h - d);
    }
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

function sameRect(a: Rect | null, b: Rect | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

type FrameRequest = (paint: () => void) => void;

/** The animation frame of the scope this runs in (a page or a worker), else a 16 ms timer. */
const nextFrame: FrameRequest =
  typeof requestAnimationFrame === 'function'
    ? (paint) => void requestAnimationFrame(() => paint())
    : (paint) => void setTimeout(paint, 16);

/**
 * Paints only the latest state, once per animation frame: updates may arrive faster than
 * frames (a burst of keys, a fast drag) and each caller learns when its state is on canvas.
 */
export class BatchedPainter {
  private pending: PaintState | null = null;
  private waiters: (() => void)[] = [];
  private requested = false;

  constructor(
    private readonly painter = new OverlayPainter(),
    private readonly request: FrameRequest = nextFrame,
  ) {}

  setLayout(
    layout: PlateLayout,
    dpr: number,
    tiles: (Ctx2D | null)[],
    brush: (Ctx2D | null)[],
  ): void {
    this.painter.setLayout(layout, dpr, tiles, brush);
  }

  /** Resolves once this state (or a newer one) is painted. */
  update(s: PaintState): Promise<void> {
    this.pending = s;
    if (!this.requested) {
      this.requested = true;
      this.request(this.paint);
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private readonly paint = () => {
    this.requested = false;
    const s = this.pending;
    this.pending = null;
    if (s) this.painter.update(s);
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  };
}
