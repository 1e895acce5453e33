/**
 * Seeded randomisation of the wells of a region. The filled wells of the region (controls
 * excepted: they stay where they are) are moved to random free positions of the region, so
 * that position effects do not line up with treatments.
 *
 * - Reproducible: the same seed and plate give the same layout (mulberry32, integer maths).
 * - Replicates are wells with the same treatment (the same reagents at the same targets); with
 *   `separate_replicates` no two of them share a row or a column.
 * - With `avoid_edges` nothing lands on the outer ring.
 * - Balanced: the region is cut into four quadrants, and each treatment's wells go to the
 *   quadrant that holds the fewest of them so far (ties drawn at random), so each treatment
 *   is spread over the plate rather than clumped.
 */
import type { PrimitiveOp } from '../plate/ops';
import type { WireWell } from '../plate-wire';
import { fail, type ExpandResult, type LayoutContext } from './context';
import { isEdgeIndex } from './edges';
import { mulberry32, randomInt, shuffle } from './prng';
import { plateIds, wellListIndices } from './well-list';

export interface RandomiseParams {
  op: 'randomise';
  /** 0 .. 2^32-1; shown to the user so the layout can be made again */
  seed: number;
  region?: string[];
  /** wells carrying one of these tags stay put (default POS, NEG, ZERO) */
  fixed_tags?: string[];
  separate_replicates?: boolean;
  avoid_edges?: boolean;
}

const DEFAULT_FIXED = ['POS', 'NEG', 'ZERO'];
/** Fresh draws tried before a constrained layout is declared impossible. */
const ATTEMPTS = 50;

// A number's bits, read as two 32-bit words for a treatment's hash.
const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);

/** Whether two targets read the same in a treatment (no target, or the same number). */
function sameTarget(a: number | null | undefined, b: number | null | undefined): boolean {
  if (a == null || b == null) return (a == null) === (b == null);
  return a === b || (a !== a && b !== b);
}

/**
 * Wells grouped by treatment (the same reagents at the same targets; tags, labels and volumes
 * aside), each group numbered in the order it is first met. A hash of each well's reagents
 * and targets finds the candidates, a comparison settles them: a text key per well (its
 * slugs sorted, its numbers written out) cost most of a 1536-well randomisation.
 */
class TreatmentGroups {
  /** each slug's number in the hash */
  private readonly codes = new Map<string, number>();
  /** the groups of each hash: group number and a well of it, in turn */
  private readonly byHash = new Map<number, (number | WireWell)[]>();
  count = 0;

  private hash(well: WireWell): number {
    // a sum over the reagents: the same whatever order the record lists them in
    let h = 0;
    for (const slug in well.targets) {
      let code = this.codes.get(slug);
      if (code === undefined) this.codes.set(slug, (code = this.codes.size + 1));
      const nM = well.targets[slug].target_nM;
      // as sameTarget reads them: null and undefined are "no target", -0 is 0, NaN is NaN
      bits[0] = nM == null ? -0.5 : nM === 0 ? 0 : nM !== nM ? -1.5 : nM;
      let x = Math.imul(code ^ 0x9e3779b9, 0x85ebca6b);
      x = Math.imul(x ^ words[0], 0xc2b2ae35);
      x = Math.imul(x ^ words[1], 0x27d4eb2f);
      h = (h + (x ^ (x >>> 15))) | 0;
    }
    return h;
  }

  /** The group of a well's treatment; a new group for a treatment not met before. */
  groupOf(well: WireWell): number {
    const h = this.hash(well);
    let list = this.byHash.get(h);
    if (!list) this.byHash.set(h, (list = []));
    for (let k = 0; k < list.length; k += 2) {
      if (sameTreatment(well, list[k + 1] as WireWell)) return list[k] as number;
    }
    list.push(this.count, well);
    return this.count++;
  }
}

/** Whether two wells hold the same reagents at the same targets. */
function sameTreatment(a: WireWell, b: WireWell): boolean {
  let count = 0;
  for (const slug in a.targets) {
    const tb = b.targets[slug];
    if (!tb || !sameTarget(a.targets[slug].target_nM, tb.target_nM)) return false;
    count++;
  }
  for (const _ in b.targets) count--;
  return count === 0;
}

/** Whether a record has a key of its own. */
function hasKeys(record: object): boolean {
  for (const _ in record) return true;
  return false;
}

interface Unit {
  from: number;
  group: number;
}

function quadrantOf(
  bounds: { r0: number; r1: number; c0: number; c1: number },
  cols: number,
  index: number,
): number {
  const r = Math.floor(index / cols);
  const c = index % cols;
  const midR = (bounds.r0 + bounds.r1 + 1) / 2;
  const midC = (bounds.c0 + bounds.c1 + 1) / 2;
  return (r >= midR ? 2 : 0) + (c >= midC ? 1 : 0);
}

