// What the instrument wrote back about an experiment's plate: its transfer logs and source
// surveys, kept as imported (text) so a reconciliation is always read from the files
// themselves; they go with their experiment.
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { experiments } from './schema';

export const transferLogs = pgTable(
  'transfer_logs',
  {
    id: serial('id').primaryKey(),
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    /** 'transfer log' or 'survey' */
    kind: text('kind').notNull(),
    filename: text('filename').notNull(),
    /** rows read from it (transfers or surveyed wells) */
    rowCount: integer('row_count').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transfer_logs_experiment_idx').on(t.experimentId, t.id)],
);
