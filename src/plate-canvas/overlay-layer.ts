// The session overlay above the WebGL wells: selection, focus and hover marks on 2D canvases,
// the drag rectangle and the zoomed subsection's frame as positioned elements.
// - Marks sit inside their well's cell, so a change redraws only the cells whose marks
//   changed (clear the cell, draw its marks again from a pre-drawn sheet).
// - The canvases are tiles of at most 8x12 wells: the browser hands only changed tiles to the
//   compositor, so a drag step costs the tiles the rectangle's edges crossed.
// - The drag rectangle is five 1px elements placed with transforms only: no layout, no paint.
// The WebGL scene with its 1536 wells is not rendered for any of this.
import { BLOCK_COLS, BLOCK_ROWS, subsectionBounds, type PlateFormat } from '../domain/plate-format';
import type { GridView, PlateLayout, Rect } from './plate-geometry';
import { OVERLAY_COLORS } from './well-appearance';
import type { WellSet } from './well-set';

/** The elements the overlay draws into, stacked above the pixi canvas. */
export interface OverlayElements {
  /** Holds the mark tiles (canvases are created here). */
  tiles: HTMLElement;
  /** Holds the drag rectangle's five parts. */
  brush: HTMLElement;
  block: HTMLElement;
}

/** Session state the overlay shows. */
export interface OverlayState {
  format: PlateFormat;
  selection: WellSet;
  focus: number;
  showFocus: boolean;
  hover: number;
  subsection: number;
  dragRect: Rect | null;
}

const css = (c: number) => `#${c.toString(16).padStart(6, '0')}`;
const SELECTED = 1;
const FOCUSED = 2;
const HOVERED = 4;

/** Pre-drawn marks for one view size: the 7 combinations of selected/focused/hovered. */
interface MarkSheet {
  canvas: HTMLCanvasElement;
  /** Side of one mark in device pixels (at most the pitch: marks never leave their cell). */
  size: number;
}

interface Tile {
  row0: number;
  col0: number;
  /** Top-left corner in device pixels of the layout. */
  dx: number;
  dy: number;
  ctx: CanvasRenderingContext2D | null;
}

interface ViewTiles {
  view: GridView;
  sheet: MarkSheet;
  tileRows: number;
  tileCols: number;
  perRow: number;
  tiles: Tile[];
}

