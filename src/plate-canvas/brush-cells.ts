// The wells a drag-select rectangle touches, kept up to date move by move. A pointer move
// changes the rectangle a little: only the cells between the old and the new rectangle's
// edges can change, so only those are tested (cells whose centre lies well inside both
// rectangles stay touched, cells outside both stay untouched). The state is typed arrays
// made once per drag; a move allocates nothing but the new selection, and not even that
// when the selection does not change.
import {
  cellSpan,
  touchesCell,
  wellsInRect,
  type CellSpan,
  type GridView,
  type PlateLayout,
  type Rect,
} from './plate-geometry';
import { WellSet } from '../domain/plate/well-set';

/** How a brush combines with the selection it started from. */
export type BrushMode = 'replace' | 'add' | 'toggle';

const EMPTY_SPAN: Readonly<CellSpan> = { r0: 0, r1: -1, c0: 0, c1: -1 };

/** One view's part: which of its cells the last rectangle touched. */
interface ViewCells {
  view: GridView;
  /** Per view-local cell: 1 when touched. */
  touched: Uint8Array;
  /** Cells the last rectangle spans, and the cells surely touched inside them. */
  outer: CellSpan;
  inner: CellSpan;
}

/** Cells whose centre lies at least one cell inside the rectangle: touched for certain. */
function innerSpan(view: GridView, rect: Rect, out: CellSpan): CellSpan {
  const { pitch } = view;
  // One cell in from the cells whose centre is inside: floating-point rounding at the edge
  // can never put a cell in here that touchesCell would leave out.
  out.c0 = Math.max(0, Math.ceil((rect.x - view.x) / pitch - 0.5) + 1);
  out.c1 = Math.min(
    view.viewCols - 1,
    Math.floor((rect.x + rect.width - view.x) / pitch - 0.5) - 1,
  );
  out.r0 = Math.max(0, Math.ceil((rect.y - view.y) / pitch - 0.5) + 1);
  out.r1 = Math.min(
    view.viewRows - 1,
    Math.floor((rect.y + rect.height - view.y) / pitch - 0.5) - 1,
  );
  return out;
}

const isEmpty = (s: CellSpan) => s.r0 > s.r1 || s.c0 > s.c1;
const inSpan = (s: CellSpan, r: number, c: number) =>
  r >= s.r0 && r <= s.r1 && c >= s.c0 && c <= s.c1;

/** The touched wells of one drag, over every view of the layout drawn, and its selection. */
export class BrushCells {
  private readonly size: number;
  /** The selection the drag started from, as bitset words. */
  private readonly initial: Uint32Array;
  /** Per well: how many views touch it (a well can be shown twice: overview and zoom). */
  private readonly views: Uint8Array;
  /** Touched wells as bitset words (bit set while views[i] > 0). */
  private readonly touched: Uint32Array;
  /** The words of the selection handed out (scratch; WellSet.fromWords copies them). */
  private readonly out: Uint32Array;
  private layout: PlateLayout | null = null;
  private cells: ViewCells[] = [];
  private readonly nextOuter: CellSpan = { ...EMPTY_SPAN };
  private readonly nextInner: CellSpan = { ...EMPTY_SPAN };
  private readonly core: CellSpan = { ...EMPTY_SPAN };
  /** The selection last answered, and whether the touched wells changed since. */
  private last: WellSet | null = null;
  private dirty = true;

  constructor(initial: WellSet) {
    this.size = initial.size;
    this.initial = initial.toWords();
    this.views = new Uint8Array(initial.size);
    this.touched = new Uint32Array(this.initial.length);
    this.out = new Uint32Array(this.initial.length);
  }

  /** Brings the touched wells in line with `rect` over `layout`. */
  private update(layout: PlateLayout, rect: Rect): void {
    if (layout !== this.layout) this.reset(layout, rect);
    else for (const v of this.cells) this.updateView(v, rect);
  }

  /** A new layout (first move, or the plate was resized mid-drag): every view from scratch. */
  private reset(layout: PlateLayout, rect: Rect): void {
    this.layout = layout;
    this.views.fill(0);
    this.touched.fill(0);
    this.dirty = true;
    this.cells = layout.views.map((view) => {
      const touched = new Uint8Array(view.viewRows * view.viewCols);
      for (const i of wellsInRect(view, rect)) {
        const r = Math.floor(i / view.cols) - view.row0;
        const c = (i % view.cols) - view.col0;
        touched[r * view.viewCols + c] = 1;
        this.mark(i, 1);
      }
      return {
        view,
        touched,
        outer: cellSpan(view, rect, { ...EMPTY_SPAN }),
        inner: innerSpan(view, rect, { ...EMPTY_SPAN }),
      };
    });
  }

  /** Tests only the cells that may have changed: both spans, less the part surely touched. */
  private updateView(v: ViewCells, rect: Rect): void {
    const { view } = v;
    const outer = cellSpan(view, rect, this.nextOuter);
    const inner = innerSpan(view, rect, this.nextInner);
    const was = v.outer;
    const a = isEmpty(was) ? outer : was;
    const b = isEmpty(outer) ? was : outer;
    if (!isEmpty(a)) {
      const r0 = Math.min(a.r0, b.r0);
      const r1 = Math.max(a.r1, b.r1);
      const c0 = Math.min(a.c0, b.c0);
      const c1 = Math.max(a.c1, b.c1);
      // Surely touched before and now: skipped.
      const k = this.core;
      k.r0 = Math.max(v.inner.r0, inner.r0);
      k.r1 = Math.min(v.inner.r1, inner.r1);
      k.c0 = Math.max(v.inner.c0, inner.c0);
      k.c1 = Math.min(v.inner.c1, inner.c1);
      const skip = !isEmpty(k);
      for (let r = r0; r <= r1; r++) {
        const core = skip && r >= k.r0 && r <= k.r1;
        for (let c = c0; c <= c1; c++) {
          if (core && c === k.c0) {
            c = k.c1;
            continue;
          }
          const now = inSpan(outer, r, c) && touchesCell(view, rect, r, c) ? 1 : 0;
          const l = r * view.viewCols + c;
          if (now === v.touched[l]) continue;
          v.touched[l] = now;
          this.mark((view.row0 + r) * view.cols + view.col0 + c, now === 1 ? 1 : -1);
        }
      }
    }
    Object.assign(v.outer, outer);
    Object.assign(v.inner, inner);
  }

  /** One view more (+1) or fewer (-1) touches well i. */
  private mark(i: number, delta: 1 | -1): void {
    const n = this.views[i] + delta;
    this.views[i] = n;
    const bit = 1 << (i & 31);
    if (n > 0) this.touched[i >>> 5] |= bit;
    else this.touched[i >>> 5] &= ~bit;
    this.dirty = true;
  }

  /**
   * The selection a brush over `rect` produces from the drag's starting selection: the
   * caller's `selection` itself when it holds the same wells.
   */
  select(mode: BrushMode, rect: Rect, layout: PlateLayout, selection: WellSet): WellSet {
    this.update(layout, rect);
    if (!this.dirty && selection === this.last) return selection;
    const { initial, touched, out } = this;
    for (let w = 0; w < out.length; w++) {
      const t = touched[w];
      out[w] = mode === 'add' ? initial[w] | t : mode === 'toggle' ? initial[w] ^ t : t;
    }
    const next = selection.reuse(WellSet.fromWords(this.size, out));
    this.last = next;
    this.dirty = false;
    return next;
  }
}