export function expandRandomise(params: RandomiseParams, ctx: LayoutContext): ExpandResult {
  const { defn } = ctx;
  const size = defn.rows * defn.cols;
  let region: number[];
  if (params.region && params.region.length > 0) {
    const read = wellListIndices(defn, params.region);
    if (read.bad !== undefined)
      return fail(`"${read.bad}" is not a well of this ${defn.format}-well plate`, read.bad);
    region = read.indices;
  } else {
    region = [];
    for (let i = 0; i < size; i++) region.push(i);
  }

  const fixedTags = params.fixed_tags ?? DEFAULT_FIXED;
  const ids = plateIds(defn);
  const units: Unit[] = [];
  const positions: number[] = [];
  const groups = new TreatmentGroups();
  for (const i of region) {
    const well = ctx.wells[ids[i]];
    const filled =
      !!well &&
      (hasKeys(well.targets) || !!well.label || !!well.sample || (well.tags?.length ?? 0) > 0);
    if (filled && well.tags?.some((t) => fixedTags.includes(t))) continue;
    if (filled) units.push({ from: i, group: groups.groupOf(well) });
    if (!(params.avoid_edges && isEdgeIndex(defn, i))) positions.push(i);
  }
  if (units.length > positions.length) {
    return fail(
      `${units.length} wells to place but only ${positions.length} free positions in the region`,
    );
  }
  const bounds = { r0: defn.rows, r1: -1, c0: defn.cols, c1: -1 };
  for (const i of positions) {
    const r = Math.floor(i / defn.cols);
    const c = i % defn.cols;
    bounds.r0 = Math.min(bounds.r0, r);
    bounds.r1 = Math.max(bounds.r1, r);
    bounds.c0 = Math.min(bounds.c0, c);
    bounds.c1 = Math.max(bounds.c1, c);
  }
  const quadrant = positions.map((i) => quadrantOf(bounds, defn.cols, i));

  const next = mulberry32(params.seed);
  const groupSizes = Array.from({ length: groups.count }, () => 0);
  for (const u of units) groupSizes[u.group]++;
  let placement: Int32Array | undefined;
  for (let attempt = 0; attempt < ATTEMPTS && !placement; attempt++) {
    placement = tryPlace(
      units,
      groupSizes,
      positions,
      quadrant,
      defn,
      params.separate_replicates ?? false,
      next,
    );
  }
  if (!placement) {
    return fail(
      "No layout keeps replicates out of each other's rows and columns in this region; widen the region or drop the constraint",
    );
  }

  // Only wells whose content changes are written: a vacated well empties unless another
  // well moves into it.
  const filledAfter = new Uint8Array(size);
  for (let k = 0; k < units.length; k++) filledAfter[placement[k]] = 1;
  const wells: Record<string, WireWell | null> = {};
  let written = 0;
  for (const u of units) {
    if (filledAfter[u.from]) continue;
    wells[ids[u.from]] = null;
    written++;
  }
  for (let k = 0; k < units.length; k++) {
    const to = placement[k];
    const from = units[k].from;
    if (to === from) continue;
    wells[ids[to]] = ctx.wells[ids[from]];
    written++;
  }
  const ops: PrimitiveOp[] = written > 0 ? [{ op: 'put', wells }] : [];
  return { ok: true, ops, warnings: [], notes: [`Seed ${params.seed >>> 0}`] };
}

/** Random draws tried in a quadrant before its free positions are scanned one by one. */
const DRAWS = 8;

/**
 * One draw: units in random order, largest treatments first (they are the hardest to place),
 * each to a random position of the least-used quadrant (for its treatment) that still has a
 * position breaking no constraint. Positions are kept in one free list per quadrant; a few
 * random draws usually find an allowed one, a scan of the list settles the rest, so a full
 * 1536 plate takes linear rather than quadratic time. A full plate with separated replicates
 * often needs a second draw, so each one is kept to typed arrays and plain loops: the random
 * numbers are drawn in the same order as ever (a seed makes the layout it always made).
 */
