// Several server instances on one database: migrations started together, rate limits
// counted once for all of them and keyed on the client address a trusted proxy reports,
// a public catalog change seen at once by the other instance, and the database's own error
// when a migration fails.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import type { Config } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/connect';
import { DEV_LOGIN_LIMIT } from '../../../src/server/routes/dev';
import {
  createPostgresDatabase,
  DB_KINDS,
  openTestDatabase,
  testConfig,
  userHeaders,
} from '../helpers';
import { STAUROSPORINE } from '../plate-fixtures';

describe('two instances started at once on a fresh PostgreSQL', () => {
  it('both migrate and serve, 20 rounds out of 20', async () => {
    const failures: string[] = [];
    for (let round = 0; round < 20; round++) {
      const fresh = await createPostgresDatabase();
      const opened = await Promise.all(
        [0, 1].map(() => openDatabase({ databaseUrl: fresh.url, dataDir: '' })),
      );
      try {
        const results = await Promise.allSettled(opened.map((d) => d.migrate()));
        for (const r of results) {
          if (r.status === 'rejected')
            failures.push(`round ${round}: ${(r.reason as Error).message}`);
        }
        const counted = (await opened[1].db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )) as { rows: { n: number }[] };
        const row = counted.rows[0];
        expect(row.n).toBeGreaterThan(0);
      } finally {
        await Promise.all(opened.map((d) => d.close()));
        await fresh.drop();
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('reports the database’s own error when a migration fails', async () => {
    const fresh = await createPostgresDatabase();
    // A table of the same name already there, as left by something else on that database.
    const client = new Client({ connectionString: fresh.url });
    await client.connect();
    await client.query('create table experiments (id int)');
    await client.end();
    const database = await openDatabase({ databaseUrl: fresh.url, dataDir: '' });
    try {
      await expect(database.migrate()).rejects.toThrow(
        /^Database migration failed: relation "experiments" already exists \[42P07\]/,
      );
    } finally {
      await database.close();
      await fresh.drop();
    }
  });
});

/** A wrong login from one connecting address, optionally with proxy headers. */
const attempt = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/dev/login',
    payload: { secret: 'wrong-secret' },
    headers,
    remoteAddress: '10.0.0.9',
  });

describe.each(DB_KINDS)('instances sharing one %s database', (kind) => {
  let fresh: Awaited<ReturnType<typeof openTestDatabase>>;
  const apps: FastifyInstance[] = [];
  const start = async (config: Partial<Config> = {}) => {
    const app = await buildApp(testConfig(config), { distDir: null, database: fresh.database });
    await app.ready();
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    fresh = await openTestDatabase(kind);
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await fresh?.dispose();
  });

  it('count login attempts once for all instances', async () => {
    const [a, b] = [await start(), await start()];
    // Alternating between the instances, as a load balancer would.
    const codes: number[] = [];
    for (let i = 0; i < DEV_LOGIN_LIMIT + 1; i++) {
      codes.push((await attempt(i % 2 === 0 ? a : b)).statusCode);
    }
    expect(codes.slice(0, DEV_LOGIN_LIMIT).every((c) => c === 401)).toBe(true);
    expect(codes[DEV_LOGIN_LIMIT]).toBe(429);
    expect((await attempt(a)).statusCode).toBe(429);
    expect((await attempt(b)).statusCode).toBe(429);
  }, 120_000);

  it('key the limit on the client a trusted proxy reports, and only a trusted one', async () => {
    const proxied = await start({ trustProxy: true });
    const from = (client: string) => attempt(proxied, { 'x-forwarded-for': client });
    for (let i = 0; i < DEV_LOGIN_LIMIT; i++)
      expect((await from('198.51.100.1')).statusCode).toBe(401);
    expect((await from('198.51.100.1')).statusCode).toBe(429);
    // Another user behind the same proxy (same connecting address) has a bucket of their own.
    expect((await from('198.51.100.2')).statusCode).toBe(401);

    // Without TRUST_PROXY the header is not believed: the connecting address (spent above) counts.
    const direct = await start();
    expect((await attempt(direct, { 'x-forwarded-for': '198.51.100.3' })).statusCode).toBe(429);
  }, 120_000);

  // An embedded PGlite database belongs to one process: there is no other instance to tell.
  it.runIf(kind === 'postgres')(
    'show a new public definition on the other instance at once',
    async () => {
      const [a, b] = [await start(), await start()];
      const alice = await userHeaders('alice-catalog');
      const search = async (app: FastifyInstance) =>
        (
          await app.inject({ url: '/api/reagents/catalog?q=quorzomycin', headers: alice })
        ).json() as {
          slug: string;
        }[];
      // Both have loaded (and cached) the catalog before the change.
      expect(await search(a)).toEqual([]);
      expect(await search(b)).toEqual([]);
      const created = await a.inject({
        method: 'POST',
        url: '/api/reagents/definitions',
        headers: alice,
        payload: { ...STAUROSPORINE, name: 'Quorzomycin', visibility: 'public' },
      });
      expect(created.statusCode).toBe(201);
      let seen: string[] = [];
      // NOTIFY arrives within milliseconds; give it up to 2 s (the periodic reload is minutes).
      for (let i = 0; i < 20 && seen.length === 0; i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, 100));
        seen = (await search(b)).map((e) => e.slug);
      }
      expect(seen).toEqual(['quorzomycin']);
    },
    120_000,
  );
});
