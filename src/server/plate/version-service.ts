// Versions and snapshots of a plate: saving the current plate (and a snapshot of the bench),
// reading one back with its state computed, and restoring one in a single transaction.
import { computePlateState } from '../../domain/plate-state';
import type { VersionSnapshot } from '../../domain/schemas/version';
import type { Db } from '../db/connect';
import { experimentNotFound, HttpError } from '../errors';
import { listBench, replaceBench } from '../repositories/bench';
import { benchInfoOf, benchInsertOfJson, benchJsonOf } from '../repositories/bench-json';
import { experimentsRepository, toExperimentJson } from '../repositories/experiments';
import { loadPlate } from '../repositories/plates';
import {
  getVersion,
  insertVersion,
  listVersions,
  type VersionSummary,
} from '../repositories/versions';
import { benchFacts, type PlateService } from './plate-service';
import { sha256HexNode } from './sha256-hex';

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

  async function list(ownerId: string, experimentId: number): Promise<VersionSummary[]> {
    await owned(ownerId, experimentId);
    return listVersions(db, experimentId);
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
    const done = await db.transaction(async (tx) => {
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
      const result = await plates.writer.write(tx, {
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
    plates.writer.published(done.written);
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
