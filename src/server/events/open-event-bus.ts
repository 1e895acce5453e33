// The events service for a database: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite
// (an embedded database has exactly one server process).
import type { Database } from '../db/connect';
import { inProcessEventBus, type EventBus } from './event-bus';
import { pgEventBus } from './pg-event-bus';

/** Opens the event bus that fits the database; close it before the database. */
export async function openEventBus(database: Database): Promise<EventBus> {
  if (database.kind === 'postgres' && database.url) return pgEventBus(database.url, database.db);
  return inProcessEventBus();
}
