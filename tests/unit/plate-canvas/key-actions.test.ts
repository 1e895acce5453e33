import { describe, expect, it } from 'vitest';
import {
  applyPlateAction,
  stepFocus,
  wellsBetween,
  type KeyboardState,
} from '../../../src/plate-canvas/key-actions';
import { WellSet } from '../../../src/domain/plate/well-set';

const p96 = { rows: 8, cols: 12 };
const p1536 = { rows: 32, cols: 48 };

function state(focus: number, selected: number[] = [], size = 96): KeyboardState {
  const selection = WellSet.of(size, selected);
  return { selection, focus, anchor: focus, base: selection };
}

describe('stepFocus', () => {
  it('moves one well and stops at the plate edges', () => {
    expect(stepFocus(0, 0, 1, p96)).toBe(1);
    expect(stepFocus(0, 1, 0, p96)).toBe(12);
    expect(stepFocus(0, -1, 0, p96)).toBe(0);
    expect(stepFocus(0, 0, -1, p96)).toBe(0);
    expect(stepFocus(95, 1, 0, p96)).toBe(95);
    expect(stepFocus(11, 0, 1, p96)).toBe(11);
  });

  it('crosses subsection borders of a 1536 plate', () => {
    // H12 is the bottom-right well of subsection 0.
    expect(stepFocus(7 * 48 + 11, 0, 1, p1536)).toBe(7 * 48 + 12);
    expect(stepFocus(7 * 48 + 11, 1, 0, p1536)).toBe(8 * 48 + 11);
  });
});

describe('wellsBetween', () => {
  it('is the inclusive rectangle whatever the corner order', () => {
    expect(wellsBetween(13, 0, p96)).toEqual([0, 1, 12, 13]);
    expect(wellsBetween(1, 12, p96)).toEqual([0, 1, 12, 13]);
    expect(wellsBetween(5, 5, p96)).toEqual([5]);
  });
});

describe('applyPlateAction', () => {
  it('arrows move focus and keep the selection', () => {
    const s = state(13, [2]);
    const next = applyPlateAction('moveRight', s, p96);
    expect(next.focus).toBe(14);
    expect(next.selection).toBe(s.selection);
    expect(next.anchor).toBe(14);
  });

  it('Home and End go to the ends of the row', () => {
    expect(applyPlateAction('moveRowStart', state(17), p96).focus).toBe(12);
    expect(applyPlateAction('moveRowEnd', state(17), p96).focus).toBe(23);
  });

  it('shift+arrows grow a rectangle from the anchor and can shrink it again', () => {
    let s: KeyboardState = state(0, [90]);
    s = applyPlateAction('extendRight', s, p96);
    s = applyPlateAction('extendDown', s, p96);
    expect(s.focus).toBe(13);
    expect(s.selection.indices()).toEqual([0, 1, 12, 13, 90]);
    s = applyPlateAction('extendLeft', s, p96);
    expect(s.selection.indices()).toEqual([0, 12, 90]);
    // A plain move ends the extension: the next one starts from the new focus.
    s = applyPlateAction('moveRight', s, p96);
    s = applyPlateAction('extendRight', s, p96);
    expect(s.selection.indices()).toEqual([0, 12, 13, 14, 90]);
  });

  it('space toggles the focused well', () => {
    const on = applyPlateAction('toggle', state(5), p96);
    expect(on.selection.indices()).toEqual([5]);
    expect(applyPlateAction('toggle', on, p96).selection.isEmpty).toBe(true);
  });

  it('select all and clear keep identity when already so', () => {
    const all = applyPlateAction('selectAll', state(0), p96);
    expect(all.selection.count).toBe(96);
    expect(applyPlateAction('selectAll', all, p96).selection).toBe(all.selection);
    const cleared = applyPlateAction('clear', all, p96);
    expect(cleared.selection.isEmpty).toBe(true);
    expect(applyPlateAction('clear', cleared, p96).selection).toBe(cleared.selection);
  });

  it('Enter, F2 and ? ask the host to act', () => {
    expect(applyPlateAction('openDetails', state(7), p96)).toMatchObject({
      effect: 'openDetails',
      focus: 7,
    });
    expect(applyPlateAction('openEditor', state(7), p96)).toMatchObject({
      effect: 'openEditor',
      focus: 7,
    });
    expect(applyPlateAction('showShortcuts', state(7), p96).effect).toBe('showShortcuts');
  });
});

describe('whole rows and columns', () => {
  it('Shift+Space selects the focused row and Ctrl/Cmd+Space its column of a 1536 plate', () => {
    const s = state(5 * 48 + 7, [0, 1], 1536); // F8, with A1 and A2 selected before
    const row = applyPlateAction('selectRow', s, p1536);
    expect(row.selection.indices()).toEqual(Array.from({ length: 48 }, (_, c) => 5 * 48 + c));
    expect(row.focus).toBe(5 * 48 + 7);
    const col = applyPlateAction('selectColumn', s, p1536);
    expect(col.selection.indices()).toEqual(Array.from({ length: 32 }, (_, r) => r * 48 + 7));
    // Shift+arrows then grow from the focus with the row as the base.
    const down = applyPlateAction('extendDown', row, p1536);
    expect(down.selection.indices()).toHaveLength(49);
  });

  it('Shift+Home and Shift+End extend from the anchor to the row ends, keeping the base', () => {
    const s = state(2 * 12 + 4, [95]); // C5 focused, H12 selected before
    const end = applyPlateAction('extendRowEnd', s, p96);
    expect(end.focus).toBe(2 * 12 + 11);
    expect(end.selection.indices()).toEqual([28, 29, 30, 31, 32, 33, 34, 35, 95]);
    const start = applyPlateAction('extendRowStart', end, p96);
    expect(start.focus).toBe(24);
    expect(start.selection.indices()).toEqual([24, 25, 26, 27, 28, 95]);
  });
});
