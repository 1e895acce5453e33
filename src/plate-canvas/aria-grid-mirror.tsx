// A visually hidden copy of the focused subsection (or of the whole plate up to 96 wells) as
// ARIA grid rows, so a screen reader hears the focused well and whether it is selected. The
// plate element itself is the grid and points at the focused cell with aria-activedescendant.
// Structure is rendered by React (it changes with the subsection); aria-selected is set on the
// changed cells directly from a store subscription, so a drag does not re-render 96 cells.
import { useEffect, useRef } from 'react';
import { subscribe } from 'valtio/vanilla';
import { plateDefn, subsectionBounds, type PlateFormat } from '../domain/plate-format';
import { rowLetter, wellId } from '../domain/well-id';
import type { SelectionStore } from '../state/selection-store';

/** Id of the mirror cell of a well. */
export function mirrorCellId(prefix: string, row: number, col: number): string {
  return `${prefix}-${wellId(row, col)}`;
}

/** Grid rows for the wells of one subsection; renders inside the element with role="grid". */
export function AriaGridMirror(props: {
  store: SelectionStore;
  format: PlateFormat;
  subsection: number;
  idPrefix: string;
}) {
  const { store, format, subsection, idPrefix } = props;
  const ref = useRef<HTMLDivElement>(null);
  const b = subsectionBounds(format, subsection);
  const { cols } = plateDefn(format);

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    // The cells of this format and subsection (the effect re-runs when either changes).
    const shown = subsectionBounds(format, subsection);
    const cells = [...root.querySelectorAll<HTMLElement>('[role="gridcell"]')].slice(
      0,
      shown.rows * shown.cols,
    );
    const indices = cells.map((c) => Number(c.dataset.index));
    // What each cell says now, read once here: a sync then compares with this instead of
    // reading attributes, and a write that left the selection's instance as it was (hover,
    // focus, a drag move that changed nothing) reads and writes nothing at all.
    const says = Uint8Array.from(cells, (c) =>
      c.getAttribute('aria-selected') === 'true' ? 1 : 0,
    );
    let synced: unknown = null;
    const sync = () => {
      const sel = store.selection;
      if (sel === synced) return;
      synced = sel;
      for (let i = 0; i < cells.length; i++) {
        const v = sel.has(indices[i]) ? 1 : 0;
        if (says[i] === v) continue;
        says[i] = v;
        cells[i].setAttribute('aria-selected', v === 1 ? 'true' : 'false');
      }
    };
    sync();
    return subscribe(store, sync);
  }, [store, format, subsection]);

  const rows = [];
  for (let r = b.row0; r < b.row0 + b.rows; r++) {
    const cells = [];
    for (let c = b.col0; c < b.col0 + b.cols; c++) {
      cells.push(
        <div
          key={c}
          role="gridcell"
          id={mirrorCellId(idPrefix, r, c)}
          data-index={r * cols + c}
          aria-selected="false"
        >
          {wellId(r, c)}
        </div>,
      );
    }
    rows.push(
      <div key={r} role="row" aria-rowindex={r + 1} aria-label={`Row ${rowLetter(r)}`}>
        {cells}
      </div>,
    );
  }
  return (
    <div ref={ref} className="plate-view__sr-only" role="rowgroup">
      {rows}
    </div>
  );
}
