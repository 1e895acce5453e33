// The live status line under the plate: how many wells are selected and which (canonical ids
// in plate order). The full list is also in data-selected-ids, for long selections.
import { useDeferredValue } from 'react';
import { useSnapshot } from 'valtio';
import { selectedWellIds, type SelectionStore } from '../../state/selection-store';

/** Ids shown in the text before it says how many more there are. */
const SHOWN_IDS = 24;

/** "3 wells selected: A1, A2, A3"; "No wells selected". */
export function selectionSummary(ids: readonly string[]): string {
  const n = ids.length;
  if (n === 0) return 'No wells selected';
  const head = ids.slice(0, SHOWN_IDS).join(', ');
  const more = n > SHOWN_IDS ? ` and ${n - SHOWN_IDS} more` : '';
  return `${n} ${n === 1 ? 'well' : 'wells'} selected: ${head}${more}`;
}

export function SelectionStatus({ store }: { store: SelectionStore }) {
  const snap = useSnapshot(store);
  // A drag changes the selection every frame; the text may trail it by a render.
  const selection = useDeferredValue(snap.selection);
  const format = snap.format;
  const ids = selection.size === store.selection.size ? selectedWellIds(selection, format) : [];
  return (
    <p
      className="plate-panel__status"
      data-testid="selection-status"
      data-selected-ids={ids.join(',')}
      data-count={ids.length}
      aria-live="polite"
    >
      {selectionSummary(ids)}
    </p>
  );
}
