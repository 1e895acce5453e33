// The session overlay above the WebGL wells, main-thread side. It owns the elements (mark
// tiles and the drag-rectangle tiles, stacked over the pixi canvas; the zoomed subsection's
// frame) and hands the painting to the overlay worker through OffscreenCanvas when the
// browser can, so a drag step costs the main thread one small message (a Float64Array of
// 58 numbers, copied), and at most one per animation frame: a state that arrives in a frame
// which already sent one waits for the next frame, where only the newest is sent. Without
// OffscreenCanvas the same painter (overlay-painter.ts) runs here.
import { subsectionBounds, type PlateFormat } from '../domain/plate-format';
import { encodeOverlayState, type OverlayLayoutMessage } from './overlay-api';
import { BatchedPainter, brushTileRects, tileRects, type Ctx2D } from './overlay-painter';
import type { PlateLayout, Rect } from './plate-geometry';
import type { WellSet } from '../domain/plate/well-set';

/** The elements the overlay draws into. */
export interface OverlayElements {
  /** Holds the mark tiles and the drag-rectangle tiles (created here). */
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

function context2d(c: HTMLCanvasElement): Ctx2D | null {
  return c.getContext('2d');
}

/** The answer of an update nobody waits on. */
const PAINTED: Promise<void> = Promise.resolve();

/** The current animation frame's time: the same for every task between two frames. */
function frameTime(): number {
  return Number(document.timeline.currentTime ?? -1);
}

/** Keeps the overlay in step with the session state; one per plate scene. */
export class OverlayLayer {
  /** Paints the overlay and answers the newest state it painted. */
  private readonly worker: Worker | null;
  private readonly local: BatchedPainter | null;
  private layout: PlateLayout | null = null;
  /** Where the block frame is now; null forces the next update to place or hide it. */
  private blockShown: { x: number; y: number; w: number; h: number } | null = null;
  /** The plate size and subsection the block frame was last placed for. */
  private blockFor = { format: 0, subsection: -1 };
  private seq = 0;
  /** Settles the updates up to a seq once the worker has painted it. */
  private waiting: { seq: number; done: () => void }[] = [];
  /** Frame time of the last state sent, and a state held for the next frame. */
  private sentAt = Number.NaN;
  private held: OverlayState | null = null;
  private heldFrame = 0;
  /** The state message, reused: postMessage copies it. */
  private message: Float64Array | undefined;

  /** `reportPainted`: whether update() answers when the state is painted (else at once). */
  constructor(
    private readonly el: OverlayElements,
    private reportPainted = true,
  ) {
    if (canPaintOffThread()) {
      this.worker = new Worker(new URL('../workers/overlay-worker.ts', import.meta.url), {
        type: 'module',
        name: 'plate-overlay',
      });
      this.worker.addEventListener('message', (e: MessageEvent<number>) => this.painted(e.data));
      this.local = null;
    } else {
      this.worker = null;
      this.local = new BatchedPainter();
    }
  }

  /** Whether update() answers when its state is painted: only while a frame listener waits. */
  setReportPainted(on: boolean): void {
    this.reportPainted = on;
    if (on) return;
    for (const w of this.waiting) w.done();
    this.waiting = [];
  }

  /** New canvases for a new layout; everything is painted again on the next update. */
  setLayout(layout: PlateLayout, dpr: number): void {
    this.layout = layout;
    // A new layout may have no zoomed block: the frame must be hidden, not left where it was.
    this.blockShown = null;
    const tiles = tileRects(layout, dpr).map((t) =>
      canvasAt(t.dx, t.dy, t.width, t.height, dpr, 'plate-view__tile'),
    );
    const brush = brushTileRects(layout, dpr).map((t) =>
      canvasAt(t.dx, t.dy, t.width, t.height, dpr, 'plate-view__tile plate-view__brush'),
    );
    this.el.tiles.replaceChildren(...tiles, ...brush);
    if (this.worker) {
      const off = tiles.map((c) => c.transferControlToOffscreen());
      const offBrush = brush.map((c) => c.transferControlToOffscreen());
      const m: OverlayLayoutMessage = { kind: 'layout', layout, dpr, tiles: off, brush: offBrush };
      this.worker.postMessage(m, [...off, ...offBrush]);
    } else {
      this.local?.setLayout(layout, dpr, tiles.map(context2d), brush.map(context2d));
    }
  }

