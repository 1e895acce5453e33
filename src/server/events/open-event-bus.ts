// The events service for a database: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite
// (an embedded database has exactly one server process), both behind the durable event log.
import type { Database } from '../db/connect';
import { inProcessEventBus } from './event-bus';
import { loggedEventBus, type LoggedEventBus } from './event-log';
import { pgEventBus } from './pg-event-bus';

/** Opens the event bus that fits the database; close it before the database. */
export async function openEventBus(database: Database): Promise<LoggedEventBus> {
  const bus =
    database.kind === 'postgres' && database.url
      ? await pgEventBus(database.url, database.db)
      : inProcessEventBus();
  return loggedEventBus(bus, database.db);
}
