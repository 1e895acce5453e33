// The computed plate kept in memory per experiment, so that a write touching a few wells
// recomputes only those: wells are independent (computePlateState of just the changed wells
// gives the same per-well numbers), the indices are rebuilt from the per-well states without
// any arithmetic, and the hash reuses each untouched well's canonical JSON. The result is the
// same state computePlateState gives from scratch (property-tested in tests/server).
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
import { indexOfWellId } from '../../domain/well-id';
import { sha256HexNode } from './sha256-hex';

/** A computed plate for one version and one bench. */
export interface LivePlate {
  version: number;
  benchKey: string;
  bench: readonly BenchReagentInfo[];
  defn: PlateDefn;
  /** canonical wire wells, row-major */
  wire: WireWells;
  state: PlateState;
  /** canonical JSON of each well, for the hash */
  wellJson: Map<string, string>;
  /** well ids in code-unit order (the canonical JSON's key order) */
  sortedIds: string[];
}

/**
 * The plate hash (DOMAIN.md "Plate state": SHA-256 of the canonical JSON of {defn, wells})
 * assembled from per-well canonical JSON: the same text canonicalJson writes whole.
 */
function hashOf(defn: PlateDefn, wellJson: Map<string, string>, sortedIds: string[]): string {
  const parts: string[] = [];
  for (const id of sortedIds) parts.push(`${JSON.stringify(id)}:${wellJson.get(id)}`);
  return sha256HexNode(`{"defn":${canonicalJson(defn)},"wells":{${parts.join(',')}}}`);
}

/** The full computation, from wells in any form. */
export function buildLivePlate(
  defn: PlateDefn,
  wells: WireWells,
  version: number,
  bench: readonly BenchReagentInfo[],
  benchKey: string,
): LivePlate {
  const state = computePlateState({ defn, wells, version, bench, hasher: sha256HexNode });
  const wire = canonicalizeWells(state.defn, wells);
  const wellJson = new Map<string, string>();
  for (const [id, w] of Object.entries(wire)) wellJson.set(id, canonicalJson(w));
  const sortedIds = Object.keys(wire).toSorted();
  return { version, benchKey, bench, defn: state.defn, wire, state, wellJson, sortedIds };
}

function push(index: Record<string, string[]>, key: string, id: string) {
  (index[key] ??= []).push(id);
}

/** The indices of computePlateState, from per-well states in row-major order. */
export function indicesOf(defn: PlateDefn, wells: Record<string, StateWell>): PlateIndices {
  const indices: PlateIndices = { by_sample: {}, by_col: {}, tags: {}, by_target: {}, unmet: [] };
  for (const [id, state] of Object.entries(wells)) {
    const w = indexOfWellId(id, defn);
    for (const slug of Object.keys(state.targets)) push(indices.by_target, slug, id);
    if (state.sample) push(indices.by_sample, state.sample, id);
    push(indices.by_col, String((w % defn.cols) + 1), id);
    for (const tag of new Set(state.tags)) push(indices.tags, tag, id);
    if (state.status === 'error') indices.unmet.push(id);
  }
  return indices;
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
  const fresh = computePlateState({
    defn: base.defn,
    wells: subset,
    version,
    bench: base.bench,
    hasher: null,
  }).wells;
  const wells: Record<string, StateWell> = {};
  for (const id of Object.keys(wire)) wells[id] = fresh[id] ?? base.state.wells[id];

  const wellJson = new Map(base.wellJson);
  let idsChanged = false;
  for (const id of removed) idsChanged = wellJson.delete(id) || idsChanged;
  for (const id of changed) {
    if (!wellJson.has(id)) idsChanged = true;
    wellJson.set(id, canonicalJson(wire[id]));
  }
  const sortedIds = idsChanged ? [...wellJson.keys()].toSorted() : base.sortedIds;
  const state: PlateState = {
    defn: base.defn,
    wells,
    indices: indicesOf(base.defn, wells),
    version,
    hash: hashOf(base.defn, wellJson, sortedIds),
  };
  return { ...base, version, wire, state, wellJson, sortedIds };
}

/** The same live plate computed for another bench (all wells' derived values change). */
export function rebench(
  base: LivePlate,
  bench: readonly BenchReagentInfo[],
  benchKey: string,
): LivePlate {
  const state = computePlateState({
    defn: base.defn,
    wells: base.wire,
    version: base.version,
    bench,
    hasher: null,
  });
  state.hash = base.state.hash;
  return { ...base, bench, benchKey, state };
}

/** The index lists that differ between two states: key -> ids now (empty: gone). */
export function indicesChanged(before: PlateIndices, after: PlateIndices) {
  const out: Partial<Record<keyof PlateIndices, unknown>> = {};
  const same = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
    (a?.length ?? 0) === (b?.length ?? 0) && (a ?? []).every((x, i) => x === b![i]);
  for (const name of ['by_sample', 'by_col', 'tags', 'by_target'] as const) {
    const diff: Record<string, string[]> = {};
    for (const key of new Set([...Object.keys(before[name]), ...Object.keys(after[name])])) {
      if (!same(before[name][key], after[name][key])) diff[key] = after[name][key] ?? [];
    }
    if (Object.keys(diff).length > 0) out[name] = diff;
  }
  if (!same(before.unmet, after.unmet)) out.unmet = after.unmet;
  return out;
}

/** The wire wells of some ids (null for an empty one). */
export function wellsAt(wire: WireWells, ids: Iterable<string>): Record<string, WireWell | null> {
  const out: Record<string, WireWell | null> = {};
  for (const id of ids) out[id] = wire[id] ?? null;
  return out;
}
