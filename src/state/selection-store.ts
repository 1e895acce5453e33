// Session state of the plate canvas: selection, keyboard focus, the focused subsection and
// hover (a drag's rectangle and live selection go from the input to the canvas directly). It is kept apart from the plate document (never saved, never undone):
// the designer reads which wells are selected from here. Well sets are immutable values held
// with valtio's `ref`, so a write is a replacement and `prev === next` means unchanged.
import { proxy, ref } from 'valtio/vanilla';
import {
  plateDefn,
  subsectionBounds,
  subsectionOf,
  wellCount,
  type PlateFormat,
} from '../domain/plate-format';
import { idOfIndex } from '../domain/well-id';
import { WellSet } from '../domain/plate/well-set';

type Held<T extends object> = T & { $$valtioSnapshot: T };

export interface SelectionState {
  format: PlateFormat;
  selection: Held<WellSet>;
  /** Well index with keyboard focus. */
  focus: number;
  /** Corner Shift+arrows extend from, and the selection they extend. */
  anchor: number;
  base: Held<WellSet>;
  /** 8x12 block shown zoomed on 384/1536 plates; follows the focus. */
  subsection: number;
  /** Well under the pointer, or -1. */
  hover: number;
}

export type SelectionStore = SelectionState;

/** A fresh session for a plate format: nothing selected, focus on A1. */
export function createSelectionStore(format: PlateFormat = 96): SelectionStore {
  const empty = ref(WellSet.empty(wellCount(format)));
  return proxy<SelectionState>({
    format,
    selection: empty,
    focus: 0,
    anchor: 0,
    base: empty,
    subsection: 0,
    hover: -1,
  });
}

/** The session of the designer's plate. */
export const plateSelection = createSelectionStore();

/** Starts over for another plate format (or a reverted snapshot): clears everything. */
export function resetSelection(store: SelectionStore, format: PlateFormat, subsection = 0): void {
  const empty = ref(WellSet.empty(wellCount(format)));
  const { row0, col0 } = subsectionBounds(format, subsection);
  store.format = format;
  store.selection = empty;
  store.base = empty;
  store.focus = row0 * plateDefn(format).cols + col0;
  store.anchor = store.focus;
  store.subsection = subsection;
  store.hover = -1;
}

/** Replaces the selection; a no-op when it is the same instance. */
export function setSelection(store: SelectionStore, next: WellSet): void {
  if (next !== store.selection) store.selection = ref(next);
}

/** Moves focus (the zoomed subsection follows it); anchor and base restart when asked. */
export function setFocus(store: SelectionStore, focus: number, settle = true): void {
  const { cols } = plateDefn(store.format);
  if (focus !== store.focus) store.focus = focus;
  const sub = subsectionOf(store.format, Math.floor(focus / cols), focus % cols);
  if (sub !== store.subsection) store.subsection = sub;
  if (settle) {
    if (store.anchor !== focus) store.anchor = focus;
    if (store.base !== store.selection) store.base = store.selection;
  }
}

/** Keyboard outcome: selection, focus, anchor and base at once. */
export function applyKeyboardState(
  store: SelectionStore,
  next: { selection: WellSet; focus: number; anchor: number; base: WellSet },
): void {
  setSelection(store, next.selection);
  setFocus(store, next.focus, false);
  if (next.anchor !== store.anchor) store.anchor = next.anchor;
  if (next.base !== store.base) store.base = ref(next.base);
}

/** Shows subsection s zoomed; the focus moves to the same place inside the new block. */
export function setSubsection(store: SelectionStore, s: number): void {
  const { cols } = plateDefn(store.format);
  const from = subsectionBounds(store.format, store.subsection);
  const to = subsectionBounds(store.format, s);
  const r = Math.floor(store.focus / cols) - from.row0;
  const c = (store.focus % cols) - from.col0;
  const inside = r >= 0 && r < from.rows && c >= 0 && c < from.cols;
  setFocus(store, (to.row0 + (inside ? r : 0)) * cols + to.col0 + (inside ? c : 0));
}

export function setHover(store: SelectionStore, index: number): void {
  if (index !== store.hover) store.hover = index;
}

/** Canonical ids of the selected wells in plate order (A1, A2, ..., B1, ...). */
export function selectedWellIds(selection: WellSet, format: PlateFormat): string[] {
  const defn = plateDefn(format);
  return selection.indices().map((i) => idOfIndex(defn, i));
}
