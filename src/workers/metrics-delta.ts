// A plate change sent to the metrics worker as a delta: only the wells whose contents changed
// (a tool's apply keeps untouched wells as the same objects) go, packed at the start of a
// small grid (distinct-wells' packedPlate, as the server's per-well states do), so the kernel
// computes those wells only and the buffers that cross are a few kB; the answer is written
// into a copy of the previous whole-plate metrics. Wells are independent in the kernel, so
// the result equals a whole-plate computation (tests/unit/workers/metrics-delta.test.ts).
import type { DispenseSettings } from '../domain/dispensing/settings';
import {
  metricsInputFromPlate,
  type MetricsInput,
  type MetricsOutput,
} from '../domain/metrics-kernel';
import { packedPlate } from '../domain/plate/distinct-wells';
import type { PlateDefn } from '../domain/plate-format';
import type { BenchReagentInfo, WireWell, WireWells } from '../domain/plate-wire';
import { idOfIndex } from '../domain/well-id';

const EMPTY: WireWell = { targets: {} };

/** Row-major indices of the wells that are not the same object in `before` and `after`. */
export function changedWellIndices(
  defn: PlateDefn,
  before: WireWells,
  after: WireWells,
): Int32Array {
  const W = defn.rows * defn.cols;
  const changed = new Int32Array(W);
  let n = 0;
  for (let i = 0; i < W; i++) {
    const id = idOfIndex(defn, i);
    if (before[id] !== after[id]) changed[n++] = i;
  }
  return changed.slice(0, n);
}

/** The kernel's input for these wells only: the k-th well of `wells` at index k. */
export function deltaInput(
  defn: PlateDefn,
  wells: WireWells,
  indices: Int32Array,
  bench: readonly BenchReagentInfo[],
  dispensing: Partial<DispenseSettings> | null,
): MetricsInput {
  const list = Array.from(indices, (i) => wells[idOfIndex(defn, i)] ?? EMPTY);
  const packed = packedPlate(defn, list);
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

/**
 * A copy of the whole-plate metrics `base` with the delta's answer written in: the k-th
 * well of `delta` is the well at `indices[k]`.
 */
export function mergeMetrics(
  base: MetricsOutput,
  indices: Int32Array,
  delta: MetricsOutput,
): MetricsOutput {
  const W = base.status.length;
  const R = base.predictedNM.length / W;
  const S = base.solventCount;
  const out = { ...base };
  for (const key of PER_WELL) {
    const to = base[key].slice();
    const from = delta[key];
    for (let k = 0; k < indices.length; k++) to[indices[k]] = from[k];
    (out as Record<string, unknown>)[key] = to;
  }
  for (const [key, width] of [
    ['predictedNM', R],
    ['errPct', R],
    ['dispensedUL', R],
    ['solventPct', S],
  ] as const) {
    const to = base[key].slice();
    const from = delta[key];
    for (let k = 0; k < indices.length; k++) {
      to.set(from.subarray(k * width, (k + 1) * width), indices[k] * width);
    }
    out[key] = to;
  }
  return out;
}
