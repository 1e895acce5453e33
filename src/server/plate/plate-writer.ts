// The one module that writes plates (ARCHITECTURE.md "Plate writes"). Every path that
// changes wells (PATCH ops, PUT, version restore, the assistant) calls write() inside its
// transaction: the change is applied to the plate at a checked version, only the changed
// wells are recomputed and stored, and the write is appended to the plate log. After the
// transaction commits the caller calls published(): the new computed plate becomes the cached
// one and listeners (the events stream) are told, with the changed wells.
import { applyOpsDelta } from '../../domain/plate/apply-ops';
import { vehicleLoadOf } from '../../domain/dispensing/vehicle-load';
import { expandOps } from '../../domain/plate/expand-ops';
import type { PrimitiveOp } from '../../domain/plate/ops';
import type { PlateDefn } from '../../domain/plate-format';
import type { WireWell, WireWells } from '../../domain/plate-wire';
import { canonicalizeWells } from '../../domain/plate-wells';
import { canonicalJson } from '../../domain/canonical-json';
import { idOfIndex, indexOfWellId } from '../../domain/well-id';
import type { PlateOpInput } from '../../domain/schemas/plate-ops';
import { experimentNotFound } from '../errors';
import type { DbOrTx } from '../repositories/bench';
import { loadPlate, lockPlateVersion, writePlateChange } from '../repositories/plates';
import { advanceLivePlate, buildLivePlate, rebench, type LivePlate } from './live-plate';
import { rowsText, versionPlateText, wellsText } from './plate-text';
import { planVolumeFor, plannedWellVolume, vehicleOnStepFor } from './plan-volume';
import { SingleFlight } from './single-flight';
import { BudgetedCache, type ByteBudget } from './cache-budget';

/** The bench as the arithmetic reads it, and its cache key. */
export interface BenchFactsLike {
  infos: import('../../domain/plate-wire').BenchReagentInfo[];
  /** the cache key of the bench and the dispensing settings together */
  key: string;
  /** the experiment's dispensing settings; null or absent: the format's defaults */
  dispensing?: Partial<import('../../domain/dispensing/settings').DispenseSettings> | null;
  /** the vehicle that fills planned wells: the experiment's, else the spec's default pick */
  vehicle?: string | null;
}

/** A committed plate write, as listeners and the since answers see it. */
export interface PlateChange {
  experimentId: number;
  version: number;
  base_version: number;
  hash: string;
  /** the changed wells as they became */
  changed: Record<string, WireWell>;
  removed: string[];
  author: string;
}

export type PlateChangedListener = (change: PlateChange) => void;

/**
 * Ops a caller already applied to a computed plate (the assistant's turn, with the context the
 * writer applies them with): the wells they gave, so the writer does not apply them again when
 * that plate is its base (the same version and bench) and the vehicle is its own.
 */
export interface AppliedOps {
  base: LivePlate;
  vehicle: string | null;
  /** the expanded ops in order, as the log keeps them */
  ops: readonly PrimitiveOp[];
  /** every well after the ops */
  wells: WireWells;
  /** the wells the ops changed or emptied, in any order */
  touched: readonly string[];
}

/** What a writer asks for: ops, or whole wells (PUT, restore, the assistant). */
export type PlateEdit =
  { ops: readonly PlateOpInput[]; applied?: AppliedOps } | { defn: PlateDefn; wells: WireWells };

export interface WriteRequest {
  ownerId: string;
  experimentId: number;
  bench: BenchFactsLike;
  /** the version the edit is based on; null: whatever the plate is at (locked) */
  baseVersion: number | null;
  author: string;
  edit: PlateEdit;
  /** keep the written plate as a saved version with this summary, in the same statement */
  keepAs?: string;
}

/** A write done inside a transaction, to be published once it commits. */
export interface Written {
  before: LivePlate;
  live: LivePlate;
  change: PlateChange;
  /** the saved version's id when the request asked to keep one (keepAs) */
  versionId?: number;
}

export type WriteResult =
  | { ok: true; written: Written }
  | { ok: false; stale: true; version: number }
  | { ok: false; stale: false; opIndex: number; op: string; well?: string; message: string };

/**
 * The bytes a computed plate counts against the cache budget: 8 times the canonical JSON of
 * its wells, an estimate (it also holds each well's state, the indices and, once serialised,
 * the state text, several times the wells' JSON as objects).
 */
function livePlateBytes(live: LivePlate): number {
  let bytes = 0;
  for (const b of live.wellBytes) bytes += b?.length ?? 0;
  return 8 * bytes + 1024;
}

/** The computed plates of recently used experiments, in the server's cache budget. */
class LiveCache {
  private readonly entries: BudgetedCache<number, LivePlate>;

  constructor(budget: ByteBudget) {
    this.entries = new BudgetedCache(budget, livePlateBytes);
  }