  /**
   * Shows the state: the worker paints it as it arrives (the local painter in the next
   * animation frame), and the answer settles then. The caller may fill `s` again for the
   * next update: a state held for the next frame is sent as it is then, the newest.
   */
  update(s: OverlayState): Promise<void> {
    this.drawBlock(s);
    if (!this.worker) {
      const focus = s.showFocus ? s.focus : -1;
      const state = { selection: s.selection, focus, hover: s.hover, dragRect: s.dragRect };
      return this.local ? this.local.update(state) : Promise.resolve();
    }
    const seq = ++this.seq;
    const painted = this.reportPainted
      ? new Promise<void>((done) => this.waiting.push({ seq, done }))
      : PAINTED;
    const now = frameTime();
    if (now === this.sentAt) {
      // This frame already sent a state: the newest one goes in the next frame.
      this.held = s;
      if (this.heldFrame === 0) this.heldFrame = requestAnimationFrame(this.sendHeld);
    } else {
      this.sentAt = now;
      this.send(s, seq);
    }
    return painted;
  }

  private readonly sendHeld = (): void => {
    this.heldFrame = 0;
    const s = this.held;
    this.held = null;
    if (!s) return;
    this.sentAt = frameTime();
    this.send(s, this.seq);
  };

  private send(s: OverlayState, seq: number): void {
    this.message = encodeOverlayState(
      {
        seq,
        answer: this.reportPainted,
        selection: s.selection,
        focus: s.showFocus ? s.focus : -1,
        hover: s.hover,
        dragRect: s.dragRect,
      },
      this.message,
    );
    // Copied by postMessage, so the same array is filled again for the next state.
    this.worker?.postMessage(this.message);
  }

  /** The worker painted every state up to `seq`. */
  private painted(seq: number): void {
    let n = 0;
    while (n < this.waiting.length && this.waiting[n].seq <= seq) this.waiting[n++].done();
    if (n > 0) this.waiting.splice(0, n);
  }

  /** Frames the zoomed subsection on the overview of a 384/1536 plate. */
  private drawBlock(s: OverlayState): void {
    // Most updates (a drag's moves, hover) leave the block where it is: nothing is read.
    const placed = this.blockFor;
    if (this.blockShown && placed.format === s.format && placed.subsection === s.subsection) return;
    placed.format = s.format;
    placed.subsection = s.subsection;
    const layout = this.layout;
    const plate = layout && layout.views.length > 1 ? layout.views[0] : null;
    const b = plate ? subsectionBounds(s.format, s.subsection) : null;
    const was = this.blockShown;
    const { style } = this.el.block;
    if (!plate || !b) {
      if (was && was.w === 0) return;
      this.blockShown = { x: 0, y: 0, w: 0, h: 0 };
      style.display = 'none';
      return;
    }
    const x = plate.x + (b.col0 - plate.col0) * plate.pitch;
    const y = plate.y + (b.row0 - plate.row0) * plate.pitch;
    const w = b.cols * plate.pitch;
    const h = b.rows * plate.pitch;
    if (was && was.x === x && was.y === y && was.w === w && was.h === h) return;
    this.blockShown = { x, y, w, h };
    style.display = 'block';
    style.transform = `translate(${x}px, ${y}px)`;
    style.width = `${w}px`;
    style.height = `${h}px`;
  }

  destroy(): void {
    if (this.heldFrame !== 0) cancelAnimationFrame(this.heldFrame);
    this.worker?.terminate();
  }
}
