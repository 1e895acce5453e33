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
import { isUnmetStatusName } from '../../domain/prediction';
import { indexOfWellId } from '../../domain/well-id';
import { sha256HexNode } from './sha256-hex';
import { chunksOf, hashFrom, type HashMarks } from './hash-marks';
import { Layered } from './layered';

/** A computed plate for one version and one bench. */
export interface LivePlate {
  version: number;
  benchKey: string;
  bench: readonly BenchReagentInfo[];
  /** the dispensing settings the state was computed with (part of benchKey) */
  dispensing: Partial<DispenseSettings> | null;
  defn: PlateDefn;
  /** canonical wire wells, row-major (built whole on first read: see Layered) */
  readonly wire: WireWells;
  /** the same wells one by one, without building the whole record */
  wireLayer: Layered<WireWell>;
  /** state.wells is built whole on first read; stateLayer reads them one by one */
  state: PlateState;
  stateLayer: Layered<StateWell>;
  /** canonical JSON of each well by row-major index (undefined: empty) */
  wellJson: (string | undefined)[];
  /** the UTF-8 of `"id":<canonical JSON>` of each well by row-major index, for the hash */
  wellBytes: (Buffer | undefined)[];
  /** hash checkpoints of these wells; absent until a write needs them */
  hashMarks?: HashMarks;
  /**
   * `"id":<JSON>` of each well's state by row-major index, made when the plate's answer is
   * first serialized ('' for an empty well, undefined until made); a write copies it with
   * its own wells cleared, so an answer re-serializes only what changed
   */
  stateText: (string | undefined)[];
}

const wellBytesOf = (id: string, json: string) => Buffer.from(`${JSON.stringify(id)}:${json}`);

/** A live plate whose wire and state.wells read their layers (built whole on first read). */
function livePlate(
  fields: Omit<LivePlate, 'wire' | 'state'> & { state: Omit<PlateState, 'wells'> },
): LivePlate {
  const { wireLayer, stateLayer } = fields;
  const s = fields.state;
  return {
    ...fields,
    get wire() {
      return wireLayer.all();
    },
    state: {
      defn: s.defn,
      get wells() {
        return stateLayer.all();
      },
      indices: s.indices,
      version: s.version,
      hash: s.hash,
    },
  };
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
    const i = indexOfWellId(id, state.defn);
    wellJson[i] = canonicalJson(w);
    wellBytes[i] = wellBytesOf(id, wellJson[i]);
  }
  return livePlate({
    version,
    benchKey,
    bench,
    dispensing,
    defn: state.defn,
    wireLayer: Layered.of(state.defn, wire),
    state,
    stateLayer: Layered.of(state.defn, state.wells),
    wellJson,
    wellBytes,
    stateText: [],
  });
}

type IndexName = 'by_sample' | 'by_col' | 'tags' | 'by_target';

/** The index keys a well's contents list it under (by_col, its position's, aside). */
function contentKeysOf(w: StateWell | undefined): Record<ContentIndex, string[]> {
  if (!w) return { by_sample: [], tags: [], by_target: [] };
  return {
    by_sample: w.sample ? [w.sample] : [],
    tags: [...new Set(w.tags)],
    by_target: Object.keys(w.targets),
  };
}

/** What a well changing from one state to another does to the indices, wherever it is. */
interface IndexMove {
  /** [index, key] lists the well leaves and enters */
  leaves: [ContentIndex, string][];
  enters: [ContentIndex, string][];
  wasUnmet: boolean;
  isUnmet: boolean;
}

function indexMoveOf(before: StateWell | undefined, after: StateWell | undefined): IndexMove {
  const a = contentKeysOf(before);
  const b = contentKeysOf(after);
  const move: IndexMove = {
    leaves: [],
    enters: [],
    // the same rule as computePlateState's index: a warning is not dispensed either
    wasUnmet: isUnmetStatusName(before?.status),
    isUnmet: isUnmetStatusName(after?.status),
  };
  for (const name of CONTENT_INDICES) {
    for (const key of a[name]) if (!b[name].includes(key)) move.leaves.push([name, key]);
    for (const key of b[name]) if (!a[name].includes(key)) move.enters.push([name, key]);
  }
  return move;
}

/** A row-major list without `drop` and with `add` (row-major too) merged in: a copy. */
function editedList(
  defn: PlateDefn,
  list: readonly string[],
  drop: ReadonlySet<string> | undefined,
  add: readonly string[] | undefined,
): string[] {
  const kept = drop ? list.filter((x) => !drop.has(x)) : [...list];
  if (!add || add.length === 0) return kept;
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < kept.length || j < add.length) {
    if (
      j >= add.length ||
      (i < kept.length && indexOfWellId(kept[i], defn) < indexOfWellId(add[j], defn))
    )
      out.push(kept[i++]);
    else out.push(add[j++]);
  }
  return out;
}

const CONTENT_INDICES = ['by_sample', 'tags', 'by_target'] as const;
type ContentIndex = (typeof CONTENT_INDICES)[number];
type IndexEdit = { drop?: Set<string>; add?: string[] };
type IndexEdits = Map<IndexName, Map<string, IndexEdit>>;

function editOf(edits: IndexEdits, name: IndexName, key: string): IndexEdit {
  let byKey = edits.get(name);
  if (!byKey) edits.set(name, (byKey = new Map()));
  let e = byKey.get(key);
  if (!e) byKey.set(key, (e = {}));
  return e;
}

