// Reading and writing plates for the API. Reads: the computed plate of the writer's cache
// (checked against the stored version and bench on every request, so several server
// instances never serve each other's stale state), serialized once per version as the full
// state or the compact form. Writes (PUT, PATCH) go through the plate writer.
import { benchWithFill, fillLiquid } from '../../domain/dispensing/fill-liquid';
import { encodeCompactPlate } from '../../domain/plate/compact';
import { validatePlateWells, type StateWell } from '../../domain/plate-state';
import type { WireWell } from '../../domain/plate-wire';
import type { PlatePut } from '../../domain/schemas/plate';
import type { PlatePatch } from '../../domain/schemas/plate-ops';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { experiments } from '../db/schema';
import { HttpError, experimentNotFound } from '../errors';
import { listBenchFacts, type DbOrTx } from '../repositories/bench';
import { benchInfoOf, benchKeyOf, type BenchFactsRow } from '../repositories/bench-json';
import { readPlateLog, type PlateLogEntry } from '../repositories/plates';
import { indicesChanged, type LivePlate } from './live-plate';
import { plannedWell } from './plan-statuses';
import { plateStateText } from './plate-text';
import type { ServerMetrics } from '../metrics';
import { AnswerCache, PlateAnswer } from './plate-cache';
import { SingleFlight } from './single-flight';
import { benchRowsBytes, plateHeadReader } from './plate-head';
import { BudgetedCache, ByteBudget } from './cache-budget';
import {
  plateWriter,
  type BenchFactsLike,
  type PlateChangedListener,
  type WriteRequest,
  type WriteResult,
  type Written,
} from './plate-writer';

export type { PlateChangedListener } from './plate-writer';
export { PlateAnswer };

/** The bench as the arithmetic reads it, and its cache key. */
export type BenchFacts = BenchFactsLike;

/** The net changes after a version: what `GET /plate?since=` answers. */
export interface PlateSince {
  from: number;
  version: number;
  hash: string;
  changed: Record<string, WireWell>;
  removed: string[];
}

/** The body of a stale PUT's 409, built around the cached JSON bytes (no re-serializing). */
export function staleBody(current: PlateAnswer): Buffer {
  const detail = `The plate was changed elsewhere (now version ${current.version}). Reload to continue.`;
  return Buffer.concat([
    Buffer.from(`{"detail":${JSON.stringify(detail)},"current":`),
    current.body,
    Buffer.from('}'),
  ]);
}

/** The bench facts of rows as the plate arithmetic reads them, with their cache key. */
export function benchFactsOf(
  rows: readonly BenchFactsRow[],
  dispensing: Record<string, unknown> | null = null,
  vehicleSlug: string | null = null,
): BenchFacts {
  // with no medium or buffer on the bench water fills the wells: the arithmetic and the
  // plan read it as a bench liquid (fill-liquid.ts)
  const infos = benchWithFill(rows.map(benchInfoOf), vehicleSlug);
  // the settings change the computed plate as the bench does: both key the cache
  const key = `${benchKeyOf(infos)}|${JSON.stringify(dispensing)}`;
  // the vehicle only plans new ops (it changes no computed number): not part of the key
  const vehicle = fillLiquid(infos, vehicleSlug).slug;
  return { infos, key, dispensing: dispensing as BenchFacts['dispensing'], vehicle };
}

/** Reads the bench of an experiment as the plate arithmetic needs it. */
export async function benchFacts(db: DbOrTx, experimentId: number): Promise<BenchFacts> {
  const [row] = await db
    .select({ dispensing: experiments.dispensing, vehicleSlug: experiments.vehicleSlug })
    .from(experiments)
    .where(eq(experiments.id, experimentId));
  return benchFactsOf(
    await listBenchFacts(db, experimentId),
    row?.dispensing ?? null,
    row?.vehicleSlug ?? null,
  );
}

