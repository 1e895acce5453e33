// What each keyboard action does to focus and selection. Pure: state in, next state out.
// Extending works like a spreadsheet: the selection becomes what it was when the extension
// began (`base`) plus the rectangle from the anchor to the focus, so Shift+arrows can shrink
// the rectangle again without losing wells picked before.
import type { PlateAction } from './keybindings';
import { WellSet } from '../domain/plate/well-set';

export interface KeyboardState {
  selection: WellSet;
  /** Focused well index. */
  focus: number;
  /** Corner the Shift+arrow rectangle grows from. */
  anchor: number;
  /** Selection the rectangle is added to. */
  base: WellSet;
}

export interface KeyOutcome extends KeyboardState {
  /** Something only the host can do: open the well editor or the shortcut sheet, clear wells. */
  effect?: 'openDetails' | 'openEditor' | 'showShortcuts' | 'clearWells';
}

interface Shape {
  rows: number;
  cols: number;
}

const STEPS: Partial<Record<PlateAction, [dr: number, dc: number]>> = {
  moveUp: [-1, 0],
  moveDown: [1, 0],
  moveLeft: [0, -1],
  moveRight: [0, 1],
  extendUp: [-1, 0],
  extendDown: [1, 0],
  extendLeft: [0, -1],
  extendRight: [0, 1],
};

/** The focus one step away, clamped to the plate (crossing subsection borders freely). */
export function stepFocus(focus: number, dr: number, dc: number, shape: Shape): number {
  const row = Math.min(shape.rows - 1, Math.max(0, Math.floor(focus / shape.cols) + dr));
  const col = Math.min(shape.cols - 1, Math.max(0, (focus % shape.cols) + dc));
  return row * shape.cols + col;
}

/** Wells of the rectangle with corners a and b (inclusive). */
export function wellsBetween(a: number, b: number, shape: Shape): number[] {
  const r0 = Math.min(Math.floor(a / shape.cols), Math.floor(b / shape.cols));
  const r1 = Math.max(Math.floor(a / shape.cols), Math.floor(b / shape.cols));
  const c0 = Math.min(a % shape.cols, b % shape.cols);
  const c1 = Math.max(a % shape.cols, b % shape.cols);
  const out: number[] = [];
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) out.push(r * shape.cols + c);
  return out;
}

/** A state whose anchor and base restart at the focus (after a move, click or toggle). */
function settle(selection: WellSet, focus: number): KeyboardState {
  return { selection, focus, anchor: focus, base: selection };
}

/** Applies one keyboard action. Selections keep their identity when nothing changed. */
export function applyPlateAction(action: PlateAction, s: KeyboardState, shape: Shape): KeyOutcome {
  const focus = Math.max(0, s.focus);
  const size = s.selection.size;
  switch (action) {
    case 'moveUp':
    case 'moveDown':
    case 'moveLeft':
    case 'moveRight': {
      const [dr, dc] = STEPS[action] ?? [0, 0];
      return settle(s.selection, stepFocus(focus, dr, dc, shape));
    }
    case 'moveRowStart':
      return settle(s.selection, focus - (focus % shape.cols));
    case 'moveRowEnd':
      return settle(s.selection, focus - (focus % shape.cols) + shape.cols - 1);
    case 'extendUp':
    case 'extendDown':
    case 'extendLeft':
    case 'extendRight': {
      const [dr, dc] = STEPS[action] ?? [0, 0];
      const anchor = s.anchor >= 0 ? s.anchor : focus;
      const next = stepFocus(focus, dr, dc, shape);
      const rect = WellSet.of(size, wellsBetween(anchor, next, shape));
      return {
        selection: s.selection.reuse(s.base.union(rect)),
        focus: next,
        anchor,
        base: s.base,
      };
    }
    case 'extendRowStart':
    case 'extendRowEnd': {
      // Shift+Home/End: the rectangle from the anchor to the row's first or last well.
      const anchor = s.anchor >= 0 ? s.anchor : focus;
      const start = focus - (focus % shape.cols);
      const next = action === 'extendRowStart' ? start : start + shape.cols - 1;
      const rect = WellSet.of(size, wellsBetween(anchor, next, shape));
      return {
        selection: s.selection.reuse(s.base.union(rect)),
        focus: next,
        anchor,
        base: s.base,
      };
    }
    case 'selectRow': {
      // Shift+Space, as in a spreadsheet: the focused well's row becomes the selection.
      const start = focus - (focus % shape.cols);
      const row = WellSet.of(size, wellsBetween(start, start + shape.cols - 1, shape));
      return settle(s.selection.reuse(row), focus);
    }
    case 'selectColumn': {
      // Ctrl/Cmd+Space: the focused well's column.
      const col = focus % shape.cols;
      const column = WellSet.of(
        size,
        wellsBetween(col, (shape.rows - 1) * shape.cols + col, shape),
      );
      return settle(s.selection.reuse(column), focus);
    }
    case 'toggle':
      return settle(s.selection.toggle(focus), focus);
    case 'selectAll':
      return settle(s.selection.reuse(WellSet.all(size)), focus);
    case 'clear':
      return settle(s.selection.isEmpty ? s.selection : WellSet.empty(size), focus);
    case 'openDetails':
      return { ...s, focus, effect: 'openDetails' };
    case 'openEditor':
      return { ...s, focus, effect: 'openEditor' };
    case 'showShortcuts':
      return { ...s, focus, effect: 'showShortcuts' };
    case 'clearWells':
      return { ...s, focus, effect: 'clearWells' };
  }
}
