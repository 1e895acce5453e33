// Pointer and keyboard input of the plate: DOM events in, pure steps (drag machine, click
// and key rules) in the middle, store writes out. No pixi object listens to anything; the
// point under the pointer is resolved by plate-geometry against the layout drawn now.
// While a drag brushes, its selection and rectangle go straight to the overlay (`onBrush`)
// and the store hears the brushed selection once, when the drag ends or is cancelled: a
// pointer move then wakes no store subscriber (status line, screen-reader grid, panels).
import { plateDefn } from '../domain/plate-format';
import {
  applyKeyboardState,
  setFocus,
  setHover,
  setSelection,
  type SelectionStore,
} from '../state/selection-store';
import {
  cancelDrag,
  IDLE,
  pointerDown,
  pointerMove,
  pointerUp,
  type DragState,
  type DragStep,
} from './drag-machine';
import { applyPlateAction } from './key-actions';
import { matchKeyBinding } from './keybindings';
import { hitTest, type PlateHit, type PlateLayout, type Rect } from './plate-geometry';
import type { WellSet } from '../domain/plate/well-set';
import { focusAfterClick, modifiersOf } from './pointer-selection';

export interface PlateInputOptions {
  store: SelectionStore;
  /** The layout drawn now (changes with size and subsection). */
  layout: () => PlateLayout;
  onOpenEditor?: (index: number) => void;
  /** Right-click on a well, or Enter on the focused well: the well's details. */
  onWellContextMenu?: (index: number) => void;
  onShowShortcuts?: () => void;
  /** Delete or Backspace: empty the selected wells (a document edit, so the host's). */
  onClearWells?: () => void;
  /** Hover moved to another well (-1: none) at a point relative to the element. */
  onHover?: (index: number, x: number, y: number) => void;
  /** A brushing drag's selection and rectangle to show; (null, null) when it ends. */
  onBrush: (selection: WellSet | null, rect: Rect | null) => void;
}