function drawMark(
  ctx: CanvasRenderingContext2D,
  bits: number,
  x: number,
  size: number,
  view: GridView,
  dpr: number,
): void {
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

function markSheet(view: GridView, dpr: number): MarkSheet {
  const size = Math.max(4, Math.floor(view.pitch * dpr));
  const canvas = document.createElement('canvas');
  canvas.width = size * 8;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (ctx) for (let bits = 1; bits < 8; bits++) drawMark(ctx, bits, bits * size, size, view, dpr);
  return { canvas, size };
}

/** Draws the session marks of one layout; reset by setLayout. */
export class OverlayLayer {
  private layout: PlateLayout | null = null;
  private views: ViewTiles[] = [];
  private dpr = 1;
  /** What is drawn now; null forces a full redraw. */
  private shown: { selection: WellSet; focus: number; hover: number } | null = null;
  private brushShown: Rect | null | undefined = undefined;
  private readonly brushParts: HTMLElement[] = [];
  private blockShown = '';

  constructor(private readonly el: OverlayElements) {
    for (let i = 0; i < 5; i++) {
      const part = document.createElement('div');
      part.className = i === 0 ? 'plate-view__brush-fill' : 'plate-view__brush-edge';
      this.brushParts.push(part);
    }
    el.brush.replaceChildren(...this.brushParts);
  }

  /** Builds the tiles for a new layout; everything is redrawn on the next update. */
  setLayout(layout: PlateLayout, dpr: number): void {
    this.layout = layout;
    this.dpr = dpr;
    const canvases: HTMLCanvasElement[] = [];
    this.views = layout.views.map((view) => {
      const tileRows = Math.min(view.viewRows, BLOCK_ROWS);
      const tileCols = Math.min(view.viewCols, BLOCK_COLS);
      const perRow = Math.ceil(view.viewCols / tileCols);
      const tiles: Tile[] = [];
      for (let r0 = 0; r0 < view.viewRows; r0 += tileRows) {
        for (let c0 = 0; c0 < view.viewCols; c0 += tileCols) {
          const dx = Math.floor((view.x + c0 * view.pitch) * dpr);
          const dy = Math.floor((view.y + r0 * view.pitch) * dpr);
          const right = Math.ceil((view.x + (c0 + tileCols) * view.pitch) * dpr);
          const bottom = Math.ceil((view.y + (r0 + tileRows) * view.pitch) * dpr);
          const canvas = document.createElement('canvas');
          canvas.width = right - dx;
          canvas.height = bottom - dy;
          canvas.className = 'plate-view__tile';
          canvas.style.transform = `translate(${dx / dpr}px, ${dy / dpr}px)`;
          canvas.style.width = `${(right - dx) / dpr}px`;
          canvas.style.height = `${(bottom - dy) / dpr}px`;
          canvases.push(canvas);
          tiles.push({ row0: r0, col0: c0, dx, dy, ctx: canvas.getContext('2d') });
        }
      }
      return { view, sheet: markSheet(view, dpr), tileRows, tileCols, perRow, tiles };
    });
    this.el.tiles.replaceChildren(...canvases);
    this.shown = null;
    this.blockShown = '';
  }

  private bitsOf(index: number, s: OverlayState): number {
    return (
      (s.selection.has(index) ? SELECTED : 0) |
      (s.showFocus && index === s.focus ? FOCUSED : 0) |
      (index === s.hover ? HOVERED : 0)
    );
  }

  /** Clears the well's cell in every view that shows it and draws its marks again. */
  private redrawWell(index: number, bits: number): void {
    for (const vt of this.views) {
      const { view, sheet } = vt;
      const r = Math.floor(index / view.cols) - view.row0;
      const c = (index % view.cols) - view.col0;
      if (r < 0 || c < 0 || r >= view.viewRows || c >= view.viewCols) continue;
      const tile = vt.tiles[Math.floor(r / vt.tileRows) * vt.perRow + Math.floor(c / vt.tileCols)];
      if (!tile.ctx) continue;
      const { size } = sheet;
      const x = Math.round((view.x + (c + 0.5) * view.pitch) * this.dpr - size / 2) - tile.dx;
      const y = Math.round((view.y + (r + 0.5) * view.pitch) * this.dpr - size / 2) - tile.dy;
      tile.ctx.clearRect(x, y, size, size);
      if (bits !== 0)
        tile.ctx.drawImage(sheet.canvas, bits * size, 0, size, size, x, y, size, size);
    }
  }

  /** Brings the overlay in line with the state, touching only what changed. */
  update(s: OverlayState): void {
    if (!this.layout) return;
    const prev = this.shown;
    const focus = s.showFocus ? s.focus : -1;
    if (prev === null) {
      s.selection.forEach((i) => this.redrawWell(i, this.bitsOf(i, s)));
      for (const i of [focus, s.hover]) if (i >= 0) this.redrawWell(i, this.bitsOf(i, s));
    } else {
      if (prev.selection !== s.selection) {
        prev.selection.forEachDifference(s.selection, (i) => this.redrawWell(i, this.bitsOf(i, s)));
      }
      if (prev.focus !== focus || prev.hover !== s.hover) {
        for (const i of new Set([prev.focus, focus, prev.hover, s.hover])) {
          if (i >= 0) this.redrawWell(i, this.bitsOf(i, s));
        }
      }
    }
    this.shown = { selection: s.selection, focus, hover: s.hover };
    this.drawBrush(s.dragRect);
    this.drawBlock(s);
  }

  private drawBrush(rect: Rect | null): void {
    if (rect === this.brushShown) return;
    this.brushShown = rect;
    const { style } = this.el.brush;
    if (!rect) {
      style.display = 'none';
      return;
    }
    style.display = 'block';
    const { x, y } = rect;
    const w = Math.max(1, rect.width);
    const h = Math.max(1, rect.height);
    const place = (i: number, px: number, py: number, sx: number, sy: number) => {
      this.brushParts[i].style.transform = `translate(${px}px, ${py}px) scale(${sx}, ${sy})`;
    };
    place(0, x, y, w, h);
    place(1, x, y, w, 1);
    place(2, x, y + h - 1, w, 1);
    place(3, x, y, 1, h);
    place(4, x + w - 1, y, 1, h);
  }

  /** Frames the zoomed subsection on the overview of a 384/1536 plate. */
  private drawBlock(s: OverlayState): void {
    const layout = this.layout;
    const plate = layout && layout.views.length > 1 ? layout.views[0] : null;
    const b = plate ? subsectionBounds(s.format, s.subsection) : null;
    const key = plate && b ? `${plate.x},${plate.y},${plate.pitch},${b.row0},${b.col0}` : '';
    if (key === this.blockShown) return;
    this.blockShown = key;
    const { style } = this.el.block;
    if (!plate || !b) {
      style.display = 'none';
      return;
    }
    const x = plate.x + (b.col0 - plate.col0) * plate.pitch;
    const y = plate.y + (b.row0 - plate.row0) * plate.pitch;
    style.display = 'block';
    style.transform = `translate(${x}px, ${y}px)`;
    style.width = `${b.cols * plate.pitch}px`;
    style.height = `${b.rows * plate.pitch}px`;
  }
}
