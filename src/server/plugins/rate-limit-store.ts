// Rate-limit counters in the database (table rate_limits) instead of each process's memory:
// every instance on the same database counts against one limit, so running N instances does
// not multiply it. One upsert per attempt both counts and starts a new window when the old
// one is over, atomically, so concurrent instances never lose a count.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';

/** The counter after an attempt: how many in this window, ms until it resets. */
export interface RateCount {
  current: number;
  ttl: number;
}

/** Counts one attempt of `key` in a window of `windowMs`; rows of past windows restart at 1. */
export async function countAttempt(db: Db, key: string, windowMs: number): Promise<RateCount> {
  const result = (await db.execute(sql`
    insert into rate_limits as r (key, count, reset_at)
    values (${key}, 1, now() + ${windowMs}::float8 * interval '1 millisecond')
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning count, (extract(epoch from (reset_at - now())) * 1000)::float8 as ttl_ms`)) as {
    rows: { count: number; ttl_ms: number }[];
  };
  const row = result.rows[0];
  return { current: Number(row.count), ttl: Math.max(0, Math.ceil(Number(row.ttl_ms))) };
}

/** Deletes counters whose window ended (they would restart at 1 anyway). */
export async function purgeEndedWindows(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at <= now()`);
}

interface RouteInfo {
  method?: string | string[];
  url?: string;
}

/** A store class for @fastify/rate-limit bound to this database. */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      /** Keeps each limited route's counters apart, like the in-memory store's per-route maps. */
      private readonly prefix = 'global:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: RateCount) => void,
      timeWindow: number,
    ): void {
      countAttempt(db, this.prefix + key, timeWindow).then(
        (count) => callback(null, count),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      const { method, url } = (routeOptions as { routeInfo?: RouteInfo }).routeInfo ?? {};
      const methods = Array.isArray(method) ? method.join(',') : (method ?? '');
      return new DatabaseStore(routeOptions, `${methods} ${url ?? ''}:`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}
