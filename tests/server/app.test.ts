import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { experiments } from '../../src/server/db/schema';
import { cspDirectives } from '../../src/server/plugins/security-headers';
import {
  createPostgresDatabase,
  createTestApp,
  DB_KINDS,
  tempDir,
  testConfig,
  userHeaders,
  type TestApp,
} from './helpers';

describe.each(DB_KINDS)('app on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      config: { supabaseUrl: 'https://proj.supabase.co', supabaseAnonKey: 'anon-key' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /api/health answers ok with the database kind', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: kind });
  });

  it('GET /api/client-config answers the Supabase project for the client', async () => {
    const res = await t.app.inject({ url: '/api/client-config' });
    expect(res.json()).toEqual({
      supabase_url: 'https://proj.supabase.co',
      supabase_anon_key: 'anon-key',
    });
  });

  it('sends security headers with a CSP that admits the Supabase project', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("connect-src 'self' https://proj.supabase.co");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('answers unknown /api paths with 404 JSON, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-thing' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found' });
    }
  });

  it('reads an empty JSON body as no body, and refuses prototype poisoning', async () => {
    const json = { 'content-type': 'application/json' };
    const logout = await t.app.inject({ method: 'POST', url: '/api/dev/logout', headers: json });
    expect(logout.statusCode).toBe(204);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/experiments/',
      headers: { ...json, ...(await userHeaders()) },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toContain('name');
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/experiments/',
      headers: { ...json, ...(await userHeaders()) },
      payload: '{"name":"A","plate_type":"96","__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('refuses text holding a NUL character with 400 before anything is written', async () => {
    const headers = await userHeaders();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/experiments/',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'bad\u0000name', plate_type: '96' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('name contains a NUL character');
    const list = await t.app.inject({ url: '/api/experiments/', headers });
    expect(list.json()).toEqual([]);
  });

  it('without a built client, pages tell how to build it', async () => {
    const res = await t.app.inject({ url: '/experiments' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('npm run build');
  });
});

describe.each(DB_KINDS)('static client on %s', (kind) => {
  let t: TestApp;
  let dist: Awaited<ReturnType<typeof tempDir>>;
  const INDEX = '<!doctype html><html><body><div id="root"></div>SPA</body></html>';

  beforeAll(async () => {
    dist = await tempDir('plate-dist-');
    await mkdir(path.join(dist.dir, 'assets'));
    await writeFile(path.join(dist.dir, 'index.html'), INDEX);
    await writeFile(path.join(dist.dir, 'assets', 'index-abc123.js'), 'console.log(1);');
    await writeFile(path.join(dist.dir, 'favicon.svg'), '<svg/>');
    t = await createTestApp(kind, { deps: { distDir: dist.dir } });
  });
  afterAll(async () => {
    await t?.close();
    await dist?.remove();
  });

  it('serves index.html at /', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves files, hashed assets as immutable', async () => {
    const js = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe('console.log(1);');
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toContain('immutable');
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/experiments', '/experiments/42?thread=exp_42_1', '/login', '/auth/callback'])(
    'falls back to index.html for the client route %s',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('keeps unknown /api paths as 404 JSON, not the page', async () => {
    const res = await t.app.inject({ url: '/api/unknown/path' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found' });
  });

  it('does not serve the page for non-GET requests', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/experiments' });
    expect(res.statusCode).toBe(404);
  });

  it('refuses paths that climb out of dist', async () => {
    const res = await t.app.inject({ url: '/../../etc/passwd' });
    expect(res.body).not.toContain('root:');
  });
});

describe.each(DB_KINDS)('graceful close on %s', (kind) => {
  it('closes the listener and the database it opened', async () => {
    const tmp = await tempDir();
    const pgDb = kind === 'postgres' ? await createPostgresDatabase() : null;
    try {
      const config = testConfig({ dataDir: tmp.dir, databaseUrl: pgDb?.url ?? null });
      const app = await buildApp(config, { distDir: null });
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const health = await fetch(`${address}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: kind });

      await app.close();
      await expect(fetch(`${address}/api/health`)).rejects.toThrow();
      await expect(app.database.db.select().from(experiments)).rejects.toThrow();
    } finally {
      await pgDb?.drop();
      await tmp.remove();
    }
  });
});

describe('content security policy', () => {
  it('allows only this origin when Supabase is not configured', () => {
    const directives = cspDirectives({ supabaseUrl: null });
    expect(directives.connectSrc).toEqual(["'self'"]);
    expect(directives.scriptSrc).toEqual(["'self'"]);
    expect(directives.imgSrc).toEqual(["'self'", 'data:', 'blob:']);
  });
});
