// What every plate request reads first: the stored version, the owner check and the bench the
// plate is computed with. The bench rarely changes while a plate is read hundreds of times,
// so a read asks only for a stamp of the bench rows (their count, and the newest and the sum
// of their row versions, `xmin`, which every insert and update renews: a row removed, added
// or changed moves one of them) and reuses the bench facts it built for that stamp; only a
// new stamp fetches the rows as JSON. A stamp is read on every request, so
// instances sharing a database never use each other's stale bench.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { benchFactsJson } from '../repositories/bench';
import type { BenchFactsRow } from '../repositories/bench-json';
import { FreshFlight, SingleFlight } from './single-flight';
import { BudgetedCache, type ByteBudget } from './cache-budget';

/** The bytes a bench's rows count against the cache budget: their JSON as UTF-16 text. */
export const benchRowsBytes = (rows: readonly unknown[]) => 2 * JSON.stringify(rows).length;

/** A plate's head as the database answers it; `bench` only when asked for. */
export interface HeadRow {
  version: number;
  dispensing: Record<string, unknown> | null;
  vehicleSlug: string | null;
  benchStamp: string;
  bench?: BenchFactsRow[];
}

/** The head query of one database, with the bench rows of the last stamp of each experiment. */
export function plateHeadReader(db: Db, budget: ByteBudget, counted?: { benchRead(): void }) {
  /** [experiment] -> its bench rows at a stamp (one entry each, in the cache budget) */
  const memo = new BudgetedCache<number, { stamp: string; bench: BenchFactsRow[] }>(budget, (e) =>
    benchRowsBytes(e.bench),
  );
  // concurrent reads of one head share a query that started after each of them arrived
  const flights = new FreshFlight<string, HeadRow | null>();

  // concurrent misses of one bench stamp share one read of its rows: rows read at the stamp a
  // caller saw are the rows it would read itself
  const benchFlights = new SingleFlight<string, HeadRow | null>();

  function query(ownerId: string, experimentId: number, withBench: boolean) {
    return flights.run(`${ownerId}|${experimentId}|${withBench}`, () =>
      queryNow(ownerId, experimentId, withBench),
    );
  }

  async function queryNow(ownerId: string, experimentId: number, withBench: boolean) {
    if (withBench) counted?.benchRead();
    const bench = withBench ? sql`, ${benchFactsJson(experimentId)} as bench` : sql``;
    const result = (await db.execute(sql`
      select p.version, e.dispensing, e.vehicle_slug as "vehicleSlug",
        (select count(*)::text || '/' || coalesce(max(b.xmin::text::bigint), 0)::text || '/'
             || coalesce(sum(b.xmin::text::bigint), 0)::text
           from bench_reagents b where b.experiment_id = p.experiment_id) as "benchStamp"
        ${bench}
      from plates p join experiments e on e.id = p.experiment_id
      where p.experiment_id = ${experimentId} and e.owner_id = ${ownerId}`)) as {
      rows: HeadRow[];
    };
    return result.rows[0] ?? null;
  }

  /** The head with its bench rows; null when no such plate of this owner. */
  return async (
    ownerId: string,
    experimentId: number,
  ): Promise<(HeadRow & { bench: BenchFactsRow[] }) | null> => {
    const head = await query(ownerId, experimentId, false);
    if (!head) return null;
    const known = memo.get(experimentId);
    if (known && known.stamp === head.benchStamp) {
      return { ...head, version: Number(head.version), bench: known.bench };
    }
    // The bench changed (or was never read): the rows and their stamp in one statement,
    // shared by the concurrent reads that missed at this stamp
    const shared = await benchFlights.run(`${ownerId}|${experimentId}|${head.benchStamp}`, () =>
      queryNow(ownerId, experimentId, true),
    );
    // changed again meanwhile: a read of its own, started after this one's head
    const full =
      shared?.benchStamp === head.benchStamp ? shared : await query(ownerId, experimentId, true);
    if (!full) return null;
    const bench = full.bench ?? [];
    if (memo.get(experimentId)?.stamp !== full.benchStamp) {
      memo.set(experimentId, { stamp: full.benchStamp, bench });
    }
    if (full === shared) return { ...head, version: Number(head.version), bench };
    return { ...full, version: Number(full.version), bench };
  };
}