/** Composes log entries into the net change since the first one's base. */
export function netChange(
  from: number,
  entries: readonly PlateLogEntry[],
  current: { version: number; hash: string },
): PlateSince {
  const last = new Map<string, WireWell | null>();
  for (const e of entries) for (const [id, w] of Object.entries(e.changed)) last.set(id, w);
  const changed: Record<string, WireWell> = {};
  const removed: string[] = [];
  for (const [id, w] of last) {
    if (w) changed[id] = w;
    else removed.push(id);
  }
  return { from, version: current.version, hash: current.hash, changed, removed };
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

/** The answer of a PATCH. */
export interface PatchAnswer {
  version: number;
  hash: string;
  changed: Record<string, StateWell>;
  removed: string[];
  indices_changed: ReturnType<typeof indicesChanged>;
}

export type PatchResult =
  | { ok: true; answer: PatchAnswer }
  | {
      ok: false;
      status: 400;
      body: { detail: string; op_index: number; op: string; well?: string };
    }
  | { ok: false; status: 409; body: { detail: string; version: number; since: PlateSince | null } };

/** The plate operations of the API, sharing one writer and its cache. */
export function plateService(
  db: Db,
  onPlateChanged?: PlateChangedListener,
  metrics?: Pick<
    ServerMetrics,
    'plateComputations' | 'plateSerialisations' | 'benchReads' | 'cacheBytes' | 'cacheBytesLimit'
  >,
  /** the one byte budget of every cache below (CACHE_BYTES) */
  cacheBytes?: number,
) {
  const budget = new ByteBudget(cacheBytes, (bytes) => {
    if (metrics) metrics.cacheBytes = bytes;
  });
  if (metrics) metrics.cacheBytesLimit = budget.maxBytes;
  const writer = plateWriter(budget, onPlateChanged, {
    computed: () => {
      if (metrics) metrics.plateComputations++;
    },
  });
  const answerFlights = new SingleFlight<string, PlateAnswer>();
  const readHead = plateHeadReader(db, budget, {
    benchRead: () => {
      if (metrics) metrics.benchReads++;
    },
  });
  /** [experiment] -> the bench facts of its last head */
  const benchMemo = new BudgetedCache<number, { key: string; facts: BenchFacts }>(budget, (e) =>
    benchRowsBytes(e.facts.infos),
  );
  const full = new WeakMap<LivePlate, PlateAnswer>();
  const compactAnswers = new WeakMap<LivePlate, PlateAnswer>();
  const answers = new AnswerCache(budget);

  /**
   * The one door for plate writes. `work` runs in a transaction (or, with transaction:
   * false, on the database: a write that is one version-checked statement needs none) and
   * stores its edit with the `store` it is given; once that commits, the written plate
   * becomes the cached one and the change is published ("plate_changed"). Answers what
   * `work` answers.
   */
  async function write<T>(
    work: (tx: DbOrTx, store: (request: WriteRequest) => Promise<WriteResult>) => Promise<T>,
    options: { transaction?: boolean } = {},
  ): Promise<T> {
    let written = null as Written | null;
    const run = (tx: DbOrTx) =>
      work(tx, async (request) => {
        const result = await writer.write(tx, request);
        if (result.ok) written = result.written;
        return result;
      });
    const value = options.transaction === false ? await run(db) : await db.transaction(run);
    if (written) writer.published(written);
    return value;
  }

  /** The full PlateState of a computed plate as JSON bytes (made once per plate). */
  function answerOf(live: LivePlate): PlateAnswer {
    let answer = full.get(live);
    if (!answer) {
      const planned = (w: StateWell) => plannedWell(live, w);
      answer = new PlateAnswer(live.version, Buffer.from(plateStateText(live, planned)));
      if (metrics) metrics.plateSerialisations++;
      full.set(live, answer);
    }
    return answer;
  }

  async function head(ownerId: string, experimentId: number) {
    const context = await readHead(ownerId, experimentId);
    if (!context) throw experimentNotFound();
    // The bench facts of the same rows and settings are the same: built once, not per read.
    const key = `${context.benchStamp}|${JSON.stringify(context.dispensing)}|${context.vehicleSlug}`;
    let bench = benchMemo.get(experimentId);
    if (bench?.key !== key) {
      bench = {
        key,
        facts: benchFactsOf(context.bench, context.dispensing, context.vehicleSlug),
      };
      benchMemo.set(experimentId, bench);
    }
    return { version: context.version, bench: bench.facts };
  }

  async function currentLive(ownerId: string, experimentId: number): Promise<LivePlate> {
    const h = await head(ownerId, experimentId);
    return writer.live(db, experimentId, h.version, h.bench);
  }

  /**
   * The answer of a read in this form: the cached bytes when the stored version and bench
   * are those they were made from (one query), else computed, serialized and cached.
   */
  async function cachedRead(
    ownerId: string,
    experimentId: number,
    form: 'full' | 'compact',
    make: (live: LivePlate) => PlateAnswer,
  ): Promise<PlateAnswer> {
    const h = await head(ownerId, experimentId);
    const key = { experimentId, form, version: h.version, benchKey: h.bench.key };
    const hit = answers.get(key);
    if (hit) return hit;
    // concurrent misses of one answer wait on one load and one serialisation
    return answerFlights.run(`${experimentId}|${form}|${h.version}|${h.bench.key}`, async () => {
      const answer = make(await writer.live(db, experimentId, h.version, h.bench));
      // the plate as loaded may be newer than the head read a moment before
      answers.set({ ...key, version: answer.version }, answer);
      return answer;
    });
  }

  /** The owner's current plate computed with the current bench; 404 when not theirs. */
  async function current(ownerId: string, experimentId: number): Promise<PlateAnswer> {
    return cachedRead(ownerId, experimentId, 'full', answerOf);
  }

  /** What a dispense plan reads: the plate's definition, wire wells and bench. */
  async function planInputs(ownerId: string, experimentId: number) {
    const live = await currentLive(ownerId, experimentId);
    return { defn: live.defn, wells: live.wire, bench: live.bench };
  }

  /** The compact form of the owner's current plate (the user's decisions only). */
  async function compact(ownerId: string, experimentId: number): Promise<PlateAnswer> {
    return cachedRead(ownerId, experimentId, 'compact', compactOf);
  }

  function compactOf(live: LivePlate): PlateAnswer {
    let answer = compactAnswers.get(live);
    if (!answer) {
      const c = encodeCompactPlate({
        version: live.version,
        hash: live.state.hash,
        defn: live.defn,
        wells: live.wire,
      });
      answer = new PlateAnswer(live.version, Buffer.from(JSON.stringify(c)));
      if (metrics) metrics.plateSerialisations++;
      compactAnswers.set(live, answer);
    }
    return answer;
  }

  /** The net changes since version `from`; null when the log no longer reaches back. */
  async function sinceOf(experimentId: number, from: number, version: number, hash: string) {
    const entries = await readPlateLog(db, experimentId, from, version);
    return entries && netChange(from, entries, { version, hash });
  }

  /** GET /plate?since=: 400 for a version ahead of the plate, 410 when the log does not reach back. */
  async function since(ownerId: string, experimentId: number, from: number): Promise<PlateSince> {
    const h = await head(ownerId, experimentId);
    // a version the plate has not reached is a wrong request, not a log gone too short
    if (from > h.version) {
      throw new HttpError(
        400,
        `since: version ${from} is newer than the plate (version ${h.version}); send a version you have read`,
      );
    }
    const entries = await readPlateLog(db, experimentId, from, h.version);
    if (!entries) {
      throw new HttpError(
        410,
        `The plate log does not reach back to version ${from} (the plate is at version ${h.version}); read the whole plate.`,
      );
    }
    const hash =
      entries.at(-1)?.hash ?? (await writer.live(db, experimentId, h.version, h.bench)).state.hash;
    return netChange(from, entries, { version: h.version, hash });
  }

  /** PUT: the whole plate, based on `body.version`. */
  async function put(
    ownerId: string,
    experimentId: number,
    body: PlatePut,
  ): Promise<{ ok: true; answer: PlateAnswer } | { ok: false; current: PlateAnswer }> {
    const h = await head(ownerId, experimentId);
    const issues = validatePlateWells(
      body.defn,
      body.wells,
      h.bench.infos.map((b) => b.slug),
    );
    if (issues.length > 0) throw wellsRefused(issues);
    if (h.version !== body.version) {
      return { ok: false, current: await current(ownerId, experimentId) };
    }
    const result = await write((_tx, store) =>
      store({
        ownerId,
        experimentId,
        bench: h.bench,
        baseVersion: body.version,
        author: ownerId,
        edit: { defn: body.defn, wells: body.wells },
      }),
    );
    if (!result.ok) return { ok: false, current: await current(ownerId, experimentId) };
    return { ok: true, answer: answerOf(result.written.live) };
  }

  /** PATCH: ops applied in order at `body.version`, all or nothing. */
  async function patch(
    ownerId: string,
    experimentId: number,
    body: PlatePatch,
  ): Promise<PatchResult> {
    const h = await head(ownerId, experimentId);
    const stale = async (): Promise<PatchResult> => {
      const now = await head(ownerId, experimentId);
      const live = await writer.live(db, experimentId, now.version, now.bench);
      return {
        ok: false,
        status: 409,
        body: {
          detail: `The plate was changed elsewhere (now version ${now.version}); apply your ops to the changes since version ${body.version}.`,
          version: now.version,
          since:
            body.version <= now.version
              ? await sinceOf(experimentId, body.version, now.version, live.state.hash)
              : null,
        },
      };
    };
    if (h.version !== body.version) return stale();
    // No transaction: at a given base version the writer only reads (the plate, as any read
    // does) and then stores with one version-checked statement, atomic by itself; BEGIN and
    // COMMIT would be two more round trips on every edit.
    const result = await write(
      (_db, store) =>
        store({
          ownerId,
          experimentId,
          bench: h.bench,
          baseVersion: body.version,
          author: ownerId,
          edit: { ops: body.ops },
        }),
      { transaction: false },
    );
    if (!result.ok) {
      if (result.stale) return stale();
      const { opIndex, op, well, message } = result;
      const where = well ? ` (well ${well})` : '';
      return {
        ok: false,
        status: 400,
        body: {
          detail: `Op ${opIndex} (${op})${where}: ${message}`,
          op_index: opIndex,
          op,
          ...(well !== undefined && { well }),
        },
      };
    }
    return { ok: true, answer: patchAnswerOf(result.written) };
  }

  return { current, compact, since, put, patch, write, answerOf, writer, head, planInputs };
}

/** The PATCH answer of a write: the changed wells' states and the index lists that moved. */
export function patchAnswerOf(written: Written): PatchAnswer {
  const { live, before, change } = written;
  const changed: Record<string, StateWell> = {};
  for (const id of Object.keys(change.changed))
    changed[id] = plannedWell(live, live.stateLayer.get(id)!);
  return {
    version: change.version,
    hash: change.hash,
    changed,
    removed: change.removed,
    indices_changed: indicesChanged(before.state.indices, live.state.indices),
  };
}

export type PlateService = ReturnType<typeof plateService>;