/**
 * The indices after some wells changed: only the lists those wells enter or leave are
 * copied and edited, each once however many wells enter it (a 1400-well change is not 1400
 * copies of a 1400-well list); the others are shared. What a change of state does to the
 * lists is worked once per (before, after) pair of states (wells with the same contents
 * share them). Same lists as computePlateState's indices of the new wells.
 */
export function updateIndices(
  defn: PlateDefn,
  old: PlateIndices,
  before: Record<string, StateWell>,
  after: Record<string, StateWell>,
  ids: readonly string[],
): PlateIndices {
  const edits: IndexEdits = new Map();
  const unmet = { drop: new Set<string>(), add: [] as string[] };
  const moves = new Map<StateWell | undefined, Map<StateWell | undefined, IndexMove>>();
  const ordered = ids.toSorted((x, y) => indexOfWellId(x, defn) - indexOfWellId(y, defn));
  for (const id of ordered) {
    const was = before[id];
    const is = after[id];
    let byAfter = moves.get(was);
    if (!byAfter) moves.set(was, (byAfter = new Map()));
    let move = byAfter.get(is);
    if (!move) byAfter.set(is, (move = indexMoveOf(was, is)));
    for (const [name, key] of move.leaves) (editOf(edits, name, key).drop ??= new Set()).add(id);
    for (const [name, key] of move.enters) (editOf(edits, name, key).add ??= []).push(id);
    // the column's list: a well enters it when filled, leaves it when emptied
    if (!was !== !is) {
      const e = editOf(edits, 'by_col', String((indexOfWellId(id, defn) % defn.cols) + 1));
      if (was) (e.drop ??= new Set()).add(id);
      else (e.add ??= []).push(id);
    }
    if (move.wasUnmet && !move.isUnmet) unmet.drop.add(id);
    if (!move.wasUnmet && move.isUnmet) unmet.add.push(id);
  }
  const next: PlateIndices = {
    by_sample: { ...old.by_sample },
    by_col: { ...old.by_col },
    tags: { ...old.tags },
    by_target: { ...old.by_target },
    unmet:
      unmet.drop.size > 0 || unmet.add.length > 0
        ? editedList(defn, old.unmet, unmet.drop, unmet.add)
        : old.unmet,
  };
  for (const [name, byKey] of edits) {
    const index = next[name];
    for (const [key, e] of byKey) {
      const list = editedList(defn, index[key] ?? [], e.drop, e.add);
      if (list.length > 0) index[key] = list;
      else delete index[key];
    }
  }
  return next;
}

/**
 * The next version of a live plate after a change of `changed` wells (their new wire wells
 * in `updated`) and `removed` wells: derived values recomputed, and the hash's bytes
 * re-encoded, for those wells only; the other wells are shared with `base`, not copied.
 * `updated` must hold canonical wells.
 */
export function advanceLivePlate(
  base: LivePlate,
  updated: Readonly<Record<string, WireWell>>,
  changed: readonly string[],
  removed: readonly string[],
  version: number,
  /** canonical JSON of the updated wells when the caller made it already */
  updatedJson?: Readonly<Record<string, string>>,
): LivePlate {
  const subset: WireWells = {};
  for (const id of changed) subset[id] = updated[id];
  const fresh = computeWellStates(base.defn, subset, base.bench, base.dispensing, true);

  const wireUpdates = new Map<string, WireWell | undefined>();
  const stateUpdates = new Map<string, StateWell | undefined>();
  for (const id of removed) {
    wireUpdates.set(id, undefined);
    stateUpdates.set(id, undefined);
  }
  for (const id of changed) {
    wireUpdates.set(id, updated[id]);
    stateUpdates.set(id, fresh[id]);
  }

  const wellJson = base.wellJson.slice();
  const wellBytes = base.wellBytes.slice();
  for (const id of removed) {
    const i = indexOfWellId(id, base.defn);
    wellJson[i] = undefined;
    wellBytes[i] = undefined;
  }
  for (const id of changed) {
    const i = indexOfWellId(id, base.defn);
    wellJson[i] = updatedJson?.[id] ?? canonicalJson(updated[id]);
    wellBytes[i] = wellBytesOf(id, wellJson[i]!);
  }
  const touched = [...changed, ...removed];
  const stateText = base.stateText.slice();
  for (const id of touched) stateText[indexOfWellId(id, base.defn)] = undefined;
  const hashed = hashFrom(base.defn, wellBytes, base.hashMarks, chunksOf(base.defn, touched));
  const before: Record<string, StateWell> = {};
  const after: Record<string, StateWell> = {};
  for (const id of touched) {
    const b = base.stateLayer.get(id);
    if (b) before[id] = b;
    if (fresh[id]) after[id] = fresh[id];
  }
  return livePlate({
    version,
    benchKey: base.benchKey,
    bench: base.bench,
    dispensing: base.dispensing,
    defn: base.defn,
    wireLayer: base.wireLayer.with(wireUpdates),
    stateLayer: base.stateLayer.with(stateUpdates),
    state: {
      defn: base.defn,
      indices: updateIndices(base.defn, base.state.indices, before, after, touched),
      version,
      hash: hashed.hash,
    },
    wellJson,
    wellBytes,
    hashMarks: hashed.marks,
    stateText,
  });
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
  return livePlate({
    version: base.version,
    benchKey,
    bench,
    dispensing,
    defn: base.defn,
    wireLayer: base.wireLayer,
    state,
    stateLayer: Layered.of(base.defn, state.wells),
    wellJson: base.wellJson,
    wellBytes: base.wellBytes,
    hashMarks: base.hashMarks,
    stateText: [],
  });
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
