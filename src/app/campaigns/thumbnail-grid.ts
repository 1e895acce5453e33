/**
 * Where each plate of the campaign view sits (one geometry for the WebGL thumbnails and the
 * HTML captions over them) and where the arrow keys take the focus.
 */

/** A cell of the grid: the thumbnail on top, its caption (barcode and figures) under it. */
export const CELL = { width: 184, height: 196, pad: 8, thumbWidth: 168, thumbHeight: 112 };

export interface GridShape {
  columns: number;
  rows: number;
  height: number;
}

/** As many columns as the width holds (at least one), rows for every plate. */
export function gridShape(width: number, count: number): GridShape {
  const columns = Math.max(1, Math.floor(width / CELL.width));
  const rows = Math.ceil(count / columns);
  return { columns, rows, height: rows * CELL.height };
}

/** The top-left corner of plate `index`'s cell. */
export function cellOrigin(index: number, columns: number): { x: number; y: number } {
  return {
    x: (index % columns) * CELL.width,
    y: Math.floor(index / columns) * CELL.height,
  };
}

/**
 * The plate the key moves the focus to (arrows by cell and row, Home/End to the ends, Page
 * keys by `pageRows` rows), or null for a key the grid does not take. It stops at the edges.
 */
export function movedFocus(
  index: number,
  key: string,
  columns: number,
  count: number,
  pageRows = 3,
): number | null {
  const last = count - 1;
  const clamp = (i: number) => Math.min(last, Math.max(0, i));
  switch (key) {
    case 'ArrowRight':
      return clamp(index + 1);
    case 'ArrowLeft':
      return clamp(index - 1);
    case 'ArrowDown':
      return index + columns <= last ? index + columns : index;
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index;
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'PageDown':
      return clamp(index + columns * pageRows);
    case 'PageUp':
      return clamp(index - columns * pageRows);
    default:
      return null;
  }
}
