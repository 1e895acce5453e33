// Developer sessions: a new random token per login, stored hashed, revoked at logout,
// expiring after 12 h without use and renewed on use, Secure behind a trusted HTTPS proxy.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { hashToken, SESSION_IDLE_MS } from '../../../src/server/auth/dev-sessions';
import { devSessions } from '../../../src/server/db/schema';
import { createTestApp, DB_KINDS, TEST_DEV_SECRET, testConfig, type TestApp } from '../helpers';

const HOUR_MS = 3600 * 1000;

const cookieOf = (res: LightMyRequestResponse) => {
  const cookie = res.cookies.find((c) => c.name === 'plate_dev');
  if (!cookie) throw new Error(`no cookie: ${res.statusCode} ${res.body}`);
  return cookie;
};
const tokenOf = (value: string) => value.slice(0, value.lastIndexOf('.'));

describe.each(DB_KINDS)('developer sessions on %s', (kind) => {
  let t: TestApp;
  let proxied: { app: FastifyInstance };
  beforeAll(async () => {
    t = await createTestApp(kind);
    // A second instance on the same database, behind a proxy it trusts.
    const app = await buildApp(testConfig({ trustProxy: true }), {
      distDir: null,
      database: t.database,
    });
    proxied = { app };
  }, 120_000);
  afterAll(async () => {
    await proxied?.app.close();
    await t?.close();
  });

  const login = (app: { app: FastifyInstance } = t, headers: Record<string, string> = {}) =>
    app.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      payload: { secret: TEST_DEV_SECRET },
      headers,
    });
  const status = async (value: string, app: { app: FastifyInstance } = t) =>
    (
      await app.app.inject({ url: '/api/dev/status', headers: { cookie: `plate_dev=${value}` } })
    ).json().dev as boolean;
  const experimentsStatus = async (value: string) =>
    (
      await t.app.inject({
        url: '/api/experiments/',
        headers: { cookie: `plate_dev=${value}` },
      })
    ).statusCode;
  const rowOf = async (value: string) => {
    const [row] = await t.database.db
      .select()
      .from(devSessions)
      .where(eq(devSessions.tokenHash, hashToken(tokenOf(value))));
    return row;
  };

  it('gives each login its own random token, stored only as its hash', async () => {
    const a = cookieOf(await login()).value;
    const b = cookieOf(await login()).value;
    expect(a).not.toBe(b);
    expect(tokenOf(a)).not.toBe(tokenOf(b));
    const row = await rowOf(a);
    expect(row.userId).toBe('developer');
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const all = await t.database.db.select({ hash: devSessions.tokenHash }).from(devSessions);
    expect(all.map((r) => r.hash)).not.toContain(tokenOf(a));
    expect(await status(a)).toBe(true);
    expect(await status(b)).toBe(true);
  });

  it('logout revokes the session: the same cookie no longer signs in; others live on', async () => {
    const a = cookieOf(await login()).value;
    const b = cookieOf(await login()).value;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/dev/logout',
      headers: { cookie: `plate_dev=${a}` },
    });
    expect(out.statusCode).toBe(204);
    expect(cookieOf(out).value).toBe('');
    expect(await status(a)).toBe(false);
    expect(await experimentsStatus(a)).toBe(401);
    expect(await rowOf(a)).toBeUndefined();
    // The other instance on the same database agrees.
    expect(await status(a, proxied)).toBe(false);
    expect(await status(b)).toBe(true);
    expect(await experimentsStatus(b)).toBe(200);
  });

  it('is short-lived: a cookie of 12 h, and an idle session ends on the server', async () => {
    const res = await login();
    const cookie = cookieOf(res);
    expect(cookie.maxAge).toBe(12 * 3600);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const row = await rowOf(cookie.value);
    const lifetime = row.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(12 * HOUR_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(12 * HOUR_MS);

    // Not used for 12 h: the server set its end a second ago.
    await t.database.db
      .update(devSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(devSessions.tokenHash, row.tokenHash));
    expect(await status(cookie.value)).toBe(false);
    expect(await experimentsStatus(cookie.value)).toBe(401);
  });

  it('is renewed on use: a session used an hour before its end gets 12 h again', async () => {
    const value = cookieOf(await login()).value;
    const row = await rowOf(value);
    await t.database.db
      .update(devSessions)
      .set({ expiresAt: new Date(Date.now() + HOUR_MS) })
      .where(eq(devSessions.tokenHash, row.tokenHash));
    const used = await t.app.inject({
      url: '/api/experiments/',
      headers: { cookie: `plate_dev=${value}` },
    });
    expect(used.statusCode).toBe(200);
    // The cookie is sent again with its full age, same token.
    const renewed = cookieOf(used);
    expect(tokenOf(renewed.value)).toBe(tokenOf(value));
    expect(renewed.maxAge).toBe(SESSION_IDLE_MS / 1000);
    const after = await rowOf(value);
    expect(after.expiresAt.getTime() - Date.now()).toBeGreaterThan(11 * HOUR_MS);
  });

  it('is Secure when a trusted proxy says the request came over HTTPS, not otherwise', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    expect(cookieOf(await login(proxied, https)).secure).toBe(true);
    expect(cookieOf(await login(proxied)).secure).toBeFalsy();
    // Without TRUST_PROXY the header is anyone's to send: it is not believed.
    expect(cookieOf(await login(t, https)).secure).toBeFalsy();
  });
});
