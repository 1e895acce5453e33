// The real server process (npm run serve): start-up lines, serving, and a clean exit on
// SIGTERM and SIGINT.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, DB_KINDS, tempDir } from './helpers';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Starts main.ts and resolves once it printed its address (and the secret line, if any). */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const ready = new Promise<{ port: number }>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const match = /Plate Workstation running at http:\/\/localhost:(\d+)\n/.exec(stdout);
      if (match) resolve({ port: Number(match[1]) });
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${stderr}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, ready, exited, output: () => stdout, errors: () => stderr };
}

async function stop(child: ChildProcess, exited: Promise<number | null>, signal: NodeJS.Signals) {
  child.kill(signal);
  return exited;
}

// A new on-disk PGlite plus the TypeScript loader take several seconds on a busy machine.
const PROCESS_TIMEOUT_MS = 90_000;
const SHARED_SECRET = 'shared-instance-secret';

describe.each(DB_KINDS)('server process on %s', (kind) => {
  it(
    'prints its address and developer secret (generated on PGlite), serves, and exits 0 on SIGTERM',
    async () => {
      const data = await tempDir();
      const pgDb = kind === 'postgres' ? await createPostgresDatabase() : null;
      const env: Record<string, string> = {
        PORT: '0',
        DATA_DIR: data.dir,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        // instances sharing a database must share the developer secret: none is generated
        ...(pgDb && { DATABASE_URL: pgDb.url, DEV_MODE_SECRET: SHARED_SECRET }),
      };
      const server = startServer(env);
      try {
        const { port } = await server.ready;
        const health = await fetch(`http://127.0.0.1:${port}/api/health`);
        expect(await health.json()).toEqual({ status: 'ok', database: kind });

        const secret = pgDb
          ? SHARED_SECRET
          : (await readFile(path.join(data.dir, 'dev-secret'), 'utf8')).trim();
        const lines = server.output().trim().split('\n');
        expect(lines).toEqual([
          `Plate Workstation running at http://localhost:${port}`,
          ...(pgDb ? [] : [`Developer secret: ${secret}`]),
        ]);
        const login = await fetch(`http://127.0.0.1:${port}/api/dev/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ secret }),
        });
        expect(login.status).toBe(200);

        expect(await stop(server.child, server.exited, 'SIGTERM')).toBe(0);
        await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
      } finally {
        server.child.kill('SIGKILL');
        await pgDb?.drop();
        await data.remove();
      }
    },
    PROCESS_TIMEOUT_MS,
  );
});

describe('server process', () => {
  it(
    'exits 0 on SIGINT and keeps quiet about a secret set by the operator in production',
    async () => {
      const data = await tempDir();
      const pgDb = await createPostgresDatabase();
      const server = startServer({
        PORT: '0',
        DATA_DIR: data.dir,
        DATABASE_URL: pgDb.url,
        NODE_ENV: 'production',
        DEV_MODE_SECRET: 'operator-chosen-secret',
        LOG_LEVEL: 'warn',
      });
      try {
        const { port } = await server.ready;
        expect(server.output().trim()).toBe(
          `Plate Workstation running at http://localhost:${port}`,
        );
        expect(await stop(server.child, server.exited, 'SIGINT')).toBe(0);
      } finally {
        server.child.kill('SIGKILL');
        await pgDb.drop();
        await data.remove();
      }
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    'refuses to start with a bad configuration, naming the variable',
    async () => {
      const server = startServer({ PORT: 'abc' });
      await expect(server.ready).rejects.toThrow(/PORT must be a whole number/);
      expect(await server.exited).toBe(1);
    },
    PROCESS_TIMEOUT_MS,
  );
});
