// @vitest-environment happy-dom
// Pointer input of the plate on a DOM element: a brushing drag hands its selection and
// rectangle to the canvas (onBrush) move by move and writes the selection store once, when
// it ends; Escape restores the selection it started from; its moves stop at the plate.
import { afterEach, describe, expect, it } from 'vitest';
import { subscribe } from 'valtio/vanilla';
import { attachPlateInput } from '../../../src/plate-canvas/plate-input';
import { computeLayout, wellCenter, type Rect } from '../../../src/plate-canvas/plate-geometry';
import { createSelectionStore } from '../../../src/state/selection-store';
import type { WellSet } from '../../../src/domain/plate/well-set';

const layout = computeLayout(96, 600, 400, 0);
const view = layout.views[0];
const at = (index: number) => wellCenter(view, index);

function pointer(type: string, p: { x: number; y: number }, buttons: number, key = '') {
  return new PointerEvent(type, {
    clientX: p.x,
    clientY: p.y,
    pointerId: 1,
    button: 0,
    buttons,
    bubbles: true,
    cancelable: true,
    shiftKey: key === 'Shift',
  });
}

function setup() {
  const parent = document.createElement('div');
  const el = document.createElement('div');
  parent.append(el);
  document.body.append(parent);
  const store = createSelectionStore(96);
  const brushes: { selection: number[] | null; rect: Rect | null }[] = [];
  const detach = attachPlateInput(el, {
    store,
    layout: () => layout,
    onBrush: (selection: WellSet | null, rect: Rect | null) =>
      brushes.push({ selection: selection ? selection.indices() : null, rect }),
  });
  let writes = 0;
  const unsubscribe = subscribe(store, () => writes++, true);
  let bubbled = 0;
  parent.addEventListener('pointermove', () => bubbled++);
  // As React's root listens: in the capture phase, on an element above the plate.
  let captured = 0;
  parent.addEventListener('pointermove', () => captured++, { capture: true });
  return {
    el,
    store,
    brushes,
    writes: () => writes,
    bubbled: () => bubbled,
    captured: () => captured,
    done() {
      unsubscribe();
      detach();
      parent.remove();
    },
  };
}

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

describe('plate input: drag-select', () => {
  it('shows the brush move by move and writes the store once, at the end', () => {
    const t = setup();
    cleanup = t.done;
    // A1 to C3, through B2: 4 wells, then 9.
    t.el.dispatchEvent(pointer('pointerdown', at(0), 1));
    const before = t.writes();
    t.el.dispatchEvent(pointer('pointermove', at(13), 1));
    t.el.dispatchEvent(pointer('pointermove', at(26), 1));
    expect(t.writes()).toBe(before);
    expect(t.store.selection.isEmpty).toBe(true);
    expect(t.brushes.map((b) => b.selection)).toEqual([
      [0, 1, 12, 13],
      [0, 1, 2, 12, 13, 14, 24, 25, 26],
    ]);
    expect(t.brushes.every((b) => b.rect !== null)).toBe(true);
    // Moves of the plate's own drag are the plate's alone: no element above it hears them,
    // neither on the way down (capture) nor on the way up.
    expect(t.bubbled()).toBe(0);
    expect(t.captured()).toBe(0);

    t.el.dispatchEvent(pointer('pointerup', at(26), 0));
    expect(t.store.selection.indices()).toEqual([0, 1, 2, 12, 13, 14, 24, 25, 26]);
    expect(t.brushes.at(-1)).toEqual({ selection: null, rect: null });
    // The drag's end: the selection, then the focus settling; nothing per move.
    expect(t.writes() - before).toBeGreaterThan(0);
    expect(t.writes() - before).toBeLessThanOrEqual(3);
  });

  it('Escape during a brush restores the selection it started from', () => {
    const t = setup();
    cleanup = t.done;
    t.el.dispatchEvent(pointer('pointerdown', at(0), 1));
    t.el.dispatchEvent(pointer('pointermove', at(0), 1));
    t.el.dispatchEvent(pointer('pointerup', at(0), 0)); // a click: A1 alone
    expect(t.store.selection.indices()).toEqual([0]);
    t.el.dispatchEvent(pointer('pointerdown', at(50), 1, 'Shift'));
    t.el.dispatchEvent(pointer('pointermove', at(63), 1, 'Shift'));
    expect(t.brushes.at(-1)?.selection).toEqual([0, 50, 51, 62, 63]);
    t.el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(t.store.selection.indices()).toEqual([0]);
    expect(t.brushes.at(-1)).toEqual({ selection: null, rect: null });
  });

  it('moves with no button pressed still bubble (hover)', () => {
    const t = setup();
    cleanup = t.done;
    t.el.dispatchEvent(pointer('pointermove', at(5), 0));
    expect(t.bubbled()).toBe(1);
    expect(t.captured()).toBe(1);
    expect(t.store.hover).toBe(5);
    expect(t.brushes).toEqual([]);
  });
});
