// The overlay worker's side of the plate overlay: the painter, driven by bare messages on
// the worker's own port (one port, so a new layout always arrives before the states drawn
// on it). A state is one Float64Array: a few numbers and the selection's bitset words,
// copied (encodeOverlayState); the worker answers the newest state it has painted, only
// when asked (a frame listener waits for it), so a drag costs the main thread no call ids
// and no promise per message. Kept apart from the worker entry so it can also run in tests
// on a MessageChannel.
// The worker paints a state as soon as it arrives (the page sends at most one per frame;
// the states of one task are painted once), not in its own next animation frame: the
// canvases then reach the compositor in the frame of the move rather than the one after,
// and the worker's painting is over before the page's frame begins instead of competing
// with it for a core.
import { BatchedPainter, OverlayPainter } from './overlay-painter';
import type { PlateLayout, Rect } from './plate-geometry';
import { WellSet } from '../domain/plate/well-set';

/** What one overlay state carries; sent as a flat Float64Array (encodeOverlayState). */
export interface OverlayStateFields {
  /** Numbers the states in order; the worker answers the newest one it has painted. */
  seq: number;
  /** False when nobody waits for the answer (no frame listener): none is sent. */
  answer: boolean;
  selection: WellSet;
  focus: number;
  hover: number;
  dragRect: Rect | null;
}

/**
 * One overlay state as a flat array: seq, answer, plate size, focus, hover, whether a
 * rectangle follows, its x, y, width and height, then the selection's bitset words (see
 * WellSet.toWords). A typed array is the cheapest message to post: copying 58 numbers costs
 * the main thread less than detaching a transferred buffer or cloning an object.
 */
export type OverlayUpdate = Float64Array;

const HEAD = 10;

/** The state as a message (`into`, when given and long enough, is filled and reused). */
export function encodeOverlayState(s: OverlayStateFields, into?: Float64Array): OverlayUpdate {
  // The selection's words go straight into the message: no copy of them per state.
  const length = HEAD + Math.ceil(s.selection.size / 32);
  const m = into && into.length === length ? into : new Float64Array(length);
  const r = s.dragRect;
  m[0] = s.seq;
  m[1] = s.answer ? 1 : 0;
  m[2] = s.selection.size;
  m[3] = s.focus;
  m[4] = s.hover;
  m[5] = r ? 1 : 0;
  m[6] = r ? r.x : 0;
  m[7] = r ? r.y : 0;
  m[8] = r ? r.width : 0;
  m[9] = r ? r.height : 0;
  s.selection.writeWords(m, HEAD);
  return m;
}

/** The state a message carries. */
export function decodeOverlayState(m: OverlayUpdate): OverlayStateFields {
  return {
    seq: m[0],
    answer: m[1] === 1,
    selection: WellSet.fromWords(m[2], Uint32Array.from(m.subarray(HEAD))),
    focus: m[3],
    hover: m[4],
    dragRect: m[5] === 1 ? { x: m[6], y: m[7], width: m[8], height: m[9] } : null,
  };
}

/** New canvases for a new layout (mark tiles in tileRects order, drag-rectangle tiles in
 * brushTileRects order). */
export interface OverlayLayoutMessage {
  kind: 'layout';
  layout: PlateLayout;
  dpr: number;
  tiles: OffscreenCanvas[];
  brush: OffscreenCanvas[];
}

export type OverlayMessage = OverlayUpdate | OverlayLayoutMessage;

/** The worker's global scope, as used here. */
interface OverlayEndpoint {
  postMessage(message: number, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<OverlayMessage>) => void): void;
}

/** Paints at the end of the current task: the states of one task are painted once. */
function paintSoon(paint: () => void): void {
  queueMicrotask(paint);
}

/** Paints the states that arrive on `endpoint` (the worker's global scope). */
export function exposeOverlay(endpoint: OverlayEndpoint): void {
  const painter = new BatchedPainter(new OverlayPainter(), paintSoon);
  let newest = 0;
  endpoint.addEventListener('message', (e) => {
    const m = e.data;
    if (!(m instanceof Float64Array)) {
      painter.setLayout(
        m.layout,
        m.dpr,
        m.tiles.map((t) => t.getContext('2d')),
        m.brush.map((b) => b.getContext('2d')),
      );
      return;
    }
    const { seq, answer, ...state } = decodeOverlayState(m);
    newest = seq;
    void painter.update(state).then(() => {
      // Every state that arrived before the paint settles here: one answer for them all.
      if (seq === newest && answer) endpoint.postMessage(seq, []);
    });
  });
}
