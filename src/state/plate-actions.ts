// Store actions of the plate document (client state contract): every edit is shown at once,
// recorded for undo and saved in the background (designer-document.ts). Well indices default
// to the canvas selection; the edits themselves are the pure functions of plate-edits.ts.
import { plateDefn, wellCount } from '../domain/plate-format';
import { WellSet } from '../domain/plate/well-set';
import { commit, designerSession, redoEdit, undoEdit } from './designer-document';
import { designer } from './designer-store';
import * as edits from './plate-edits';
import { plateSelection, setSelection } from './selection-store';

/** Indices of the selected wells, in plate order. */
export function selectedIndices(): number[] {
  if (plateSelection.format !== designer.format) return [];
  return plateSelection.selection.indices();
}

function defn() {
  return plateDefn(designer.format);
}

/** Puts the reagent (uM, uL) into the wells, overwriting it where present. */
export function applyReagent(
  slug: string,
  amount: edits.ReagentAmount,
  indices: readonly number[] = selectedIndices(),
): void {
  if (indices.length === 0) return;
  const wells = edits.applyReagent(designer.wells, defn(), slug, amount, indices);
  commit({ format: designer.format, wells });
}

/** Takes the reagent out of the wells. */
export function removeReagent(slug: string, indices: readonly number[] = selectedIndices()): void {
  const wells = edits.removeReagent(designer.wells, defn(), slug, indices);
  commit({ format: designer.format, wells });
}

/** Empties the wells. */
export function clearWells(indices: readonly number[] = selectedIndices()): void {
  const wells = edits.clearWells(designer.wells, defn(), indices);
  commit({ format: designer.format, wells });
}

/** Empties every well of the plate (the top bar asks for confirmation first). */
export function clearPlate(): void {
  if (Object.keys(designer.wells).length === 0) return;
  commit({ format: designer.format, wells: {} });
}

/** Undoes the last plate edit; false when there is none. */
export function undo(): boolean {
  return undoEdit();
}

/** Redoes the last undone edit; false when there is none. */
export function redo(): boolean {
  return redoEdit();
}

/** Copies the selected wells' contents (the open experiment's clipboard); false when nothing is selected. */
export function copy(indices: readonly number[] = selectedIndices()): boolean {
  const session = designerSession();
  const clip = edits.copyWells(designer.wells, defn(), indices);
  if (!clip || !session) return false;
  session.clipboard = clip;
  return true;
}

/**
 * Pastes the copied wells with their top-left corner on the anchor (the focused well by
 * default) and selects what was pasted; false when nothing was copied.
 */
export function paste(anchor: number = plateSelection.focus): boolean {
  const clipboard = designerSession()?.clipboard;
  if (!clipboard) return false;
  const { wells, indices } = edits.pasteWells(designer.wells, defn(), clipboard, anchor);
  commit({ format: designer.format, wells });
  if (plateSelection.format === designer.format) {
    setSelection(plateSelection, WellSet.of(wellCount(designer.format), indices));
  }
  return true;
}
