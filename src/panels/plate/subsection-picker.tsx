// The subsection picker of 384 and 1536 plates (spec section 2): one button per 8x12 block,
// laid out like the blocks on the plate; the chosen block is shown zoomed next to the plate.
import { useSnapshot } from 'valtio';
import { plateDefn, subsectionBounds, subsectionGrid } from '../../domain/plate-format';
import { idOfIndex } from '../../domain/well-id';
import { setSubsection, type SelectionStore } from '../../state/selection-store';

/** "A1–H12": the first and last well of a block. */
export function subsectionLabel(format: Parameters<typeof plateDefn>[0], s: number): string {
  const defn = plateDefn(format);
  const b = subsectionBounds(format, s);
  const first = idOfIndex(defn, b.row0 * defn.cols + b.col0);
  const last = idOfIndex(defn, (b.row0 + b.rows - 1) * defn.cols + b.col0 + b.cols - 1);
  return `${first}–${last}`;
}

export function SubsectionPicker({ store }: { store: SelectionStore }) {
  const { format, subsection } = useSnapshot(store);
  const { blockRows, blockCols } = subsectionGrid(format);
  if (blockRows * blockCols <= 1) return null;
  const buttons = [];
  for (let s = 0; s < blockRows * blockCols; s++) {
    const label = subsectionLabel(format, s);
    buttons.push(
      <button
        key={s}
        type="button"
        className="plate-subsections__block"
        aria-pressed={s === subsection}
        aria-label={`Subsection ${label}`}
        title={label}
        onClick={() => setSubsection(store, s)}
      >
        {s + 1}
      </button>,
    );
  }
  return (
    <div className="plate-subsections" role="group" aria-label="Subsection">
      <span className="plate-subsections__label">Subsection</span>
      <div
        className="plate-subsections__grid"
        style={{ gridTemplateColumns: `repeat(${blockCols}, auto)` }}
        data-testid="subsection-picker"
      >
        {buttons}
      </div>
      <span className="plate-subsections__range">{subsectionLabel(format, subsection)}</span>
    </div>
  );
}
