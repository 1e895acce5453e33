// The API benchmark's server: buildApp on a fresh database (PGlite in a temp data directory,
// or a private PostgreSQL cluster started for the run), listening on a free loopback port,
// and HTTP helpers with bearer tokens signed like the project's Supabase tokens.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SignJWT } from 'jose';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { parseConfig } from '../../src/server/config';
import { openDatabase, type DatabaseKind } from '../../src/server/db/connect';

const run = promisify(execFile);
const scripts = fileURLToPath(new URL('../../scripts/', import.meta.url));
const JWT_SECRET = 'bench-jwt-secret-for-hs256-signing-0123456789';

/** A running server for one database kind. */
export interface BenchServer {
  app: FastifyInstance;
  base: string;
  headers: Record<string, string>;
  /** A new app on the same database, as a second process would start: its caches are cold. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

async function startPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const { stdout } = await run('bash', [`${scripts}start-postgres.sh`], { timeout: 60_000 });
  const lines = stdout.trim().split('\n');
  const url = lines.at(-1) ?? '';
  const dataDir = lines.find((l) => l.startsWith('PG_DATA_DIR='))?.slice(12);
  if (!url.startsWith('postgres://') || !dataDir) throw new Error(`no PostgreSQL:\n${stdout}`);
  return {
    url,
    stop: async () => {
      await run('bash', [`${scripts}stop-postgres.sh`, dataDir], { timeout: 30_000 });
    },
  };
}

/** Starts the app on a fresh database of this kind, listening on 127.0.0.1:<free port>. */
export async function startBenchServer(
  kind: DatabaseKind,
  /** more settings (MAX_IN_FLIGHT...) */
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'plate-bench-'));
  const pg = kind === 'postgres' ? await startPostgres() : null;
  const config = parseConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SUPABASE_JWT_SECRET: JWT_SECRET,
    DEV_MODE_SECRET: 'bench-developer-secret',
    DATA_DIR: dataDir,
    DATABASE_URL: pg?.url,
    ...env,
  });
  const database = await openDatabase(config);
  await database.migrate();
  const listen = async () => {
    const built = await buildApp(config, { database, distDir: null });
    await built.listen({ port: 0, host: '127.0.0.1' });
    const address = built.server.address();
    return { app: built, port: typeof address === 'object' && address ? address.port : 0 };
  };
  let { app, port } = await listen();
  const token = await new SignJWT({ email: 'bench@example.org', role: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('bench-user')
    .setAudience('authenticated')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(JWT_SECRET));
  const server: BenchServer = {
    app,
    base: `http://127.0.0.1:${port}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    async restart() {
      await app.close();
      ({ app, port } = await listen());
      server.app = app;
      server.base = `http://127.0.0.1:${port}`;
    },
    async stop() {
      await app.close();
      await database.close();
      await pg?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** One request; the body is read (as text) so the time includes the whole transfer. */
export async function timedRequest(
  server: BenchServer,
  method: string,
  url: string,
  body?: string,
): Promise<{ ms: number; status: number; text: string }> {
  const started = performance.now();
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: body === undefined ? { authorization: server.headers.authorization } : server.headers,
    body,
  });
  const text = await res.text();
  return { ms: performance.now() - started, status: res.status, text };
}
