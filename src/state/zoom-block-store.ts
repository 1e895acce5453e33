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

export const zoomBlock = proxy({ shown: initial() });

subscribe(zoomBlock, () => {
  try {
    localStorage.setItem(ZOOM_STORAGE_KEY, zoomBlock.shown ? 'shown' : 'hidden');
  } catch {
    // Storage blocked: the choice is simply not remembered.
  }
});

/** Shows or hides the zoomed block. */
export function toggleZoomBlock(): void {
  zoomBlock.shown = !zoomBlock.shown;
}
