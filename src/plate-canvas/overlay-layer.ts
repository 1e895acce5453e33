// The session overlay above the WebGL wells, main-thread side. It owns the elements (mark
// tiles and the drag-rectangle canvas, stacked over the pixi canvas; the zoomed subsection's
// frame) and hands the painting to the overlay worker through OffscreenCanvas when the
// browser can, so a drag step costs the main thread one small message. Without
// OffscreenCanvas the same painter (overlay-painter.ts) runs here.
import * as Comlink from 'comlink';
import { subsectionBounds, type PlateFormat } from '../domain/plate-format';
import type { OverlayApi } from './overlay-api';
import { BatchedPainter, tileRects, type Ctx2D } from './overlay-painter';
import type { PlateLayout, Rect } from './plate-geometry';
import type { WellSet } from '../domain/plate/well-set';

/** The elements the overlay draws into. */
export interface OverlayElements {
  /** Holds the mark tiles and the drag-rectangle canvas (created here). */
  tiles: HTMLElement;
  /** Frames the zoomed subsection on the overview. */
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

/** True when canvases can be painted from a worker. */
function canPaintOffThread(): boolean {
  return (
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    'transferControlToOffscreen' in HTMLCanvasElement.prototype
  );
}

function canvasAt(x: number, y: number, w: number, h: number, dpr: number, cls: string) {
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  c.className = cls;
  c.style.transform = `translate(${x / dpr}px, ${y / dpr}px)`;
  c.style.width = `${w / dpr}px`;
  c.style.height = `${h / dpr}px`;
  return c;
}

/** Keeps the overlay in step with the session state; one per plate scene. */
export class OverlayLayer {
  private readonly worker: Worker | null;
  private readonly remote: Comlink.Remote<OverlayApi> | null;
  private readonly local: BatchedPainter | null;
  private layout: PlateLayout | null = null;
  /** What the block frame shows now; null forces the next update to place or hide it. */
  private blockShown: string | null = null;

  constructor(private readonly el: OverlayElements) {
    if (canPaintOffThread()) {
      this.worker = new Worker(new URL('../workers/overlay-worker.ts', import.meta.url), {
        type: 'module',
        name: 'plate-overlay',
      });
      this.remote = Comlink.wrap<OverlayApi>(this.worker);
      this.local = null;
    } else {
      this.worker = null;
      this.remote = null;
      this.local = new BatchedPainter();
    }
  }

  /** New canvases for a new layout; everything is painted again on the next update. */
  setLayout(layout: PlateLayout, dpr: number): void {
    this.layout = layout;
    // A new layout may have no zoomed block: the frame must be hidden, not left where it was.
    this.blockShown = null;
    const tiles = tileRects(layout, dpr).map((t) =>
      canvasAt(t.dx, t.dy, t.width, t.height, dpr, 'plate-view__tile'),
    );
    const w = Math.max(1, Math.round(layout.width * dpr));
    const h = Math.max(1, Math.round(layout.height * dpr));
    const brush = canvasAt(0, 0, w, h, dpr, 'plate-view__tile plate-view__brush');
    this.el.tiles.replaceChildren(...tiles, brush);
    if (this.remote) {
      const off = tiles.map((c) => c.transferControlToOffscreen());
      const offBrush = brush.transferControlToOffscreen();
      void this.remote.setLayout(layout, dpr, Comlink.transfer(off, [...off, offBrush]), offBrush);
    } else {
      this.local?.setLayout(
        layout,
        dpr,
        tiles.map((c) => c.getContext('2d') as Ctx2D | null),
        brush.getContext('2d'),
      );
    }
  }

  /** Shows the state; painted in the painter's next animation frame, when the answer settles. */
  update(s: OverlayState): Promise<void> {
    this.drawBlock(s);
    const focus = s.showFocus ? s.focus : -1;
    if (this.remote) {
      return this.remote.update({
        size: s.selection.size,
        words: s.selection.toWords(),
        focus,
        hover: s.hover,
        dragRect: s.dragRect && { ...s.dragRect },
      });
    }
    const state = { selection: s.selection, focus, hover: s.hover, dragRect: s.dragRect };
    return this.local ? this.local.update(state) : Promise.resolve();
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

  destroy(): void {
    this.remote?.[Comlink.releaseProxy]();
    this.worker?.terminate();
  }
}
