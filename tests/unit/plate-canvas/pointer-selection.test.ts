import { describe, expect, it } from 'vitest';
import { computeLayout, type PlateHit } from '../../../src/plate-canvas/plate-geometry';
import {
  clickSelection,
  focusAfterClick,
  modifiersOf,
} from '../../../src/plate-canvas/pointer-selection';
import { WellSet } from '../../../src/domain/plate/well-set';

const layout96 = computeLayout(96, 800, 600);
const layout1536 = computeLayout(1536, 1600, 900, 5); // subsection 5: rows I-P, cols 13-24
const none = { shift: false, primary: false };
const shift = { shift: true, primary: false };
const ctrl = { shift: false, primary: true };
const well = (index: number, view = 0): PlateHit => ({ kind: 'well', index, view });

describe('clickSelection (spec section 4)', () => {
  it('a click selects one well', () => {
    const next = clickSelection(WellSet.of(96, [1, 2]), well(5), none, layout96);
    expect(next.indices()).toEqual([5]);
  });

  it('clicking the sole selected well clears the selection', () => {
    expect(clickSelection(WellSet.of(96, [5]), well(5), none, layout96).isEmpty).toBe(true);
  });

  it('clicking a well of a larger selection selects it alone', () => {
    expect(clickSelection(WellSet.of(96, [5, 6]), well(5), none, layout96).indices()).toEqual([5]);
  });

  it('shift-click toggles, and so does ctrl/meta-click', () => {
    const s = WellSet.of(96, [1]);
    expect(clickSelection(s, well(5), shift, layout96).indices()).toEqual([1, 5]);
    expect(clickSelection(s, well(1), shift, layout96).isEmpty).toBe(true);
    expect(clickSelection(s, well(5), ctrl, layout96).indices()).toEqual([1, 5]);
  });

  it('a row letter selects the row; again clears it; shift adds or removes it', () => {
    const rowB: PlateHit = { kind: 'row-label', row: 1, view: 0 };
    const b = Array.from({ length: 12 }, (_, c) => 12 + c);
    const picked = clickSelection(WellSet.of(96, [0]), rowB, none, layout96);
    expect(picked.indices()).toEqual(b);
    expect(clickSelection(picked, rowB, none, layout96).isEmpty).toBe(true);
    expect(clickSelection(WellSet.of(96, [0]), rowB, shift, layout96).indices()).toEqual([0, ...b]);
    expect(clickSelection(WellSet.of(96, [0, ...b]), rowB, shift, layout96).indices()).toEqual([0]);
  });

  it('a column number selects the column', () => {
    const col3: PlateHit = { kind: 'col-label', col: 2, view: 0 };
    expect(clickSelection(WellSet.empty(96), col3, none, layout96).indices()).toEqual(
      Array.from({ length: 8 }, (_, r) => r * 12 + 2),
    );
  });

  it('labels span the whole plate in the overview and the subsection in the zoom', () => {
    const empty = WellSet.empty(1536);
    const whole = clickSelection(empty, { kind: 'row-label', row: 9, view: 0 }, none, layout1536);
    expect(whole.count).toBe(48);
    const part = clickSelection(empty, { kind: 'row-label', row: 9, view: 1 }, none, layout1536);
    expect(part.indices()).toEqual(Array.from({ length: 12 }, (_, c) => 9 * 48 + 12 + c));
    const col = clickSelection(empty, { kind: 'col-label', col: 13, view: 1 }, none, layout1536);
    expect(col.indices()).toEqual(Array.from({ length: 8 }, (_, r) => (8 + r) * 48 + 13));
  });

  it('clicking outside changes nothing', () => {
    const s = WellSet.of(96, [3]);
    expect(clickSelection(s, { kind: 'outside' }, none, layout96)).toBe(s);
  });
});

describe('focusAfterClick', () => {
  it('follows the well or the first well of the label clicked', () => {
    expect(focusAfterClick(well(40), layout96)).toBe(40);
    expect(focusAfterClick({ kind: 'row-label', row: 2, view: 0 }, layout96)).toBe(24);
    expect(focusAfterClick({ kind: 'col-label', col: 14, view: 1 }, layout1536)).toBe(8 * 48 + 14);
    expect(focusAfterClick({ kind: 'row-label', row: 9, view: 1 }, layout1536)).toBe(9 * 48 + 12);
    expect(focusAfterClick({ kind: 'outside' }, layout96)).toBe(-1);
  });
});

describe('modifiersOf', () => {
  it('treats Ctrl and Cmd alike as primary', () => {
    expect(modifiersOf({ shiftKey: false, ctrlKey: true, metaKey: false })).toEqual(ctrl);
    expect(modifiersOf({ shiftKey: false, ctrlKey: false, metaKey: true })).toEqual(ctrl);
    expect(modifiersOf({ shiftKey: true, ctrlKey: false, metaKey: false })).toEqual(shift);
  });
});
