// The wells a drag-select rectangle touches, and the selection they make, computed per
// pointer move by arithmetic on rows and columns rather than by testing cells. In a row the
// touched cells are one run of columns: those whose centre lies between the rectangle's
// left and right edges (touched exactly when the row's centre is close enough above or
// below it), widened by the few cells whose circle reaches over an edge. The rows likewise
// form one run: those whose centre lies between the top and bottom edges share one column
// run, and only the rows just outside them are worked out on their own. A run's ends are
// settled with touchesCell itself, so the wells are exactly those that rule touches; each
// run then sets a range of bits. The state is bitset words made once per drag; a move
// allocates nothing but the new selection, and not even that when it does not change.
import { touchesCell, type GridView, type PlateLayout, type Rect } from './plate-geometry';
import { WellSet } from '../domain/plate/well-set';

/** How a brush combines with the selection it started from. */
export type BrushMode = 'replace' | 'add' | 'toggle';

/** Sets bits from..to (inclusive) of a bitset (32 wells per word, well i at bit i % 32). */
function setBits(words: Uint32Array, from: number, to: number): void {
  const first = from >>> 5;
  const last = to >>> 5;
  const low = 0xffffffff << (from & 31);
  const high = 0xffffffff >>> (31 - (to & 31));
  if (first === last) {
    words[first] |= low & high;
    return;
  }
  words[first] |= low;
  for (let w = first + 1; w < last; w++) words[w] = 0xffffffff;
  words[last] |= high;
}

/** Centre of a view-local column or row, computed as touchesCell computes it. */
const centre = (start: number, pitch: number, k: number) => start + (k + 0.5) * pitch;

/**
 * The first cell (0..count) whose centre is at or after `edge`; `count` when none is.
 * From an estimate, then settled on the same centres touchesCell uses.
 */
function firstFrom(start: number, pitch: number, count: number, edge: number): number {
  let k = Math.min(count, Math.max(0, Math.ceil((edge - start) / pitch - 0.5)));
  while (k > 0 && centre(start, pitch, k - 1) >= edge) k--;
  while (k < count && centre(start, pitch, k) < edge) k++;
  return k;
}

/** The last cell (-1..count-1) whose centre is at or before `edge`; -1 when none is. */
function lastTo(start: number, pitch: number, count: number, edge: number): number {
  let k = Math.min(count - 1, Math.max(-1, Math.floor((edge - start) / pitch - 0.5)));
  while (k < count - 1 && centre(start, pitch, k + 1) <= edge) k++;
  while (k >= 0 && centre(start, pitch, k) > edge) k--;
  return k;
}

/**
 * The run of touched columns of view-local row `r` as [lo, hi] in `run`, false when none;
 * columns c0..c1 are those whose centre lies between the rectangle's left and right edges.
 */
function rowRun(
  view: GridView,
  rect: Rect,
  c0: number,
  c1: number,
  r: number,
  run: [number, number],
): boolean {
  let lo = c0;
  let hi = c1;
  // Columns c0..c1 lie over the rectangle: the row touches there or nowhere.
  if (lo <= hi && !touchesCell(view, rect, r, lo)) return false;
  // Widen over the edges while the circles still reach in (the distance only grows).
  while (lo > 0 && touchesCell(view, rect, r, lo - 1)) lo--;
  while (hi < view.viewCols - 1 && touchesCell(view, rect, r, hi + 1)) hi++;
  run[0] = lo;
  run[1] = hi;
  return lo <= hi;
}

/** The touched wells of one drag, over every view of the layout drawn, and its selection. */
export class BrushCells {
  private readonly size: number;
  /** The selection the drag started from, as bitset words. */
  private readonly initial: Uint32Array;
  /** Touched wells of the last rectangle, and the next rectangle's (swapped each move). */
  private touched: Uint32Array;
  private next: Uint32Array;
  /** The words of the selection handed out (scratch; WellSet.fromWords copies them). */
  private readonly out: Uint32Array;
  private readonly run: [number, number] = [0, -1];
  /** The selection last answered, and whether `touched` holds a rectangle's wells yet. */
  private last: WellSet | null = null;
  private primed = false;

  constructor(initial: WellSet) {
    this.size = initial.size;
    this.initial = initial.toWords();
    this.touched = new Uint32Array(this.initial.length);
    this.next = new Uint32Array(this.initial.length);
    this.out = new Uint32Array(this.initial.length);
  }

  /** Sets the bits of the view's wells the rectangle touches in `words`. */
  private addView(view: GridView, rect: Rect, words: Uint32Array): void {
    const { pitch, viewRows, viewCols } = view;
    const c0 = firstFrom(view.x, pitch, viewCols, rect.x);
    const c1 = lastTo(view.x, pitch, viewCols, rect.x + rect.width);
    const r0 = firstFrom(view.y, pitch, viewRows, rect.y);
    const r1 = lastTo(view.y, pitch, viewRows, rect.y + rect.height);
    const run = this.run;
    const rowBase = (r: number) => (view.row0 + r) * view.cols + view.col0;
    // Rows r0..r1 lie over the rectangle: one column run serves them all.
    if (r0 <= r1 && rowRun(view, rect, c0, c1, r0, run)) {
      for (let r = r0; r <= r1; r++) setBits(words, rowBase(r) + run[0], rowBase(r) + run[1]);
    }
    // Rows above and below, while their circles still reach in (the distance only grows).
    for (let r = r0 - 1; r >= 0 && rowRun(view, rect, c0, c1, r, run); r--) {
      setBits(words, rowBase(r) + run[0], rowBase(r) + run[1]);
    }
    for (let r = r1 + 1; r < viewRows && rowRun(view, rect, c0, c1, r, run); r++) {
      setBits(words, rowBase(r) + run[0], rowBase(r) + run[1]);
    }
  }

  /**
   * The selection a brush over `rect` produces from the drag's starting selection: the
   * caller's `selection` itself when it holds the same wells.
   */
  select(mode: BrushMode, rect: Rect, layout: PlateLayout, selection: WellSet): WellSet {
    const fresh = this.next;
    fresh.fill(0);
    for (const view of layout.views) this.addView(view, rect, fresh);
    const was = this.touched;
    let same = this.primed;
    for (let w = 0; same && w < fresh.length; w++) same = fresh[w] === was[w];
    this.touched = fresh;
    this.next = was;
    this.primed = true;
    if (same && selection === this.last) return selection;
    const { initial, out } = this;
    for (let w = 0; w < out.length; w++) {
      const t = fresh[w];
      out[w] = mode === 'add' ? initial[w] | t : mode === 'toggle' ? initial[w] ^ t : t;
    }
    const next = selection.reuse(WellSet.fromWords(this.size, out));
    this.last = next;
    return next;
  }
}
