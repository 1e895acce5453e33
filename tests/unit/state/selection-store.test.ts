import { describe, expect, it } from 'vitest';
import { snapshot, subscribe } from 'valtio/vanilla';
import { WellSet } from '../../../src/domain/plate/well-set';
import {
  applyKeyboardState,
  createSelectionStore,
  resetSelection,
  selectedWellIds,
  setFocus,
  setHover,
  setSelection,
  setSubsection,
} from '../../../src/state/selection-store';

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('selection store', () => {
  it('starts empty with focus on A1', () => {
    const store = createSelectionStore(1536);
    expect(store.selection.isEmpty).toBe(true);
    expect(store.selection.size).toBe(1536);
    expect(store.focus).toBe(0);
    expect(store.subsection).toBe(0);
    expect(store.hover).toBe(-1);
  });

  it('keeps the well set instance in snapshots (held by ref, not proxied)', () => {
    const store = createSelectionStore(96);
    const s = WellSet.of(96, [1, 2]);
    setSelection(store, s);
    expect(snapshot(store).selection).toBe(s);
    expect(store.selection).toBe(s);
  });

  it('notifies only when something changed', async () => {
    const store = createSelectionStore(96);
    let calls = 0;
    subscribe(store, () => calls++, true);
    setSelection(store, store.selection);
    setHover(store, -1);
    setFocus(store, 0);
    await flush();
    expect(calls).toBe(0);
    setHover(store, 5);
    expect(calls).toBe(1);
  });

  it('moves the zoomed subsection with the focus', () => {
    const store = createSelectionStore(1536);
    setFocus(store, 8 * 48 + 12); // I13: block row 1, block col 1
    expect(store.subsection).toBe(5);
    expect(store.anchor).toBe(8 * 48 + 12);
  });

  it('picking a subsection keeps the focus at the same place in the block', () => {
    const store = createSelectionStore(384);
    setFocus(store, 2 * 24 + 3); // C4 in subsection 0
    setSubsection(store, 3);
    expect(store.subsection).toBe(3);
    expect(store.focus).toBe((8 + 2) * 24 + 12 + 3);
  });

  it('applies a keyboard outcome at once', () => {
    const store = createSelectionStore(96);
    const base = WellSet.of(96, [9]);
    applyKeyboardState(store, { selection: WellSet.of(96, [9, 10]), focus: 10, anchor: 9, base });
    expect(store.selection.indices()).toEqual([9, 10]);
    expect([store.focus, store.anchor]).toEqual([10, 9]);
    expect(store.base).toBe(base);
  });

  it('resets for another format', () => {
    const store = createSelectionStore(96);
    setSelection(store, WellSet.of(96, [3]));
    resetSelection(store, 384, 2);
    expect(store.format).toBe(384);
    expect(store.selection.size).toBe(384);
    expect(store.selection.isEmpty).toBe(true);
    expect(store.focus).toBe(8 * 24);
  });

  it('lists selected ids canonically in plate order', () => {
    expect(selectedWellIds(WellSet.of(1536, [1535, 0, 49, 26 * 48]), 1536)).toEqual([
      'A1',
      'B2',
      'AA1',
      'AF48',
    ]);
  });
});
