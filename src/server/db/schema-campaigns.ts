// Compound libraries and screening campaigns. A library is a user's set of source plates
// (one compound per well); each well keeps its current volume, which plans and transfer logs
// move. A campaign is a list of ordinary experiments (its assay plates) in order, with the
// request that made them.
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Compound libraries, per user. */
export const libraries = pgTable(
  'libraries',
  {
    id: serial('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** moved by every change of its wells' volumes: a copy of the wells read at one revision is current while it holds */
    revision: integer('revision').notNull().default(0),
  },
  (t) => [index('libraries_owner_idx').on(t.ownerId, t.id)],
);

/**
 * The source wells of a library: one compound stock each, with its volume now. Written once,
 * with their library, in the transaction that makes it (100,000 at a time), so the table
 * carries one index, its key (library, plate, well), and no foreign key: on PGlite 100,000
 * rows took 4.4 s of CPU with the reference to libraries (checked row by row: 1.8 s), an id
 * key and an index on compound ids (which no query used: the search is a substring), and
 * take 1.4 s with this one key. Libraries are not deleted.
 */
export const libraryWells = pgTable(
  'library_wells',
  {
    /** numbered as written: the library's order, the file's */
    id: serial('id').notNull(),
    libraryId: integer('library_id').notNull(),
    barcode: text('barcode').notNull(),
    plateType: text('plate_type').notNull(),
    well: text('well').notNull(),
    compoundId: text('compound_id').notNull(),
    compoundName: text('compound_name').notNull().default(''),
    concentrationNm: doublePrecision('concentration_nm').notNull(),
    solvent: text('solvent').notNull(),
    /** the volume the file gave (or the plate type's working maximum), uL */
    volumeUl: doublePrecision('volume_ul').notNull(),
    /** the volume now, uL: moved by transfer logs and surveys */
    currentUl: doublePrecision('current_ul').notNull(),
    molecularWeight: doublePrecision('molecular_weight'),
  },
  (t) => [primaryKey({ columns: [t.libraryId, t.barcode, t.well] })],
);

/** Screening campaigns, per user: the request that made them. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    format: integer('format').notNull(),
    libraryId: integer('library_id').references(() => libraries.id, { onDelete: 'set null' }),
    spec: jsonb('spec')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaigns_owner_idx').on(t.ownerId, t.id)],
);

/** The assay plates of a campaign in order: each an experiment with its barcode. */
export const campaignPlates = pgTable(
  'campaign_plates',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    // no foreign key: schema.ts re-exports this file, so naming its experiments table here
    // would be an import cycle; readers join experiments, so a deleted plate drops out
    experimentId: integer('experiment_id').notNull(),
    barcode: text('barcode').notNull(),
    /** the plate's layout (campaign_layouts), null for a plate written whole when made */
    layout: integer('layout'),
    /**
     * While the plate's rows are not yet written (campaign-plates.ts): its compound ids, a
     * JSON array in the order of its layout's marked wells; null once they are
     */
    compounds: text('compounds'),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.position] }),
    index('campaign_plates_experiment_idx').on(t.experimentId),
  ],
);

/**
 * The distinct layouts of a campaign's plates, each worked out once by the plate writer with
 * a mark in its compound wells: its wells (packed, the mark where a plate's compound goes),
 * the log's ops before the plates' own sample ops, the wells the first write touches and
 * their packed wells before it, and the marked wells in the order of the sample ops.
 */
export const campaignLayouts = pgTable(
  'campaign_layouts',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    layout: integer('layout').notNull(),
    wells: text('wells').notNull(),
    ops: text('ops').notNull(),
    touched: text('touched').notNull(),
    before: text('before').notNull(),
    marked: text('marked').notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.layout] })],
);

/**
 * A library's wells as a campaign reads them, as one text of columns
 * (campaigns/library-columns.ts), at the library's revision it was read at: current while
 * the library's revision is the same.
 */
export const libraryColumns = pgTable('library_columns', {
  libraryId: integer('library_id')
    .primaryKey()
    .references(() => libraries.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull(),
  columns: text('columns').notNull(),
});
