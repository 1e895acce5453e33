// Fresh databases and apps for server tests. Every test file gets its own databases: an
// in-memory PGlite, and a new database on the shared PostgreSQL cluster of global-setup
// (dropped afterwards). Supabase cannot be reached from tests: tokens are signed here with
// a test HS256 secret, which is exactly what a project's SUPABASE_JWT_SECRET verifies.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { SignJWT } from 'jose';
import { Client } from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../../src/server/app';
import { parseConfig, type Config } from '../../src/server/config';
import {
  fromPglite,
  openDatabase,
  type Database,
  type DatabaseKind,
} from '../../src/server/db/connect';

/** Both engines; use with describe.each so every test runs on each. */
export const DB_KINDS: DatabaseKind[] = ['pglite', 'postgres'];

export const TEST_JWT_SECRET = 'test-jwt-secret-for-hs256-signing-0123456789';
export const TEST_DEV_SECRET = 'test-developer-secret';

/** A new, empty PostgreSQL database on the test cluster; returns its URL and a drop(). */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('postgresUrl');
  const name = `plate_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

// Creating a PGlite instance costs seconds; cloning a migrated one costs a fraction of that.
let pgliteTemplate: Promise<PGlite> | null = null;

async function migratedPgliteTemplate(): Promise<PGlite> {
  pgliteTemplate ??= (async () => {
    const client = await PGlite.create();
    await fromPglite(client).migrate();
    return client;
  })();
  return pgliteTemplate;
}

/** An open, migrated, empty database of this kind, and how to dispose of it. */
export async function openTestDatabase(
  kind: DatabaseKind,
): Promise<{ database: Database; url: string | null; dispose(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = fromPglite((await (await migratedPgliteTemplate()).clone()) as PGlite);
    return { database, url: null, dispose: () => database.close() };
  }
  const created = await createPostgresDatabase();
  const database = await openDatabase({ databaseUrl: created.url, dataDir: '' });
  await database.migrate();
  return {
    database,
    url: created.url,
    async dispose() {
      await database.close();
      await created.drop();
    },
  };
}

/** A temp directory removed by the returned function. */
export async function tempDir(
  prefix = 'plate-test-',
): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A quiet test configuration with a known JWT secret and developer secret. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...parseConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SUPABASE_JWT_SECRET: TEST_JWT_SECRET,
      DEV_MODE_SECRET: TEST_DEV_SECRET,
      DATA_DIR: path.join(tmpdir(), 'plate-test-unused-data-dir'),
    }),
    ...overrides,
  };
}

/** A built app on a fresh database; close() closes both. */
export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** Builds the app on a fresh database of this kind (no built client unless distDir is given). */
export async function createTestApp(
  kind: DatabaseKind,
  options: { config?: Partial<Config>; deps?: AppDeps } = {},
): Promise<TestApp> {
  const fresh = await openTestDatabase(kind);
  const config = testConfig(options.config);
  const app = await buildApp(config, { distDir: null, ...options.deps, database: fresh.database });
  await app.ready();
  return {
    app,
    database: fresh.database,
    async close() {
      await app.close();
      await fresh.dispose();
    },
  };
}

/** A Supabase-style access token for `sub`, signed with the test secret. */
export async function signToken(
  sub: string,
  options: { secret?: string; expiresIn?: string | number; audience?: string; email?: string } = {},
): Promise<string> {
  const jwt = new SignJWT({
    email: options.email ?? `${sub}@example.org`,
    role: 'authenticated',
    user_metadata: { name: sub, full_name: sub },
    app_metadata: { provider: 'google' },
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setAudience(options.audience ?? 'authenticated')
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '1h');
  return jwt.sign(new TextEncoder().encode(options.secret ?? TEST_JWT_SECRET));
}

/** Authorization headers of a new random user (or of `sub`). */
export async function userHeaders(sub = `user-${randomBytes(4).toString('hex')}`) {
  return { authorization: `Bearer ${await signToken(sub)}` };
}