function tryPlace(
  units: Unit[],
  groupSizes: number[],
  positions: number[],
  quadrant: number[],
  shape: { rows: number; cols: number },
  separate: boolean,
  next: () => number,
): Int32Array | undefined {
  const n = units.length;
  const { rows, cols } = shape;
  const shuffled = new Int32Array(n);
  for (let k = 0; k < n; k++) shuffled[k] = k;
  shuffleInts(next, shuffled);
  const order = bySizeDescending(shuffled, units, groupSizes);
  // each quadrant's free positions, packed in one array: quadrant q's are the first
  // freeCount[q] of its slice starting at freeStart[q]
  const freeStart = new Int32Array(4);
  const freeCount = new Int32Array(4);
  for (let p = 0; p < positions.length; p++) freeCount[quadrant[p]]++;
  for (let q = 1; q < 4; q++) freeStart[q] = freeStart[q - 1] + freeCount[q - 1];
  const free = new Int32Array(positions.length);
  freeCount.fill(0);
  for (let p = 0; p < positions.length; p++) {
    const q = quadrant[p];
    free[freeStart[q] + freeCount[q]++] = positions[p];
  }
  const perQuadrant = new Int32Array(groupSizes.length * 4);
  const rowUsed = new Uint8Array(separate ? groupSizes.length * rows : 0);
  const colUsed = new Uint8Array(separate ? groupSizes.length * cols : 0);
  const out = new Int32Array(n);
  const quadrants = [0, 1, 2, 3];
  const byLoad = [0, 0, 0, 0];
  for (let o = 0; o < n; o++) {
    const k = order[o];
    const g = units[k].group;
    // the quadrants shuffled (in place, as each unit's draw has always left them), then
    // ordered by this treatment's load, ties in shuffled order: a stable insertion sort
    // into one array kept for every unit
    shuffle(next, quadrants);
    for (let a = 0; a < 4; a++) {
      const q = quadrants[a];
      const load = perQuadrant[g * 4 + q];
      let b = a;
      while (b > 0 && perQuadrant[g * 4 + byLoad[b - 1]] > load) {
        byLoad[b] = byLoad[b - 1];
        b--;
      }
      byLoad[b] = q;
    }
    let placed = -1;
    let where = -1;
    for (let a = 0; a < 4 && placed < 0; a++) {
      const q = byLoad[a];
      const start = freeStart[q];
      const count = freeCount[q];
      if (count === 0) continue;
      for (let d = 0; d < DRAWS && placed < 0; d++) {
        const f = randomInt(next, count);
        if (!separate || allowed(g, free[start + f], rowUsed, colUsed, rows, cols)) placed = f;
      }
      if (placed < 0) {
        // the eligible positions counted, then the drawn one found again: no list of them
        let eligible = 0;
        for (let f = 0; f < count; f++)
          if (allowed(g, free[start + f], rowUsed, colUsed, rows, cols)) eligible++;
        if (eligible > 0) {
          let pick = randomInt(next, eligible);
          for (let f = 0; f < count; f++) {
            if (!allowed(g, free[start + f], rowUsed, colUsed, rows, cols)) continue;
            if (pick-- === 0) {
              placed = f;
              break;
            }
          }
        }
      }
      if (placed >= 0) where = q;
    }
    if (placed < 0) return undefined;
    const start = freeStart[where];
    const last = --freeCount[where];
    const index = free[start + placed];
    free[start + placed] = free[start + last];
    out[k] = index;
    perQuadrant[g * 4 + where]++;
    if (separate) {
      rowUsed[g * rows + Math.floor(index / cols)] = 1;
      colUsed[g * cols + (index % cols)] = 1;
    }
  }
  return out;
}

/** Whether treatment `g` has no well yet in the row or the column of `index`. */
function allowed(
  g: number,
  index: number,
  rowUsed: Uint8Array,
  colUsed: Uint8Array,
  rows: number,
  cols: number,
): boolean {
  return !rowUsed[g * rows + Math.floor(index / cols)] && !colUsed[g * cols + (index % cols)];
}

/** prng's shuffle on typed integers: the same draws, the same permutation. */
function shuffleInts(next: () => number, list: Int32Array): void {
  for (let i = list.length - 1; i > 0; i--) {
    const j = randomInt(next, i + 1);
    const t = list[i];
    list[i] = list[j];
    list[j] = t;
  }
}

/**
 * The units of `order` sorted by their treatment's size, largest first, keeping `order`
 * within a size (a stable sort, by counting).
 */
function bySizeDescending(order: Int32Array, units: Unit[], groupSizes: number[]): Int32Array {
  let max = 0;
  for (const size of groupSizes) if (size > max) max = size;
  // starts[s]: where units of size s begin, sizes from max down to 0
  const starts = new Int32Array(max + 2);
  for (let k = 0; k < order.length; k++) starts[max - groupSizes[units[order[k]].group] + 1]++;
  for (let s = 1; s < starts.length; s++) starts[s] += starts[s - 1];
  const sorted = new Int32Array(order.length);
  for (let k = 0; k < order.length; k++) {
    sorted[starts[max - groupSizes[units[order[k]].group]]++] = order[k];
  }
  return sorted;
}