  get(experimentId: number): LivePlate | undefined {
    return this.entries.get(experimentId);
  }

  set(experimentId: number, live: LivePlate): void {
    const current = this.entries.get(experimentId);
    if (current && current.version > live.version) return;
    this.entries.set(experimentId, live);
  }

  delete(experimentId: number): void {
    this.entries.delete(experimentId);
  }
}

/**
 * The delta of ops already applied (see AppliedOps): the touched wells that differ from the
 * base, each well object written as canonical JSON once (a change shares one object among the
 * wells of the same contents), and the emptied ones, row-major.
 */
function appliedDelta(base: LivePlate, applied: AppliedOps) {
  const updated: Record<string, WireWell> = {};
  const updatedJson: Record<string, string> = {};
  const changed: number[] = [];
  const removed: number[] = [];
  const written = new Map<WireWell, string>();
  for (const i of new Set(applied.touched.map((id) => indexOfWellId(id, base.defn)))) {
    const id = idOfIndex(base.defn, i);
    const w = applied.wells[id];
    if (!w) {
      if (base.wellJson[i] !== undefined) removed.push(i);
      continue;
    }
    let json = written.get(w);
    if (json === undefined) written.set(w, (json = canonicalJson(w)));
    if (base.wellJson[i] === json) continue;
    updated[id] = w;
    updatedJson[id] = json;
    changed.push(i);
  }
  const ids = (list: number[]) =>
    list.toSorted((a, b) => a - b).map((i) => idOfIndex(base.defn, i));
  return { updated, updatedJson, changed: ids(changed), removed: ids(removed) };
}

/** A plate edit worked out on a computed plate, nothing stored: what write() stores. */
export type EditedPlate =
  | { ok: true; next: LivePlate; ops: unknown[]; changed: string[]; removed: string[] }
  | { ok: false; stale: false; opIndex: number; op: string; well?: string; message: string };

/**
 * Applies an edit to a computed plate at its version (the domain's ops, or whole wells): the
 * next plate at the version after, the ops as the log keeps them, the wells changed and
 * emptied. Pure; write() stores it, and a campaign works its plates' layouts out with it.
 */
export function editLivePlate(
  base: LivePlate,
  edit: PlateEdit,
  bench: BenchFactsLike,
): EditedPlate {
  const version = base.version;
  const slugs = new Set(bench.infos.map((b) => b.slug));

  let next: LivePlate;
  let ops: unknown[];
  let changedIds: string[];
  let removed: string[];
  const given = 'ops' in edit ? edit.applied : undefined;
  if (given && given.base === base && given.vehicle === (bench.vehicle ?? null)) {
    const delta = appliedDelta(base, given);
    next = advanceLivePlate(
      base,
      delta.updated,
      delta.changed,
      delta.removed,
      version + 1,
      delta.updatedJson,
    );
    ops = logOps(given.ops);
    changedIds = delta.changed;
    removed = delta.removed;
  } else if ('ops' in edit) {
    const expanded = expandOps(edit.ops, {
      defn: base.defn,
      wells: base.wire,
      bench: bench.infos,
      benchSlugs: slugs,
      dispensing: bench.dispensing ?? null,
    });
    if (!expanded.ok) return { ...expanded, stale: false };
    const applied = applyOpsDelta(
      base.defn,
      (id) => base.wireLayer.get(id),
      expanded.ops,
      {
        benchSlugs: slugs,
        planVolume: planVolumeFor(base.defn, bench.infos, bench.dispensing),
        vehicle: bench.vehicle ?? null,
        wellVolume: (current) => plannedWellVolume(base.defn, bench.dispensing, current),
        vehicleOnStep: vehicleOnStepFor(base.defn, bench.infos, bench.vehicle, bench.dispensing),
        vehicleLoadPct: vehicleLoadOf(base.defn, base.wire, bench.infos, bench.dispensing ?? null),
        reagentOf: (slug) => bench.infos.find((b) => b.slug === slug),
      },
      (id) => base.wellJson[indexOfWellId(id, base.defn)],
    );
    if (!applied.ok) return { ...applied, ok: false, stale: false };
    next = advanceLivePlate(
      base,
      applied.updated,
      applied.changed,
      applied.removed,
      version + 1,
      applied.updatedJson,
    );
    ops = logOps(expanded.ops);
    changedIds = applied.changed;
    removed = applied.removed;
  } else if (edit.defn.format === base.defn.format) {
    const wire = canonicalizeWells(base.defn, edit.wells);
    const changed: string[] = [];
    for (const [id, w] of Object.entries(wire)) {
      if (base.wellJson[indexOfWellId(id, base.defn)] !== canonicalJson(w)) changed.push(id);
    }
    removed = Object.keys(base.wire).filter((id) => !(id in wire));
    next = advanceLivePlate(base, wire, changed, removed, version + 1);
    ops = [{ op: 'put', wells: [...changed, ...removed] }];
    changedIds = changed;
  } else {
    next = buildLivePlate(
      edit.defn,
      edit.wells,
      version + 1,
      bench.infos,
      bench.key,
      bench.dispensing,
    );
    ops = [{ op: 'put', defn: next.defn, wells: next.wire }];
    changedIds = Object.keys(next.wire);
    removed = Object.keys(base.wire).filter((id) => !(id in next.wire));
  }

  return { ok: true, next, ops, changed: changedIds, removed };
}

