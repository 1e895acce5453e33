// A durable event log in front of the bus: every event is stored (event_log) before it is
// sent, stamped with its id, so what a stream missed can be read again: after the browser
// reconnects (Last-Event-ID) and after the database listener reconnects (NOTIFYs sent while
// it was away are lost to it). Entries older than a day are deleted now and then.
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { eventLog } from '../db/schema-events';
import { stampEvent, type EventBus, type ExperimentEvent } from './event-bus';

/** How long events are kept for replay. */
const KEEP_MS = 24 * 60 * 60_000;
const PURGE_EVERY_MS = 10 * 60_000;
/** Most events one replay sends (a stream further behind reloads, as after a long sleep). */
export const MAX_REPLAY = 1000;

/** The SSE id of a logged event: "e" + its log id (plain numbers are plate versions). */
export const eventIdText = (id: number) => `e${id}`;

/** The log id of a Last-Event-ID that names a logged event; undefined otherwise. */
export function loggedIdOf(header: unknown): number | undefined {
  const m = /^e(\d{1,15})$/.exec(String(header ?? '').trim());
  return m ? Number(m[1]) : undefined;
}

/** The experiment's logged events after `afterId`, oldest first. */
export async function eventsAfter(
  db: Db,
  experimentId: number,
  afterId: number,
): Promise<ExperimentEvent[]> {
  const rows = await db
    .select({ id: eventLog.id, event: eventLog.event })
    .from(eventLog)
    .where(and(eq(eventLog.experimentId, experimentId), gt(eventLog.id, afterId)))
    .orderBy(asc(eventLog.id))
    .limit(MAX_REPLAY);
  return rows.map((r) => ({ ...(JSON.parse(r.event) as ExperimentEvent), event_id: r.id }));
}

/** The logged bus; `settled` waits for the publishes under way (some are not awaited). */
export interface LoggedEventBus extends EventBus {
  /** Resolves once every publish begun so far is stored and sent (or has failed). */
  settled(): Promise<void>;
}

/** The bus with every published event stored first and carrying its `event_id`. */
export function loggedEventBus(inner: EventBus, db: Db): LoggedEventBus {
  // A plate write answers before its plate_changed is logged (the event must not slow the
  // write): these are the publishes still under way, so that closing waits for them and
  // nothing is written to a closed database.
  const underWay = new Set<Promise<void>>();
  const settled = async () => {
    await Promise.allSettled(underWay);
  };
  const purge = setInterval(() => {
    db.delete(eventLog)
      .where(lt(eventLog.createdAt, new Date(Date.now() - KEEP_MS)))
      .catch((error: Error) => console.error('event log purge failed:', error.message));
  }, PURGE_EVERY_MS);
  purge.unref();
  const store = async (experimentId: number, event: ExperimentEvent) => {
    const [row] = await db
      .insert(eventLog)
      .values({ experimentId, event: JSON.stringify(event) })
      .returning({ id: eventLog.id });
    await inner.publish(experimentId, { ...event, event_id: row.id });
  };
  return {
    publish(experimentId, input) {
      const published = store(experimentId, stampEvent(experimentId, input));
      underWay.add(published);
      void published.then(
        () => underWay.delete(published),
        () => underWay.delete(published),
      );
      return published;
    },
    settled,
    subscribe: (experimentId, listener) => inner.subscribe(experimentId, listener),
    onResume: (listener) => inner.onResume(listener),
    async close() {
      clearInterval(purge);
      await settled();
      await inner.close();
    },
  };
}
