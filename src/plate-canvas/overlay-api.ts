// The overlay worker's side of the plate overlay: the painter, driven by bare messages on
// the worker's own port (one port, so a new layout always arrives before the states drawn
// on it). A state is the selection's bitset words and a few numbers; the worker answers
// the newest state it has painted, once per painted frame and only when asked (a frame
// listener waits for it), so a drag costs the main thread no call ids and no promise per
// message. Kept apart from the worker entry so it can also
// run in tests on a MessageChannel.
import { BatchedPainter } from './overlay-painter';
import type { PlateLayout, Rect } from './plate-geometry';
import { WellSet } from '../domain/plate/well-set';

/** One overlay state: the selection as bitset words (see WellSet.toWords). */
export interface OverlayUpdate {
  kind: 'state';
  /** Numbers the states in order; the worker answers the newest one it has painted. */
  seq: number;
  /** False when nobody waits for the answer (no frame listener): none is sent. */
  answer: boolean;
  size: number;
  words: Uint32Array;
  focus: number;
  hover: number;
  dragRect: Rect | null;
}

/** New canvases for a new layout (tiles in tileRects order, then the brush canvas). */
export interface OverlayLayoutMessage {
  kind: 'layout';
  layout: PlateLayout;
  dpr: number;
  tiles: OffscreenCanvas[];
  brush: OffscreenCanvas;
}

export type OverlayMessage = OverlayUpdate | OverlayLayoutMessage;

/** The worker's global scope, as used here. */
interface OverlayEndpoint {
  postMessage(message: number, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<OverlayMessage>) => void): void;
}

/** Paints the states that arrive on `endpoint` (the worker's global scope). */
export function exposeOverlay(endpoint: OverlayEndpoint): void {
  const painter = new BatchedPainter();
  let newest = 0;
  endpoint.addEventListener('message', (e) => {
    const m = e.data;
    if (m.kind === 'layout') {
      painter.setLayout(
        m.layout,
        m.dpr,
        m.tiles.map((t) => t.getContext('2d')),
        m.brush.getContext('2d'),
      );
      return;
    }
    newest = m.seq;
    void painter
      .update({
        selection: WellSet.fromWords(m.size, m.words),
        focus: m.focus,
        hover: m.hover,
        dragRect: m.dragRect,
      })
      .then(() => {
        // Every state that arrived before the frame settles here: one answer for them all.
        if (m.seq === newest && m.answer) endpoint.postMessage(m.seq, []);
      });
  });
}
