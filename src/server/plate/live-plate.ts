// The computed plate kept in memory per experiment, so that a write touching a few wells
// recomputes only those: wells are independent (computePlateState of just the changed wells
// gives the same per-well numbers), the indices are rebuilt from the per-well states without
// any arithmetic, and the hash reuses each untouched well's canonical JSON. The result is the
// same state computePlateState gives from scratch (property-tested in tests/server).
import type { DispenseSettings } from '../../domain/dispensing/settings';
import { canonicalJson } from '../../domain/canonical-json';
import type { PlateDefn } from '../../domain/plate-format';
import {
  computePlateState,
  type PlateIndices,
  type PlateState,
  type StateWell,
} from '../../domain/plate-state';
import type { BenchReagentInfo, WireWell, WireWells } from '../../domain/plate-wire';
import { canonicalizeWells } from '../../domain/plate-wells';
import { computeWellStates } from '../../domain/plate/well-states';
import { createHash } from 'node:crypto';
import { idOfIndex, indexOfWellId } from '../../domain/well-id';
import { sha256HexNode } from './sha256-hex';

/** A computed plate for one version and one bench. */
export interface LivePlate {
  version: number;
  benchKey: string;
  bench: readonly BenchReagentInfo[];
  /** the dispensing settings the state was computed with (part of benchKey) */
  dispensing: Partial<DispenseSettings> | null;
  defn: PlateDefn;
  /** canonical wire wells, row-major */
  wire: WireWells;
  state: PlateState;
  /** canonical JSON of each well by row-major index (undefined: empty) */
  wellJson: (string | undefined)[];
  /** the UTF-8 of `"id":<canonical JSON>` of each well by row-major index, for the hash */
  wellBytes: (Buffer | undefined)[];
}

const COMMA = Buffer.from(',');
const codeOrders = new Map<number, number[]>();
const indexMaps = new Map<number, Map<string, number>>();

/** Row-major indices of a plate's wells in the code-unit order of their ids (JSON key order). */
function codeOrder(defn: PlateDefn): number[] {
  let order = codeOrders.get(defn.format);
  if (!order) {
    const ids = Array.from({ length: defn.rows * defn.cols }, (_, i) => idOfIndex(defn, i));
    order = ids
      .map((_, i) => i)
      .toSorted((a, b) => (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0));
    codeOrders.set(defn.format, order);
  }
  return order;
}

/** Canonical well id -> row-major index, built once per format. */
function indexOf(defn: PlateDefn, id: string): number {
  let map = indexMaps.get(defn.format);
  if (!map) {
    map = new Map(Array.from({ length: defn.rows * defn.cols }, (_, i) => [idOfIndex(defn, i), i]));
    indexMaps.set(defn.format, map);
  }
  return map.get(id) ?? indexOfWellId(id, defn);
}

const wellBytesOf = (id: string, json: string) => Buffer.from(`${JSON.stringify(id)}:${json}`);

/**
 * The plate hash (DOMAIN.md "Plate state": SHA-256 of the canonical JSON of {defn, wells})
 * assembled from per-well canonical JSON: the same text canonicalJson writes whole.
 */
function hashOf(defn: PlateDefn, wellBytes: readonly (Buffer | undefined)[]): string {
  const parts: Buffer[] = [];
  for (const i of codeOrder(defn)) {
    const b = wellBytes[i];
    if (!b) continue;
    if (parts.length > 0) parts.push(COMMA);
    parts.push(b);
  }
  return createHash('sha256')
    .update(`{"defn":${canonicalJson(defn)},"wells":{`)
    .update(Buffer.concat(parts))
    .update('}}')
    .digest('hex');
}

/** The full computation, from wells in any form. */
export function buildLivePlate(
  defn: PlateDefn,
  wells: WireWells,
  version: number,
  bench: readonly BenchReagentInfo[],
  benchKey: string,
  dispensing: Partial<DispenseSettings> | null = null,
): LivePlate {
  const state = computePlateState({
    defn,
    wells,
    version,
    bench,
    hasher: sha256HexNode,
    dispensing,
  });
  const wire = canonicalizeWells(state.defn, wells);
  const wellJson: (string | undefined)[] = [];
  const wellBytes: (Buffer | undefined)[] = [];
  for (const [id, w] of Object.entries(wire)) {
    const i = indexOf(state.defn, id);
    wellJson[i] = canonicalJson(w);
    wellBytes[i] = wellBytesOf(id, wellJson[i]);
  }
  return {
    version,
    benchKey,
    bench,
    dispensing,
    defn: state.defn,
    wire,
    state,
    wellJson,
    wellBytes,
  };
}

type IndexName = 'by_sample' | 'by_col' | 'tags' | 'by_target';

/** The index keys a well is listed under. */
function keysOf(
  defn: PlateDefn,
  id: string,
  w: StateWell | undefined,
): Record<IndexName, string[]> {
  if (!w) return { by_sample: [], by_col: [], tags: [], by_target: [] };
  return {
    by_sample: w.sample ? [w.sample] : [],
    by_col: [String((indexOf(defn, id) % defn.cols) + 1)],
    tags: [...new Set(w.tags)],
    by_target: Object.keys(w.targets),
  };
}

