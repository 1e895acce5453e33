// Opens the product database: embedded PGlite (data dir on disk, or in memory for tests) by
// default, a PostgreSQL server when DATABASE_URL is set. Both speak the same SQL and run the
// same migrations from drizzle/.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Pool } from 'pg';
import * as schema from './schema';

/** The drizzle database both drivers provide, typed by the product schema. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** An open database: the drizzle handle, which engine it is, and how to close it. */
export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** The PostgreSQL URL, for dedicated connections such as LISTEN; null on PGlite. */
  url: string | null;
  /** Applies pending migrations from drizzle/; safe to call on an up-to-date database. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** PGlite only: keep the database in memory (tests), ignoring dataDir. */
  inMemory?: boolean;
}

/** Where the generated SQL migrations live, independent of the working directory. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/** Opens PGlite or PostgreSQL as configured; call migrate() before serving. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.inMemory ? null : path.join(options.dataDir, 'pglite'));
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process; the next query retries.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const db = drizzleNodePg({ client: pool, schema });
  // Fail now with a clear message rather than on the first request.
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw new Error(`Cannot connect to DATABASE_URL: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    url,
    migrate: () => describeFailure(migratePostgresLocked(pool)),
    close: () => pool.end(),
  };
}

/**
 * Key of the advisory lock held while migrating: instances started together on one database
 * would otherwise race on CREATE TABLE (a duplicate key in pg_type) and one would exit.
 */
export const MIGRATION_LOCK_KEY = 7_311_924_006;

/** Migrates on one pooled connection holding the lock; the others wait, then find nothing to do. */
async function migratePostgresLocked(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client, schema }), {
        migrationsFolder: MIGRATIONS_FOLDER,
      });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * A failed migration reports the database's own error (drizzle wraps it in "Failed query: ..."
 * with the SQL text, which hides the reason): code, message and detail.
 */
async function describeFailure(migration: Promise<void>): Promise<void> {
  try {
    await migration;
  } catch (error) {
    throw new Error(`Database migration failed: ${databaseMessage(error)}`, { cause: error });
  }
}

/** The innermost error's message, with its SQLSTATE code and detail when it has them. */
export function databaseMessage(error: unknown): string {
  let inner = error as { cause?: unknown; message?: string; code?: string; detail?: string };
  while (inner?.cause && typeof inner.cause === 'object') inner = inner.cause as typeof inner;
  const code = typeof inner?.code === 'string' ? ` [${inner.code}]` : '';
  const detail = typeof inner?.detail === 'string' ? ` (${inner.detail})` : '';
  return `${inner?.message ?? String(error)}${code}${detail}`;
}

async function openPglite(dir: string | null): Promise<Database> {
  if (dir) await mkdir(dir, { recursive: true });
  return fromPglite(dir ? await PGlite.create(dir) : await PGlite.create());
}

/** Wraps an open PGlite instance (tests clone a migrated template instead of migrating each). */
export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    url: null,
    migrate: () => describeFailure(migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })),
    close: () => client.close(),
  };
}