/** Ops as the log keeps them: a put's wells are the log's `changed` already, named once. */
function logOps(ops: readonly PrimitiveOp[]): unknown[] {
  return ops.map((op) => (op.op === 'put' ? { op: 'put', wells: Object.keys(op.wells) } : op));
}

/** The plate writer of one database, with its cache of computed plates. */
export function plateWriter(
  budget: ByteBudget,
  onChanged?: PlateChangedListener,
  counted?: { computed(): void },
) {
  const cache = new LiveCache(budget);
  // Flights per connection: a transaction must not wait on a load running on the pool (on
  // PGlite that load waits for the transaction: a deadlock), so it shares only its own.
  const flights = new WeakMap<DbOrTx, SingleFlight<string, LivePlate>>();

  /** The computed plate at its stored version with this bench (cached, else loaded). */
  async function live(db: DbOrTx, experimentId: number, version: number, bench: BenchFactsLike) {
    const hit = cache.get(experimentId);
    if (hit && hit.version === version && hit.benchKey === bench.key) return hit;
    let byKey = flights.get(db);
    if (!byKey) flights.set(db, (byKey = new SingleFlight()));
    // concurrent misses of one plate, version and bench wait on one computation
    return byKey.run(`${experimentId}|${version}|${bench.key}`, async () => {
      let next: LivePlate;
      if (!hit || hit.version !== version) {
        const stored = await loadPlate(db, experimentId);
        if (!stored) throw experimentNotFound();
        next = buildLivePlate(
          stored.defn,
          stored.wells,
          stored.version,
          bench.infos,
          bench.key,
          bench.dispensing,
        );
      } else {
        next = rebench(hit, bench.infos, bench.key, bench.dispensing);
      }
      counted?.computed();
      cache.set(experimentId, next);
      return next;
    });
  }

  /** Applies and stores one edit; call inside a transaction, then published() after it. */
  async function write(tx: DbOrTx, req: WriteRequest): Promise<WriteResult> {
    const version = req.baseVersion ?? (await lockPlateVersion(tx, req.experimentId));
    if (version === null) throw experimentNotFound();
    const base = await live(tx, req.experimentId, version, req.bench);
    if (base.version !== version) return { ok: false, stale: true, version: base.version };
    const edited = editLivePlate(base, req.edit, req.bench);
    if (!edited.ok) return edited;
    const { next, ops, changed: changedIds, removed } = edited;

    const changed: Record<string, WireWell> = {};
    for (const id of changedIds) changed[id] = next.wireLayer.get(id)!;
    const touched = [...changedIds, ...removed];
    const written = await writePlateChange(tx, {
      ownerId: req.ownerId,
      experimentId: req.experimentId,
      baseVersion: version,
      defn: next.defn,
      hash: next.state.hash,
      // the touched wells as stored, from the canonical JSON both plates keep (the removed
      // ones null after: the next plate does not hold them)
      changed: wellsText(next, touched),
      before: wellsText(base, touched),
      // the plate rows of these wells; a new format rewrites every row
      rows:
        next.defn.format === base.defn.format
          ? rowsText(next, touched)
          : rowsText(next, [], Math.max(base.defn.rows, next.defn.rows)),
      ops,
      author: req.author,
      keep:
        req.keepAs === undefined
          ? undefined
          : { summary: req.keepAs, plate: versionPlateText(next) },
    });
    if (written === null) {
      return {
        ok: false,
        stale: true,
        version: (await lockPlateVersion(tx, req.experimentId)) ?? version,
      };
    }
    return {
      ok: true,
      written: {
        before: base,
        live: next,
        change: {
          experimentId: req.experimentId,
          version: written.version,
          base_version: version,
          hash: next.state.hash,
          changed,
          removed,
          author: req.author,
        },
        versionId: written.versionId,
      },
    };
  }

  /** After the transaction committed: cache the new plate and tell the listeners. */
  function published(written: Written): void {
    cache.set(written.change.experimentId, written.live);
    onChanged?.(written.change);
  }

  return {
    live,
    write,
    published,
    forget: (experimentId: number) => cache.delete(experimentId),
  };
}
