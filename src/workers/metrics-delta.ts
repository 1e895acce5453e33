// A plate change sent to the metrics worker as a delta. A tool's apply keeps untouched wells
// as the same objects, and a well it moves (a randomisation) as the same object at another
// position: a moved well's metrics are copied from where the last answer had them, and only
// wells of new contents go to the worker, packed at the start of a small grid
// (distinct-wells' packedPlate, as the server's per-well states do), so the kernel computes
// those wells only and the buffers that cross are a few kB. The answer is written into a
// copy of the previous whole-plate metrics. Wells are independent in the kernel, so the
// result equals a whole-plate computation (tests/unit/workers/metrics-delta.test.ts).
import type { DispenseSettings } from '../domain/dispensing/settings';
import {
  metricsInputFromPlate,
  type MetricsInput,
  type MetricsOutput,
} from '../domain/metrics-kernel';
import { packedPlate } from '../domain/plate/distinct-wells';
import type { PlateDefn } from '../domain/plate-format';
import type { BenchReagentInfo, WireWell, WireWells } from '../domain/plate-wire';
import { plateIds } from '../domain/layout/well-list';

const EMPTY: WireWell = { targets: {} };

// A number's bits, read as two 32-bit words for the hash.
const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);

/** The hash moved on by a number (null and absent as two values of their own). */
function mixNumber(h: number, v: unknown): number {
  bits[0] = typeof v === 'number' ? v : v === null ? -0.5 : -0.25;
  h = Math.imul(h ^ words[0], 0x01000193);
  return Math.imul(h ^ words[1], 0x01000193);
}

/**
 * Wells' targets found again by their contents: a hash of each target's reagent and numbers,
 * and on a hash's match a field-by-field comparison (sameTargets), which alone decides. The
 * hash reads the four numbers a target has by name, not its fields one by one: targets the
 * comparison finds the same hash the same, and one with a field of its own only shares its
 * hash with others (computed again if so, never a wrong number). Contents that differ only in
 * the order of their keys are taken as different (computed twice, which costs time, never a
 * wrong number). A JSON text per well did the same at several times the cost.
 */
class TargetsIndex {
  /** each slug's number in the hash */
  private readonly names = new Map<string, number>();
  /** the first source of each hash; later ones with the same hash follow in `next` */
  private readonly first = new Map<number, number>();
  private readonly next: number[] = [];
  /** the hash `find` was last asked about */
  private last = 0;

  private nameCode(name: string): number {
    let code = this.names.get(name);
    if (code === undefined) {
      code = this.names.size + 1;
      this.names.set(name, code);
    }
    return code;
  }

  private hash(targets: WireWell['targets']): number {
    let h = 0x811c9dc5;
    for (const slug in targets) {
      h = Math.imul(h ^ this.nameCode(slug), 0x01000193);
      const t = targets[slug];
      h = mixNumber(h, t.target_nM);
      h = mixNumber(h, t.tol_pct);
      h = mixNumber(h, t.volume_uL);
      h = mixNumber(h, t.dilution);
    }
    // within a small integer's 31 bits: a Map keyed by a larger one boxes each key (in a
    // browser, whose heap keeps small integers in 31 bits)
    return h & 0x3fffffff;
  }

  /** The source holding the same targets, or -1. */
  find(targets: WireWell['targets'], sources: readonly WireWell[]): number {
    const h = this.hash(targets);
    this.last = h;
    for (let s = this.first.get(h) ?? -1; s >= 0; s = this.next[s]) {
      if (sameTargets(targets, sources[s].targets)) return s;
    }
    return -1;
  }

  /** Records the targets `find` was last asked about as source `s`. */
  add(s: number): void {
    this.next[s] = this.first.get(this.last) ?? -1;
    this.first.set(this.last, s);
  }
}

/** Whether two wells' targets hold the same fields with the same values. */
function sameTargets(a: WireWell['targets'], b: WireWell['targets']): boolean {
  let count = 0;
  for (const slug in a) {
    const ta = a[slug] as unknown as Record<string, unknown>;
    const tb = b[slug] as unknown as Record<string, unknown> | undefined;
    if (!tb) return false;
    let fields = 0;
    for (const field in ta) {
      if (!(field in tb) || !Object.is(ta[field], tb[field])) return false;
      fields++;
    }
    for (const _ in tb) fields--;
    if (fields !== 0) return false;
    count++;
  }
  for (const _ in b) count--;
  return count === 0;
}

/** What changed between two states of a plate's wells. */
export interface WellDelta {
  /** row-major indices of the wells that are not the same object in both */
  indices: Int32Array;
  /**
   * for each of `indices`, a position where the earlier state held that well's object (its
   * metrics are copied from there), or -1: new contents, computed by the kernel
   */
  from: Int32Array;
  /**
   * for each of `indices` with from -1, which of `sources` it holds: wells of the same
   * targets are computed once (the kernel reads a well's targets only)
   */
  slot: Int32Array;
  /** the wells the kernel computes, each distinct set of targets once */
  sources: WireWell[];
  /** how many wells the kernel computes (sources.length) */
  computed: number;
}

