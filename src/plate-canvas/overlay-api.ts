// What the overlay worker exposes: the plate overlay's painter, driven by small messages.
// Kept apart from the worker entry so it can also run in tests on a MessageChannel.
import * as Comlink from 'comlink';
import { BatchedPainter } from './overlay-painter';
import type { PlateLayout, Rect } from './plate-geometry';
import { WellSet } from '../domain/plate/well-set';

/** One overlay state: the selection as bitset words (see WellSet.toWords). */
export interface OverlayUpdate {
  size: number;
  words: Uint32Array;
  focus: number;
  hover: number;
  dragRect: Rect | null;
}

/** An overlay API instance owning one painter. */
export function createOverlayApi() {
  const painter = new BatchedPainter();
  return {
    /** New canvases for a new layout (tiles in tileRects order, then the brush canvas). */
    setLayout(layout: PlateLayout, dpr: number, tiles: OffscreenCanvas[], brush: OffscreenCanvas) {
      painter.setLayout(
        layout,
        dpr,
        tiles.map((t) => t.getContext('2d')),
        brush.getContext('2d'),
      );
    },
    /** Paints a state in the worker's next animation frame; resolves once painted. */
    update(u: OverlayUpdate): Promise<void> {
      return painter.update({
        selection: WellSet.fromWords(u.size, u.words),
        focus: u.focus,
        hover: u.hover,
        dragRect: u.dragRect,
      });
    },
  };
}

export type OverlayApi = ReturnType<typeof createOverlayApi>;

/** Exposes an overlay API on an endpoint (the worker's global scope). */
export function exposeOverlay(endpoint: Comlink.Endpoint): void {
  Comlink.expose(createOverlayApi(), endpoint);
}