/** Inserts an id into a row-major list (a copy). */
function withId(defn: PlateDefn, list: readonly string[] | undefined, id: string): string[] {
  const out = [...(list ?? [])];
  const at = indexOf(defn, id);
  let k = out.length;
  while (k > 0 && indexOf(defn, out[k - 1]) > at) k--;
  out.splice(k, 0, id);
  return out;
}

/**
 * The indices after some wells changed: only the lists those wells enter or leave are
 * copied and edited, the others are shared. Same lists as computePlateState's indices of the new wells.
 */
export function updateIndices(
  defn: PlateDefn,
  old: PlateIndices,
  before: Record<string, StateWell>,
  after: Record<string, StateWell>,
  ids: readonly string[],
): PlateIndices {
  const next: PlateIndices = {
    by_sample: { ...old.by_sample },
    by_col: { ...old.by_col },
    tags: { ...old.tags },
    by_target: { ...old.by_target },
    unmet: old.unmet,
  };
  for (const id of ids) {
    const a = keysOf(defn, id, before[id]);
    const b = keysOf(defn, id, after[id]);
    for (const name of ['by_sample', 'by_col', 'tags', 'by_target'] as const) {
      const index = next[name];
      for (const key of a[name]) {
        if (b[name].includes(key)) continue;
        const list = (index[key] ?? []).filter((x) => x !== id);
        if (list.length > 0) index[key] = list;
        else delete index[key];
      }
      for (const key of b[name]) {
        if (!a[name].includes(key)) index[key] = withId(defn, index[key], id);
      }
    }
    const wasUnmet = before[id]?.status === 'error';
    const isUnmet = after[id]?.status === 'error';
    if (wasUnmet && !isUnmet) next.unmet = next.unmet.filter((x) => x !== id);
    if (!wasUnmet && isUnmet) next.unmet = withId(defn, next.unmet, id);
  }
  return next;
}

/**
 * The next version of a live plate after a change of `changed` (now in `wire`) and
 * `removed` wells: derived values recomputed for those wells only. `wire` must be canonical
 * and row-major (applyOps' output).
 */
export function advanceLivePlate(
  base: LivePlate,
  wire: WireWells,
  changed: readonly string[],
  removed: readonly string[],
  version: number,
): LivePlate {
  const subset: WireWells = {};
  for (const id of changed) subset[id] = wire[id];
  const fresh = computeWellStates(base.defn, subset, base.bench, base.dispensing);
  let wells: Record<string, StateWell>;
  if (changed.every((id) => id in base.state.wells) && removed.length === 0) {
    wells = { ...base.state.wells, ...fresh };
  } else {
    // wells added or removed: keep the row-major order of the answer
    wells = {};
    for (const id of Object.keys(wire)) wells[id] = fresh[id] ?? base.state.wells[id];
  }

  const wellJson = base.wellJson.slice();
  const wellBytes = base.wellBytes.slice();
  for (const id of removed) {
    const i = indexOf(base.defn, id);
    wellJson[i] = undefined;
    wellBytes[i] = undefined;
  }
  for (const id of changed) {
    const i = indexOf(base.defn, id);
    wellJson[i] = canonicalJson(wire[id]);
    wellBytes[i] = wellBytesOf(id, wellJson[i]!);
  }
  const state: PlateState = {
    defn: base.defn,
    wells,
    indices: updateIndices(base.defn, base.state.indices, base.state.wells, wells, [
      ...changed,
      ...removed,
    ]),
    version,
    hash: hashOf(base.defn, wellBytes),
  };
  return { ...base, version, wire, state, wellJson, wellBytes };
}

/** The same live plate computed for another bench (all wells' derived values change). */
export function rebench(
  base: LivePlate,
  bench: readonly BenchReagentInfo[],
  benchKey: string,
  dispensing: Partial<DispenseSettings> | null = null,
): LivePlate {
  const state = computePlateState({
    defn: base.defn,
    wells: base.wire,
    version: base.version,
    bench,
    hasher: null,
    dispensing,
  });
  state.hash = base.state.hash;
  return { ...base, bench, benchKey, dispensing, state };
}

// Lists updateIndices did not touch are the same arrays: most comparisons stop at once.
const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  a === b || ((a?.length ?? 0) === (b?.length ?? 0) && (a ?? []).every((x, i) => x === b![i]));

/** The index lists that differ between two states: key -> ids now (empty: gone). */
export function indicesChanged(before: PlateIndices, after: PlateIndices) {
  const out: Partial<Record<keyof PlateIndices, unknown>> = {};
  for (const name of ['by_sample', 'by_col', 'tags', 'by_target'] as const) {
    const diff: Record<string, string[]> = {};
    for (const key of new Set([...Object.keys(before[name]), ...Object.keys(after[name])])) {
      if (!sameList(before[name][key], after[name][key])) diff[key] = after[name][key] ?? [];
    }
    if (Object.keys(diff).length > 0) out[name] = diff;
  }
  if (!sameList(before.unmet, after.unmet)) out.unmet = after.unmet;
  return out;
}

/** The wire wells of some ids (null for an empty one). */
export function wellsAt(wire: WireWells, ids: Iterable<string>): Record<string, WireWell | null> {
  const out: Record<string, WireWell | null> = {};
  for (const id of ids) out[id] = wire[id] ?? null;
  return out;
}
