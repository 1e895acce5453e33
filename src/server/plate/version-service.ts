// Versions and snapshots of a plate: saving the current plate (and a snapshot of the bench),
// reading one back with its state computed, and restoring one in a single transaction.
import { computePlateState } from '../../domain/plate-state';
import type { VersionSnapshot } from '../../domain/schemas/version';
import type { Db } from '../db/connect';
import { experimentNotFound, HttpError } from '../errors';
import { listBench, replaceBench } from '../repositories/bench';
import { benchInfoOf, benchInsertOfJson, benchJsonOf } from '../repositories/bench-json';
import { experimentsRepository, toExperimentJson } from '../repositories/experiments';
import { loadPlate, readPlateLogRange, type PlateLogEntry } from '../repositories/plates';
import { plateDiff, type PlateDiff } from '../../domain/plate/plate-diff';
import type { WireWell } from '../../domain/plate-wire';
import {
  getVersion,
  insertVersion,
  listVersions,
  type VersionSummary,
} from '../repositories/versions';
import { benchFacts, type PlateService } from './plate-service';
import { sha256HexNode } from './sha256-hex';

/** What changed from plate version `from` to `to`, composed from log entries; null when one is missing. */
function changesBetween(
  log: Map<number, PlateLogEntry>,
  from: number,
  to: number,
): PlateDiff | null {
  const before: Record<string, WireWell> = {};
  const after: Record<string, WireWell> = {};
  const seen = new Set<string>();
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  for (let v = lo + 1; v <= hi; v++) {
    const entry = log.get(v);
    if (!entry) return null;
    for (const [id, w] of Object.entries(entry.changed)) {
      if (!seen.has(id)) {
        seen.add(id);
        const was = entry.before[id];
        if (was) before[id] = was;
      }
      if (w) after[id] = w;
      else delete after[id];
    }
  }
  return from <= to ? plateDiff(before, after) : plateDiff(after, before);
}

/** 404 for a version that is not this experiment's. */
export const versionNotFound = () => new HttpError(404, 'Version not found');

/** Version operations for one database, writing plates through the plate service's cache. */
export function versionService(db: Db, plates: PlateService) {
  const experiments = experimentsRepository(db);

  async function owned(ownerId: string, experimentId: number) {
    const row = await experiments.get(ownerId, experimentId);
    if (!row) throw experimentNotFound();
    return row;
  }

  /** Keeps the current plate (and the snapshot when given) as a new version. */
  async function create(
    ownerId: string,
    experimentId: number,
    input: { summary: string | null; snapshot: VersionSnapshot | null },
  ): Promise<VersionSummary> {
    await owned(ownerId, experimentId);
    const plate = await loadPlate(db, experimentId);
    if (!plate) throw experimentNotFound();
    return insertVersion(db, {
      experimentId,
      version: plate.version,
      summary: input.summary,
      plate: { defn: plate.defn, wells: plate.wells, hash: plate.hash },
      snapshot: input.snapshot,
    });
  }

  /**
   * The versions, newest first, each with what changed since the version before it (the
   * empty plate for the first), read from the plate log; changes null where the log no
   * longer reaches.
   */
  async function list(
    ownerId: string,
    experimentId: number,
  ): Promise<(VersionSummary & { changes: PlateDiff | null })[]> {
    await owned(ownerId, experimentId);
    const versions = await listVersions(db, experimentId);
    if (versions.length === 0) return [];
    const top = Math.max(...versions.map((v) => v.version));
    const entries = await readPlateLogRange(db, experimentId, 0, top);
    const byVersion = new Map(entries.map((e) => [e.version, e]));
    return versions.map((v, i) => {
      const previous = versions[i + 1]?.version ?? 0;
      return { ...v, changes: changesBetween(byVersion, previous, v.version) };
    });
  }

  /**
   * One version with its state computed with the snapshot's inventory when it has one (the
   * bench of that moment), else with the current bench.
   */
  async function read(ownerId: string, experimentId: number, versionId: number) {
    await owned(ownerId, experimentId);
    const found = await getVersion(db, experimentId, versionId);
    if (!found) throw versionNotFound();
    const bench = found.snapshot
      ? found.snapshot.inventory.map((item) => benchInfoOf(benchInsertOfJson(experimentId, item)))
      : (await benchFacts(db, experimentId)).infos;
    const state = computePlateState({
      defn: found.plate.defn,
      wells: found.plate.wells,
      version: found.summary.version,
      bench,
      hasher: sha256HexNode,
    });
    return { ...found.summary, state, snapshot: found.snapshot };
  }

  /**
   * Makes a saved version the current plate (a new version number) and, when it is a
   * snapshot with an inventory, replaces the bench with it; all in one transaction. Answers
   * the restore body as JSON bytes around the plate's cached serialization.
   */
  async function restore(ownerId: string, experimentId: number, versionId: number) {
    const done = await plates.write(async (tx, store) => {
      const found = await getVersion(tx, experimentId, versionId);
      const experiment = await experimentsRepository(tx as Db).get(ownerId, experimentId);
      if (!experiment) throw experimentNotFound();
      if (!found) throw versionNotFound();
      const inventory = found.snapshot?.inventory ?? [];
      if (found.snapshot && inventory.length > 0) {
        await replaceBench(
          tx,
          experimentId,
          inventory.map((item) => benchInsertOfJson(experimentId, item)),
        );
      }
      const bench = await benchFacts(tx, experimentId);
      const result = await store({
        ownerId,
        experimentId,
        bench,
        baseVersion: null,
        author: `restore:${versionId}`,
        edit: { defn: found.plate.defn, wells: found.plate.wells },
      });
      if (!result.ok) throw experimentNotFound();
      const benchRows = await listBench(tx, experimentId);
      const after = await experimentsRepository(tx as Db).get(ownerId, experimentId);
      return {
        written: result.written,
        benchRows,
        experiment: after!,
        snapshot: found.snapshot,
      };
    });
    const plate = plates.answerOf(done.written.live);
    const rest = JSON.stringify({
      bench: done.benchRows.map(benchJsonOf),
      experiment: toExperimentJson(done.experiment),
      snapshot: done.snapshot,
    });
    return Buffer.concat([Buffer.from('{"plate":'), plate.body, Buffer.from(`,${rest.slice(1)}`)]);
  }

  return { create, list, read, restore };
}

export type VersionService = ReturnType<typeof versionService>;
