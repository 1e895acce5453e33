// Events through PostgreSQL LISTEN/NOTIFY, so that every server process on the same database
// delivers every event to its own streams. One dedicated connection listens (a pooled one
// could be handed to a query); publishing is a plain NOTIFY through the pool.
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import type { Db } from '../db/connect';
import {
  Subscribers,
  stampEvent,
  type EventBus,
  type EventInput,
  type ExperimentEvent,
} from './event-bus';

/** The channel; NOTIFY is scoped to one database, so one name serves every deployment. */
export const EVENTS_CHANNEL = 'plate_events';

/** application_name of the listening connection, so operators can tell it apart. */
export const LISTENER_NAME = 'plate-events-listener';

/** NOTIFY refuses payloads of 8000 bytes or more; bigger events are sent without extras. */
export const MAX_PAYLOAD_BYTES = 7900;

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 15_000;

/** The NOTIFY payload of an event: its JSON, reduced to the essentials when too long. */
export function notifyPayload(event: ExperimentEvent): string {
  const json = JSON.stringify(event);
  if (Buffer.byteLength(json) < MAX_PAYLOAD_BYTES) return json;
  const { type, experiment_id, at } = event;
  return JSON.stringify({ type, experiment_id, at, truncated: true });
}

/** Parses a NOTIFY payload; null for anything that is not one of our events. */
export function parsePayload(payload: string | undefined): ExperimentEvent | null {
  try {
    const event = JSON.parse(payload ?? '') as ExperimentEvent;
    return typeof event?.type === 'string' && Number.isInteger(event.experiment_id) ? event : null;
  } catch {
    return null;
  }
}

/**
 * Connects the listening client (resolves once LISTEN is in place) and keeps it connected:
 * after a lost connection it reconnects with backoff and tells subscribers to resynchronise,
 * since events sent meanwhile were missed.
 */
export async function pgEventBus(url: string, db: Db): Promise<EventBus> {
  const subscribers = new Subscribers();
  let client: Client | null = null;
  let closing = false;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: url, application_name: LISTENER_NAME });
    next.on('notification', (message) => {
      if (message.channel !== EVENTS_CHANNEL) return;
      const event = parsePayload(message.payload);
      if (event) subscribers.dispatch(event);
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners('error');
      next.on('error', () => {});
      void next.end().catch(() => {});
      if (!closing) {
        console.error('Event listener connection lost:', error?.message ?? 'ended');
        scheduleReconnect();
      }
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    await next.query(`LISTEN ${EVENTS_CHANNEL}`);
    client = next;
  };

  const scheduleReconnect = () => {
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(
        () => {
          retryMs = RETRY_MIN_MS;
          subscribers.resumed();
        },
        (error: Error) => {
          if (closing) return;
          console.error('Event listener reconnect failed:', error.message);
          retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
          scheduleReconnect();
        },
      );
    }, retryMs);
    retryTimer.unref();
  };

  try {
    await connect();
  } catch (error) {
    throw new Error(`Cannot listen for events on DATABASE_URL: ${(error as Error).message}`, {
      cause: error,
    });
  }

  return {
    async publish(experimentId: number, event: EventInput) {
      const payload = notifyPayload(stampEvent(experimentId, event));
      await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
    },
    subscribe: (experimentId, listener) => subscribers.add(experimentId, listener),
    onResume: (listener) => subscribers.onResume(listener),
    async close() {
      closing = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      if (current) await current.end().catch(() => {});
    },
  };
}