/** The wells that changed from `before` to `after`, and where moved ones came from. */
export function wellDelta(defn: PlateDefn, before: WireWells, after: WireWells): WellDelta {
  const W = defn.rows * defn.cols;
  // the plate's ids made once: a new string per well per edit costs its making and its hash
  const ids = plateIds(defn);
  const changed = new Int32Array(W);
  let n = 0;
  for (let i = 0; i < W; i++) {
    const id = ids[i];
    if (before[id] !== after[id]) changed[n++] = i;
  }
  const indices = changed.slice(0, n);
  const from = new Int32Array(n).fill(-1);
  const slot = new Int32Array(n).fill(-1);
  const sources: WireWell[] = [];
  if (n > 0) {
    // where each well object of the earlier state was, among the positions that changed (a
    // moved well left one; only objects are compared: a well with the same contents in
    // another object, or copied from a position that kept it, is computed again, to the same
    // numbers): a map of the changed wells rather than of the whole plate
    const at = new Map<WireWell, number>();
    // backwards: a well object at several places is found at its first
    for (let k = n - 1; k >= 0; k--) {
      const w = before[ids[indices[k]]];
      if (w) at.set(w, indices[k]);
    }
    // new contents found again by their targets (a well's numbers depend on nothing else):
    // an import or a reformat writes a few hundred distinct wells over the whole plate
    const found = new TargetsIndex();
    for (let k = 0; k < n; k++) {
      const w = after[ids[indices[k]]];
      const j = w ? at.get(w) : undefined;
      if (j !== undefined) {
        from[k] = j;
        continue;
      }
      const well = w ?? EMPTY;
      let s = found.find(well.targets, sources);
      if (s < 0) {
        s = sources.push(well) - 1;
        found.add(s);
      }
      slot[k] = s;
    }
  }
  return { indices, from, slot, sources, computed: sources.length };
}

/** The kernel's input for the delta's sources only: the k-th of them at index k. */
export function deltaInput(
  defn: PlateDefn,
  delta: WellDelta,
  bench: readonly BenchReagentInfo[],
  dispensing: Partial<DispenseSettings> | null,
): MetricsInput {
  const packed = packedPlate(defn, delta.sources);
  const { solventKeys: _keys, ...input } = metricsInputFromPlate(
    packed.defn,
    packed.wells,
    bench,
    dispensing,
  );
  return input;
}

const PER_WELL = [
  'volumeUL',
  'pH',
  'ionicMM',
  'vehiclePct',
  'band',
  'status',
  'dominant',
  'broken',
  'backfillUL',
] as const;
/** per-well arrays of a width each: R bench reagents, S solvents (solventPct) */
const PER_WELL_WIDE = ['predictedNM', 'errPct', 'dispensedUL', 'solventPct'] as const;

/** Whether `spare`'s arrays can hold a merge of `base`: as long as base's, and not base's own. */
function fits(spare: MetricsOutput, base: MetricsOutput): boolean {
  if (spare === base || spare.solventCount !== base.solventCount) return false;
  for (const key of [...PER_WELL, ...PER_WELL_WIDE]) {
    if (spare[key].length !== base[key].length || spare[key].buffer === base[key].buffer)
      return false;
  }
  return true;
}

/**
 * A copy of the whole-plate metrics `base` with the delta written in: a moved well's
 * metrics copied from its earlier position in `base`, a new well from its source's answer in
 * `computed` (null when the delta computes none). `spare`: metrics no one reads any more,
 * whose arrays the copy is written into (a 1536 plate's are about 0.7 MB, allocated at every
 * edit otherwise); their numbers are all overwritten.
 */
export function mergeMetrics(
  base: MetricsOutput,
  delta: WellDelta,
  computed: MetricsOutput | null,
  spare: MetricsOutput | null = null,
): MetricsOutput {
  const { indices, from, slot } = delta;
  const W = base.status.length;
  const R = base.predictedNM.length / W;
  const S = base.solventCount;
  const into = spare && fits(spare, base) ? spare : null;
  const out = { ...base };
  for (const key of PER_WELL) {
    const src = base[key];
    const to = into ? copyInto(into[key], src) : src.slice();
    const fresh = computed?.[key];
    for (let k = 0; k < indices.length; k++) {
      to[indices[k]] = from[k] >= 0 ? src[from[k]] : fresh![slot[k]];
    }
    (out as Record<string, unknown>)[key] = to;
  }
  for (const key of PER_WELL_WIDE) {
    const width = key === 'solventPct' ? S : R;
    const src = base[key];
    const to = into ? copyInto(into[key], src) : src.slice();
    const fresh = computed?.[key];
    // element by element: a subarray per well would make 2 objects per well and array
    for (let k = 0; k < indices.length; k++) {
      const j = from[k];
      const at = indices[k] * width;
      const read = j >= 0 ? src : fresh!;
      const start = (j >= 0 ? j : slot[k]) * width;
      for (let x = 0; x < width; x++) to[at + x] = read[start + x];
    }
    out[key] = to;
  }
  return out;
}

/** `to` holding `from`'s numbers (the same type and length). */
function copyInto<T extends { set(from: ArrayLike<number>): void }>(
  to: T,
  from: ArrayLike<number>,
): T {
  to.set(from);
  return to;
}
