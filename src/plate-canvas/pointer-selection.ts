// What a click means for the selection (spec section 4, "Well selection"). Pure: the caller
// passes the current selection and writes the answer only when it is a different instance.
import {
  wellsOfColLabel,
  wellsOfRowLabel,
  type PlateHit,
  type PlateLayout,
} from './plate-geometry';
import { WellSet } from '../domain/plate/well-set';

/** Modifier keys of a pointer or key event; primary is Ctrl or Cmd. */
export interface Modifiers {
  shift: boolean;
  primary: boolean;
}

/** Modifiers of a DOM event: primary is Ctrl on every platform or Cmd on macOS. */
export function modifiersOf(e: {
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}): Modifiers {
  return { shift: e.shiftKey, primary: e.ctrlKey || e.metaKey };
}

/** Replaces with `group`, or clears when the selection already is exactly `group`. */
function replaceOrClear(selection: WellSet, group: WellSet): WellSet {
  if (selection.equals(group)) return selection.isEmpty ? selection : WellSet.empty(selection.size);
  return group;
}

/** Adds the group, or removes it when every well of it is already selected. */
function toggleGroup(selection: WellSet, group: WellSet): WellSet {
  return selection.containsAll(group) ? selection.difference(group) : selection.union(group);
}

/**
 * The selection after a click on `hit`.
 * - Well: selects it alone; clicking the sole selected well clears; Shift (or Ctrl/Cmd) toggles it.
 * - Row letter / column number: selects that row / column of the view clicked (the whole plate
 *   row in the overview, the subsection's part of it in the zoom); clicking it again when it
 *   is exactly the selection clears; with Shift (or Ctrl/Cmd) it is added, or removed when
 *   already fully selected.
 * - Anywhere else: unchanged.
 */
export function clickSelection(
  selection: WellSet,
  hit: PlateHit,
  modifiers: Modifiers,
  layout: PlateLayout,
): WellSet {
  const additive = modifiers.shift || modifiers.primary;
  switch (hit.kind) {
    case 'well':
      if (additive) return selection.toggle(hit.index);
      if (selection.isOnly(hit.index)) return WellSet.empty(selection.size);
      return WellSet.of(selection.size, [hit.index]);
    case 'row-label':
    case 'col-label': {
      const view = layout.views[hit.view];
      const wells =
        hit.kind === 'row-label' ? wellsOfRowLabel(view, hit.row) : wellsOfColLabel(view, hit.col);
      const group = WellSet.of(selection.size, wells);
      return additive ? toggleGroup(selection, group) : replaceOrClear(selection, group);
    }
    case 'outside':
      return selection;
  }
}

/** The well that takes keyboard focus after a click on `hit`, or -1 to keep the focus. */
export function focusAfterClick(hit: PlateHit, layout: PlateLayout): number {
  if (hit.kind === 'well') return hit.index;
  if (hit.kind === 'row-label') return hit.row * layout.cols + layout.views[hit.view].col0;
  if (hit.kind === 'col-label') return layout.views[hit.view].row0 * layout.cols + hit.col;
  return -1;
}
