// The event log: every event published to an experiment's streams, kept for a day, so that a
// stream reconnecting with Last-Event-ID, or whose database listener reconnected, is sent
// what it missed (events/event-log.ts). Ids are the order of publication on the database.
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const eventLog = pgTable(
  'event_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    experimentId: integer('experiment_id').notNull(),
    /** the event as streams deliver it, JSON text */
    event: text('event').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_log_experiment_idx').on(t.experimentId, t.id)],
);
