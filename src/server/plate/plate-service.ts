// Reading and writing plates: the domain computes every derived figure (computePlateState),
// the repository stores the wells with an optimistic version check, and serialized answers
// are cached per (version, bench) so a plate read is one small query and a string.
import {
  computePlateState,
  validatePlateWells,
  wireWellsOf,
  type PlateState,
  type WireWells,
} from '../../domain/plate-state';
import type { PlateDefn } from '../../domain/plate-format';
import type { BenchReagentInfo } from '../../domain/plate-wire';
import type { PlatePut } from '../../domain/schemas/plate';
import type { Db } from '../db/connect';
import { HttpError, experimentNotFound } from '../errors';
import { listBenchFacts, type DbOrTx } from '../repositories/bench';
import { benchInfoOf, benchKeyOf, type BenchFactsRow } from '../repositories/bench-json';
import {
  loadPlate,
  plateContextQuery,
  writePlate,
  type StoredPlateState,
} from '../repositories/plates';
import { PlateAnswer, PlateCache } from './plate-cache';
import { sha256HexNode } from './sha256-hex';

/** Called after a plate write is committed (the events stream publishes "plate_changed"). */
export type PlateChangedListener = (experimentId: number, version: number) => void;

/** The bench as the arithmetic reads it, and its cache key. */
export interface BenchFacts {
  infos: BenchReagentInfo[];
  key: string;
}

export { PlateAnswer };

/** The body of a stale write's 409, built around the cached JSON bytes (no re-serializing). */
export function staleBody(current: PlateAnswer): Buffer {
  const detail = `The plate was changed elsewhere (now version ${current.version}). Reload to continue.`;
  return Buffer.concat([
    Buffer.from(`{"detail":${JSON.stringify(detail)},"current":`),
    current.body,
    Buffer.from('}'),
  ]);
}

/** The bench facts of rows as the plate arithmetic reads them, with their cache key. */
export function benchFactsOf(rows: readonly BenchFactsRow[]): BenchFacts {
  const infos = rows.map(benchInfoOf);
  return { infos, key: benchKeyOf(infos) };
}

/** Reads the bench of an experiment as the plate arithmetic needs it. */
export async function benchFacts(db: DbOrTx, experimentId: number): Promise<BenchFacts> {
  return benchFactsOf(await listBenchFacts(db, experimentId));
}

/** A computed state and what the plates row keeps of it. */
export function preparePlate(
  defn: PlateDefn,
  wells: WireWells,
  version: number,
  bench: readonly BenchReagentInfo[],
): { state: PlateState; stored: StoredPlateState } {
  const state = computePlateState({ defn, wells, version, bench, hasher: sha256HexNode });
  return { state, stored: { defn: state.defn, wells: wireWellsOf(state), indices: state.indices } };
}

const MAX_LISTED = 10;

/** 400 naming each refused well and field. */
function wellsRefused(issues: { path: string; message: string }[]): HttpError {
  const shown = issues.slice(0, MAX_LISTED).map((i) => i.message);
  const more = issues.length > MAX_LISTED ? `; and ${issues.length - MAX_LISTED} more` : '';
  return new HttpError(
    400,
    `Invalid plate: ${shown.join('; ')}${more}`,
    issues.map(({ path, message }) => ({ path, message })),
  );
}

/** The plate operations of the API, sharing one cache. */
export function plateService(db: Db, onPlateChanged?: PlateChangedListener) {
  const cache = new PlateCache();
  const plateContext = plateContextQuery(db);

  function remember(experimentId: number, state: PlateState, benchKey: string): PlateAnswer {
    const answer = new PlateAnswer(state.version, Buffer.from(JSON.stringify(state)));
    cache.set(experimentId, benchKey, answer);
    return answer;
  }

  /** The owner's current plate computed with the current bench; 404 when not theirs. */
  async function current(ownerId: string, experimentId: number): Promise<PlateAnswer> {
    const head = await plateContext(ownerId, experimentId);
    if (!head) throw experimentNotFound();
    const bench = benchFactsOf(head.bench);
    const hit = cache.get(experimentId, head.version, bench.key);
    if (hit !== undefined) return hit;
    const stored = await loadPlate(db, experimentId);
    if (!stored) throw experimentNotFound();
    const state = computePlateState({
      defn: stored.defn,
      wells: stored.wells,
      version: stored.version,
      bench: bench.infos,
      hasher: sha256HexNode,
    });
    return remember(experimentId, state, bench.key);
  }

  /**
   * Writes a plate based on `body.version`. Answers the new state, or throws 400 (wells
   * refused), 404, or returns `stale` with the current state when the base is out of date.
   */
  async function put(
    ownerId: string,
    experimentId: number,
    body: PlatePut,
  ): Promise<{ ok: true; answer: PlateAnswer } | { ok: false; current: PlateAnswer }> {
    const head = await plateContext(ownerId, experimentId);
    if (!head) throw experimentNotFound();
    const bench = benchFactsOf(head.bench);
    const issues = validatePlateWells(
      body.defn,
      body.wells,
      bench.infos.map((b) => b.slug),
    );
    if (issues.length > 0) throw wellsRefused(issues);
    if (head.version !== body.version) {
      return { ok: false, current: await current(ownerId, experimentId) };
    }
    const { state, stored } = preparePlate(body.defn, body.wells, body.version + 1, bench.infos);
    const version = await db.transaction((tx) =>
      writePlate(tx, ownerId, experimentId, body.version, stored, state.hash),
    );
    if (version === null) return { ok: false, current: await current(ownerId, experimentId) };
    state.version = version;
    const answer = remember(experimentId, state, bench.key);
    onPlateChanged?.(experimentId, version);
    return { ok: true, answer };
  }

  return { current, put, remember, forget: (id: number) => cache.delete(id), onPlateChanged };
}

export type PlateService = ReturnType<typeof plateService>;
