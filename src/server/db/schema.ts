// The one database schema of the product, shared by PGlite and PostgreSQL. Users are not
// stored: owner_id is the JWT `sub` (or "developer"). Every table under an experiment
// cascades on its delete. Generated migrations live in drizzle/ (npm run db:generate).
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const jsonObject = (name: string) =>
  jsonb(name)
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`);

/** Experiments: one plate each, owned by one user. */
export const experiments = pgTable(
  'experiments',
  {
    id: serial('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    plateType: text('plate_type').notNull(),
    vehicleSlug: text('vehicle_slug'),
    /** dispensing settings (DispenseSettings); null: the format's defaults */
    dispensing: jsonb('dispensing').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('experiments_owner_updated_idx').on(t.ownerId, t.updatedAt)],
);

/** The current plate of an experiment: state JSON (defn, wells, indices), version and hash. */
export const plates = pgTable('plates', {
  experimentId: integer('experiment_id')
    .primaryKey()
    .references(() => experiments.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
  state: jsonb('state').$type<Record<string, unknown>>().notNull(),
  hash: text('hash').notNull(),
  updatedAt: updatedAt(),
});

/**
 * The wells of an experiment's current plate, one row per plate row that holds any (its filled
 * wells, canonical wire wells in row-major order, packed: repositories/packed-wells.ts): a write
 * stores only the plate rows it changed. Per plate row, not per well: a change of 1400 wells
 * is 32 rows to write rather than 1400 (measured: 10-13 ms against 25-50 ms on PostgreSQL),
 * while a one-well edit writes one row of at most 48 wells. plates.state keeps the defn.
 */
export const plateRows = pgTable(
  'plate_rows',
  {
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    /** 0-based row index of the plate (A = 0, AF = 31) */
    row: integer('row').notNull(),
    /** the row's wells as packed JSON text, made from the server's canonical well texts */
    wells: text('wells').notNull(),
  },
  (t) => [primaryKey({ columns: [t.experimentId, t.row] })],
);

/**
 * The plate log: one row per plate write (version), with the ops, who wrote it, the wells it
 * changed as they became (null: emptied) and as they were before. Live sync (since, event
 * replay) and the versions list's differences read it.
 */
export const plateLog = pgTable(
  'plate_log',
  {
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    baseVersion: integer('base_version').notNull(),
    author: text('author').notNull(),
    // json, not jsonb: written on every edit and read back whole, never queried inside;
    // json keeps the text as sent (no binary conversion of a 1400-well change per write)
    ops: json('ops').$type<unknown[]>().notNull(),
    // the wells as packed JSON text (packed-wells.ts), made by the server from its canonical
    // well texts and parsed when read: text is stored as sent, where json parses every write to check it (a
    // 1400-well change is 700 kB of wells, measured 4-8 ms a write on PostgreSQL)
    changed: text('changed').notNull(),
    before: text('before').notNull(),
    hash: text('hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.experimentId, t.version] })],
);

/** Saved plate versions; snapshot holds bench inventory, subsection and label when saved as one. */
export const plateVersions = pgTable(
  'plate_versions',
  {
    id: serial('id').primaryKey(),
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    summary: text('summary'),
    // the plate {defn, hash, wells} as JSON text, the wells packed: a whole plate written per
    // saved change and read back whole, never queried inside (see plateLog)
    state: text('state').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('plate_versions_experiment_idx').on(t.experimentId, t.id)],
);

/** Reagents on an experiment's bench; data keeps the whole create payload. */
export const benchReagents = pgTable(
  'bench_reagents',
  {
    id: serial('id').primaryKey(),
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    reagentType: text('reagent_type').notNull(),
    data: jsonObject('data'),
    stockUm: doublePrecision('stock_um'),
    stockMolarityM: doublePrecision('stock_molarity_m'),
    concentrationUnits: text('concentration_units'),
    maxConcentrationPercent: doublePrecision('max_concentration_percent'),
    minTransferUl: doublePrecision('min_transfer_ul'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('bench_reagents_experiment_slug_idx').on(t.experimentId, t.slug)],
);

/** Reagent definitions: a user's private ones (owner_id) and public ones (owner_id null). */
export const reagentDefinitions = pgTable(
  'reagent_definitions',
  {
    id: serial('id').primaryKey(),
    ownerId: text('owner_id'),
    visibility: text('visibility').$type<'private' | 'public'>().notNull().default('private'),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    reagentType: text('reagent_type').notNull(),
    defaultConcentrationValue: doublePrecision('default_concentration_value'),
    defaultConcentrationUnits: text('default_concentration_units'),
    solvent: text('solvent'),
    molecularWeightGPerMol: doublePrecision('molecular_weight_g_per_mol'),
    data: jsonObject('data'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reagent_definitions_owner_idx').on(t.ownerId),
    index('reagent_definitions_visibility_idx').on(t.visibility),
    index('reagent_definitions_slug_idx').on(t.slug),
  ],
);

/** Stocks of a definition, optionally tied to one experiment. */
export const reagentStocks = pgTable(
  'reagent_stocks',
  {
    id: serial('id').primaryKey(),
    definitionId: integer('definition_id')
      .notNull()
      .references(() => reagentDefinitions.id, { onDelete: 'cascade' }),
    experimentId: integer('experiment_id').references(() => experiments.id, {
      onDelete: 'cascade',
    }),
    ownerId: text('owner_id').notNull(),
    concentrationValue: doublePrecision('concentration_value'),
    concentrationUnits: text('concentration_units'),
    data: jsonObject('data'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reagent_stocks_definition_idx').on(t.definitionId),
    index('reagent_stocks_experiment_idx').on(t.experimentId),
    index('reagent_stocks_owner_idx').on(t.ownerId),
  ],
);

/** The text of the last file uploaded to an experiment. */
export const experimentTexts = pgTable('experiment_texts', {
  experimentId: integer('experiment_id')
    .primaryKey()
    .references(() => experiments.id, { onDelete: 'cascade' }),
  filename: text('filename'),
  text: text('text').notNull(),
  updatedAt: updatedAt(),
});

/** Assistant conversation threads (id of the form exp_<experimentId>_<timestamp>). */
export const chatThreads = pgTable(
  'chat_threads',
  {
    threadId: text('thread_id').primaryKey(),
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    title: text('title'),
    status: text('status').notNull().default('active'),
    metadata: jsonObject('metadata'),
    createdAt: createdAt(),
    lastActive: timestamp('last_active', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_threads_experiment_active_idx').on(t.experimentId, t.lastActive)],
);

/** Messages of a thread, in id order. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    threadId: text('thread_id')
      .notNull()
      .references(() => chatThreads.threadId, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    data: jsonObject('data'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_thread_idx').on(t.threadId, t.id)],
);

/** Chat sessions of an experiment; the active one points at its thread. */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: serial('id').primaryKey(),
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    threadId: text('thread_id'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    lastActive: timestamp('last_active', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_sessions_experiment_active_idx').on(t.experimentId, t.lastActive)],
);

/** The assistant's shared state per experiment, polled with its etag. */
export const agentStates = pgTable('agent_states', {
  experimentId: integer('experiment_id')
    .primaryKey()
    .references(() => experiments.id, { onDelete: 'cascade' }),
  state: jsonObject('state'),
  etag: text('etag').notNull(),
  updatedAt: updatedAt(),
});

/** What an agent observed or did in a thread (progress and observation feeds). */
export const agentObservations = pgTable(
  'agent_observations',
  {
    id: serial('id').primaryKey(),
    experimentId: integer('experiment_id').references(() => experiments.id, {
      onDelete: 'cascade',
    }),
    agent: text('agent').notNull(),
    threadId: text('thread_id').notNull(),
    kind: text('kind').notNull(),
    data: jsonObject('data'),
    createdAt: createdAt(),
  },
  (t) => [index('agent_observations_thread_idx').on(t.agent, t.threadId, t.id)],
);

/** Issue reports; they outlive the experiment they were sent from. */
export const issueReports = pgTable(
  'issue_reports',
  {
    id: serial('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    experimentId: integer('experiment_id').references(() => experiments.id, {
      onDelete: 'set null',
    }),
    sessionId: text('session_id'),
    description: text('description').notNull(),
    include: jsonObject('include'),
    context: jsonObject('context'),
    createdAt: createdAt(),
  },
  (t) => [index('issue_reports_owner_idx').on(t.ownerId, t.createdAt)],
);

/**
 * Developer sign-in sessions: one random token per login, stored only as its SHA-256 hash.
 * A session ends at logout (row deleted) or after it has not been used until expires_at.
 */
export const devSessions = pgTable(
  'dev_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('dev_sessions_expires_idx').on(t.expiresAt)],
);

/** Rate-limit counters shared by every server instance on the database: one row per key. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * Layout templates of the screening tools, kept per user (owner_id is the JWT sub): wells as
 * offsets from the template's top-left with reagents, targets and tags (domain/layout).
 */
export const layoutTemplates = pgTable(
  'layout_templates',
  {
    id: serial('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    wells: jsonb('wells').$type<unknown[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('layout_templates_owner_name_idx').on(t.ownerId, t.name)],
);
export * from './schema-campaigns';
export * from './schema-results';
export * from './schema-events';
