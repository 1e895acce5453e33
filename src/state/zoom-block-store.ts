// Whether the zoomed 8x12 block is drawn beside a 384/1536 plate. Hiding it gives the whole
// plate the space (on a 2560x1440 monitor a 1536 well grows past 30 px). Remembered in
// localStorage; session state, never saved with the plate.
import { proxy, subscribe } from 'valtio/vanilla';

export const ZOOM_STORAGE_KEY = 'designer.zoom-block';

function initial(): boolean {
  try {
    return localStorage.getItem(ZOOM_STORAGE_KEY) !== 'hidden';
  } catch {
    return true;
  }
}

export const ZOOM_DOCK_STORAGE_KEY = 'designer.zoom-block-dock';
/** Where the zoomed block goes: wherever the wells are larger, beside or below the plate. */
export const ZOOM_DOCKS = ['auto', 'beside', 'below'] as const;
export type ZoomBlockDock = (typeof ZOOM_DOCKS)[number];

function initialDock(): ZoomBlockDock {
  try {
    const v = localStorage.getItem(ZOOM_DOCK_STORAGE_KEY);
    return ZOOM_DOCKS.find((d) => d === v) ?? 'auto';
  } catch {
    return 'auto';
  }
}

export const zoomBlock = proxy({ shown: initial(), dock: initialDock() });

subscribe(zoomBlock, () => {
  try {
    localStorage.setItem(ZOOM_STORAGE_KEY, zoomBlock.shown ? 'shown' : 'hidden');
    localStorage.setItem(ZOOM_DOCK_STORAGE_KEY, zoomBlock.dock);
  } catch {
    // Storage blocked: the choice is simply not remembered.
  }
});

/** Shows or hides the zoomed block. */
export function toggleZoomBlock(): void {
  zoomBlock.shown = !zoomBlock.shown;
}