/** Attaches plate input to an element (the canvas host); returns the function that detaches it. */
export function attachPlateInput(el: HTMLElement, o: PlateInputOptions): () => void {
  const { store } = o;
  let drag: DragState = IDLE;
  let pointerId = -1;
  // Cached element position: reading it on every move could force a layout.
  let origin = el.getBoundingClientRect();
  const refreshOrigin = () => {
    origin = el.getBoundingClientRect();
  };
  const local = (e: { clientX: number; clientY: number }) => ({
    x: e.clientX - origin.left,
    y: e.clientY - origin.top,
  });

  /** The brushed selection while a drag brushes (the store keeps the one it started from). */
  let brushed: WellSet | null = null;
  const selection = () => brushed ?? store.selection;

  const apply = (step: DragStep) => {
    drag = step.state;
    if (drag.kind === 'brushing') {
      brushed = step.selection;
      o.onBrush(step.selection, step.rect);
      return;
    }
    const ended = brushed !== null;
    brushed = null;
    setSelection(store, step.selection);
    if (ended) o.onBrush(null, null);
  };

  const hover = (hit: PlateHit, x: number, y: number) => {
    const index = hit.kind === 'well' ? hit.index : -1;
    const changed = index !== store.hover;
    setHover(store, index);
    if (changed || index >= 0) o.onHover?.(index, x, y);
  };

  const onPointerDown = (e: PointerEvent) => {
    if (e.button !== 0 || pointerId !== -1) return;
    refreshOrigin();
    const p = local(e);
    const hit = hitTest(o.layout(), p.x, p.y);
    pointerId = e.pointerId;
    try {
      el.setPointerCapture(e.pointerId);
    } catch {
      // A pointer the browser no longer tracks (or a synthetic one): capture is a nicety.
    }
    el.focus({ preventScroll: true });
    e.preventDefault();
    apply(pointerDown(store.selection, p, hit, modifiersOf(e)));
    listenToDrag(true);
  };

  const onPointerMove = (e: PointerEvent) => {
    if (drag.kind !== 'idle') {
      onDragMove(e);
      return;
    }
    const p = local(e);
    hover(hitTest(o.layout(), p.x, p.y), p.x, p.y);
  };

  // The moves of a drag pressed on the plate are the plate's alone. They are taken on the
  // window, before any other element sees them, and stop there: React's root listens in
  // the capture phase too and would otherwise walk its tree at every move.
  const onDragMove = (e: PointerEvent) => {
    if (e.pointerId !== pointerId || drag.kind === 'idle') return;
    e.stopPropagation();
    apply(pointerMove(drag, selection(), local(e), o.layout()));
  };
  let dragListening: AbortController | null = null;
  const listenToDrag = (on: boolean) => {
    dragListening?.abort();
    dragListening = null;
    if (!on) return;
    dragListening = new AbortController();
    const options = { capture: true, signal: dragListening.signal };
    window.addEventListener('pointermove', onDragMove, options);
  };

  const finish = (e: PointerEvent) => {
    if (e.pointerId !== pointerId) return;
    pointerId = -1;
    listenToDrag(false);
    const was = drag;
    apply(pointerUp(drag, selection(), o.layout()));
    if (was.kind === 'pointing') {
      const f = focusAfterClick(was.hit, o.layout());
      if (f >= 0) setFocus(store, f);
    } else if (was.kind === 'brushing') {
      setFocus(store, store.focus); // the brushed selection becomes the base for Shift+arrows
    }
  };

  const cancel = (e: PointerEvent) => {
    if (e.pointerId !== pointerId) return;
    pointerId = -1;
    listenToDrag(false);
    apply(cancelDrag(drag, selection()));
  };

  const onLeave = () => {
    if (drag.kind !== 'idle') return;
    setHover(store, -1);
    o.onHover?.(-1, 0, 0);
  };

  const onContextMenu = (e: MouseEvent) => {
    refreshOrigin();
    const p = local(e);
    const hit = hitTest(o.layout(), p.x, p.y);
    if (hit.kind !== 'well') return;
    e.preventDefault();
    setFocus(store, hit.index);
    o.onWellContextMenu?.(hit.index);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && drag.kind !== 'idle') {
      e.preventDefault();
      pointerId = -1;
      listenToDrag(false);
      apply(cancelDrag(drag, selection()));
      return;
    }
    const action = matchKeyBinding(e);
    if (!action) return;
    e.preventDefault();
    const next = applyPlateAction(
      action,
      { selection: store.selection, focus: store.focus, anchor: store.anchor, base: store.base },
      plateDefn(store.format),
    );
    applyKeyboardState(store, next);
    if (next.effect === 'openEditor') o.onOpenEditor?.(next.focus);
    if (next.effect === 'openDetails') o.onWellContextMenu?.(next.focus);
    if (next.effect === 'showShortcuts') o.onShowShortcuts?.();
    if (next.effect === 'clearWells') o.onClearWells?.();
  };

  // One signal removes every listener at once, so the list is written only here.
  const listening = new AbortController();
  const on = { signal: listening.signal };
  el.addEventListener('pointerdown', onPointerDown, on);
  el.addEventListener('pointermove', onPointerMove, on);
  el.addEventListener('pointerup', finish, on);
  el.addEventListener('pointercancel', cancel, on);
  el.addEventListener('lostpointercapture', cancel, on);
  el.addEventListener('pointerenter', refreshOrigin, on);
  el.addEventListener('pointerleave', onLeave, on);
  el.addEventListener('contextmenu', onContextMenu, on);
  el.addEventListener('keydown', onKeyDown, on);
  window.addEventListener('scroll', refreshOrigin, { ...on, capture: true, passive: true });
  const resize = new ResizeObserver(refreshOrigin);
  resize.observe(el);
  return () => {
    listening.abort();
    listenToDrag(false);
    resize.disconnect();
  };
}
