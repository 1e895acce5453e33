// Developer mode only when asked for: DEV_MODE, DEV_MODE_SECRET, or a loopback address outside
// production; never merely because the server listens on 0.0.0.0. With DATABASE_URL set and
// developer mode on, a start without DEV_MODE_SECRET is refused, saying why.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../src/server/config';
import { createPostgresDatabase, createTestApp, DB_KINDS, tempDir } from '../helpers';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PG = 'postgresql://u:p@db.example:5432/plates';

describe('developer mode from the environment', () => {
  it.each([
    [{}, true],
    [{ HOST: 'localhost' }, true],
    [{ HOST: '::1' }, true],
    [{ HOST: '0.0.0.0' }, false],
    [{ HOST: '192.168.1.20' }, false],
    [{ HOST: '0.0.0.0', DEV_MODE: '1' }, true],
    [{ HOST: '0.0.0.0', DEV_MODE_SECRET: 'long-enough-secret' }, true],
    [{ NODE_ENV: 'production' }, false],
    [{ DEV_MODE: '0', DEV_MODE_SECRET: 'long-enough-secret' }, false],
    [{ DATABASE_URL: PG, HOST: '0.0.0.0' }, false],
    [{ DATABASE_URL: PG, DEV_MODE: 'false' }, false],
    [{ DATABASE_URL: PG, DEV_MODE_SECRET: 'long-enough-secret' }, true],
  ] as [Record<string, string>, boolean][])('%o -> developer mode %s', (env, on) => {
    expect(parseConfig(env).devMode).toBe(on);
  });

  it('refuses DATABASE_URL with developer mode on and no DEV_MODE_SECRET, saying why', () => {
    for (const env of [
      { DATABASE_URL: PG },
      { DATABASE_URL: PG, DEV_MODE: '1', HOST: '0.0.0.0' },
    ]) {
      expect(() => parseConfig(env)).toThrow(ConfigError);
      expect(() => parseConfig(env)).toThrow(
        /DATABASE_URL is set, but DEV_MODE_SECRET is not: each instance .* Set the same DEV_MODE_SECRET .* or DEV_MODE=0/,
      );
    }
    expect(() => parseConfig({ NODE_ENV: 'production', DEV_MODE: '1' })).toThrow(
      /production without DEV_MODE_SECRET/,
    );
    expect(() => parseConfig({ DEV_MODE: 'maybe' })).toThrow(/DEV_MODE must be 1 or 0/);
  });
});

describe.each(DB_KINDS)('a server on 0.0.0.0 on %s', (kind) => {
  it('has developer mode off: no secret made, the login refused', async () => {
    const data = await tempDir();
    const config = parseConfig({
      HOST: '0.0.0.0',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: data.dir,
    });
    const t = await createTestApp(kind, { config });
    try {
      const status = await t.app.inject({ url: '/api/dev/status' });
      expect(status.json()).toMatchObject({ enabled: false });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/dev/login',
        payload: { secret: 'anything-at-all' },
      });
      expect(login.statusCode).toBe(403);
    } finally {
      await t.close();
      await data.remove();
    }
  }, 120_000);
});

describe('the server process', () => {
  it('refuses to start on a shared PostgreSQL in developer mode without a secret', async () => {
    const data = await tempDir();
    const pg = await createPostgresDatabase();
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          PORT: '0',
          DATA_DIR: data.dir,
          DATABASE_URL: pg.url,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      child.stderr.on('data', (c) => (out += c));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(out).toMatch(/DEV_MODE_SECRET is not/);
      expect(out).not.toMatch(/running at/);
    } finally {
      await pg.drop();
      await data.remove();
    }
  }, 90_000);
});
