// Plate-reader readouts: one row per plate, channel and import (run). A plate read twice
// has two runs; deleting a readout deletes that row only. The readings are stored as JSON
// text (well id -> value), read back whole, never queried inside.
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// The experiments table by name and key only: schema.ts exports this file, so importing it
// here would make a cycle. Not exported, so drizzle-kit does not take it for a table.
const experiments = pgTable('experiments', { id: serial('id').primaryKey() });

export const readouts = pgTable(
  'readouts',
  {
    id: serial('id').primaryKey(),
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    /** the import that brought it, counted per experiment from 1 */
    run: integer('run').notNull(),
    /** as the file wrote it; '' when it named no plate (the open plate) */
    barcode: text('barcode').notNull(),
    channel: text('channel').notNull(),
    fileName: text('file_name').notNull(),
    wells: integer('wells').notNull(),
    values: text('values').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('readouts_experiment_idx').on(t.experimentId, t.run)],
);
