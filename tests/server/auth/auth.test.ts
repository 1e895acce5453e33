// Supabase cannot be reached from tests: its tokens are stood in for by HS256 tokens signed
// here with a test project secret, and the JWKS case by a local HTTP server publishing a
// test key at the same path a Supabase project does.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDevSecret, secretsMatch } from '../../../src/server/auth/dev-secret';
import { bearerToken } from '../../../src/server/auth/request-user';
import { createTokenVerifier } from '../../../src/server/auth/supabase-jwt';
import { DEV_LOGIN_LIMIT } from '../../../src/server/routes/dev';
import {
  createTestApp,
  DB_KINDS,
  signToken,
  tempDir,
  TEST_DEV_SECRET,
  TEST_JWT_SECRET,
  type TestApp,
} from '../helpers';

const now = () => Math.floor(Date.now() / 1000);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(DB_KINDS)('auth on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = (headers: Record<string, string>) =>
    t.app.inject({ url: '/api/experiments/', headers });

  describe('Supabase tokens', () => {
    it('accepts a valid token and takes sub as the owner', async () => {
      const res = await list(bearer(await signToken('user-a')));
      expect(res.statusCode).toBe(200);
      await t.app.inject({
        method: 'POST',
        url: '/api/experiments/',
        headers: bearer(await signToken('user-a')),
        payload: { name: 'mine', plate_type: '96' },
      });
      const again = await list(bearer(await signToken('user-a')));
      expect(again.json().map((e: { name: string }) => e.name)).toEqual(['mine']);
    });

    it('refuses an expired token', async () => {
      const token = await signToken('user-a', { expiresIn: now() - 60 });
      const res = await list(bearer(token));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Authentication required' });
    });

    it('refuses a token with a wrong signature', async () => {
      const token = await signToken('user-a', { secret: 'another-secret-of-sufficient-length!!' });
      expect((await list(bearer(token))).statusCode).toBe(401);
      const [head, body, sig] = (await signToken('user-a')).split('.');
      const tampered = `${head}.${body}.${sig.slice(0, -4)}AAAA`;
      expect((await list(bearer(tampered))).statusCode).toBe(401);
    });

    it('refuses a token for another audience, without exp, or without sub', async () => {
      const key = new TextEncoder().encode(TEST_JWT_SECRET);
      const wrongAud = await signToken('user-a', { audience: 'anon' });
      const noExp = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('user-a')
        .setAudience('authenticated')
        .sign(key);
      const noSub = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience('authenticated')
        .setExpirationTime('1h')
        .sign(key);
      for (const token of [wrongAud, noExp, noSub, 'not-a-jwt']) {
        expect((await list(bearer(token))).statusCode).toBe(401);
      }
    });
  });

  const login = (secret: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/dev/login', payload: { secret } });

  describe('developer mode', () => {
    it('reports enabled but not in developer mode without the cookie', async () => {
      const res = await t.app.inject({ url: '/api/dev/status' });
      expect(res.json()).toEqual({ enabled: true, dev: false });
    });

    it('logs in with the secret: HttpOnly SameSite=Lax cookie, developer user', async () => {
      const res = await login(TEST_DEV_SECRET);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        enabled: true,
        dev: true,
        user: {
          id: 'developer',
          email: 'developer@localhost',
          user_metadata: { name: 'Developer', full_name: 'Developer' },
          app_metadata: {},
          aud: 'authenticated',
          created_at: '2024-01-01T00:00:00.000Z',
        },
      });
      const cookie = res.cookies.find((c) => c.name === 'plate_dev');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      // The value is a signed random session token, not a fixed marker.
      expect(cookie?.value).toMatch(/^[\w-]{43}\..+/);

      const headers = { cookie: `plate_dev=${cookie?.value}` };
      const status = await t.app.inject({ url: '/api/dev/status', headers });
      expect(status.json()).toEqual({ enabled: true, dev: true });
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/experiments/',
        headers,
        payload: { name: 'dev experiment', plate_type: '96' },
      });
      expect(created.statusCode).toBe(201);
      const mine = await list(headers);
      expect(mine.json().map((e: { name: string }) => e.name)).toEqual(['dev experiment']);
    });

    it('refuses forged cookies', async () => {
      for (const value of ['developer', 'developer.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
        const headers = { cookie: `plate_dev=${value}` };
        expect((await t.app.inject({ url: '/api/dev/status', headers })).json().dev).toBe(false);
        expect((await list(headers)).statusCode).toBe(401);
      }
    });

    it('answers 401 "Invalid secret key" for a wrong secret and sets no cookie', async () => {
      const res = await login('wrong-secret');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid secret key' });
      expect(res.cookies).toEqual([]);
    });

    it('answers 400 when the secret is missing', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/dev/login', payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain('secret');
    });

    it('logs out: 204 and the cookie is cleared', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/dev/logout' });
      expect(res.statusCode).toBe(204);
      const cleared = res.cookies.find((c) => c.name === 'plate_dev');
      expect(cleared?.value).toBe('');
      expect(cleared?.expires?.getTime() ?? 0).toBeLessThan(Date.now());
    });
  });

  it('limits login attempts per client: 429 with a detail, even for the right secret', async () => {
    const limited = await createTestApp(kind);
    try {
      const attempt = (secret: string) =>
        limited.app.inject({ method: 'POST', url: '/api/dev/login', payload: { secret } });
      for (let i = 0; i < DEV_LOGIN_LIMIT; i++) {
        expect((await attempt(`guess-${i}`)).statusCode).toBe(401);
      }
      const blocked = await attempt(TEST_DEV_SECRET);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().detail).toMatch(/Too many attempts/);
      expect(blocked.cookies).toEqual([]);
      // Other routes are not limited.
      expect((await limited.app.inject({ url: '/api/dev/status' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('a cookie signed under another developer secret is refused', async () => {
    const other = await createTestApp(kind, { config: { devModeSecret: 'a-different-secret' } });
    try {
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/dev/login',
        payload: { secret: 'a-different-secret' },
      });
      const cookie = res.cookies.find((c) => c.name === 'plate_dev');
      const headers = { cookie: `plate_dev=${cookie?.value}` };
      expect((await other.app.inject({ url: '/api/dev/status', headers })).json().dev).toBe(true);
      expect((await t.app.inject({ url: '/api/dev/status', headers })).json().dev).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('production without DEV_MODE_SECRET has developer mode off', async () => {
    const prod = await createTestApp(kind, {
      config: { nodeEnv: 'production', devModeSecret: null },
      deps: {
        devSecret: await resolveDevSecret({
          nodeEnv: 'production',
          devModeSecret: null,
          dataDir: '/nonexistent',
        }),
      },
    });
    try {
      expect((await prod.app.inject({ url: '/api/dev/status' })).json()).toEqual({
        enabled: false,
        dev: false,
      });
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/dev/login',
        payload: { secret: 'anything' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toMatch(/disabled/);
    } finally {
      await prod.close();
    }
  });
});

describe('developer secret', () => {
  it('is generated once in local mode, kept in DATA_DIR/dev-secret and reused', async () => {
    const tmp = await tempDir();
    try {
      const config = { nodeEnv: 'development' as const, devModeSecret: null, dataDir: tmp.dir };
      const first = await resolveDevSecret(config);
      expect(first.source).toBe('generated');
      expect(first.secret).toMatch(/^[\w-]{20,}$/);
      const file = await stat(path.join(tmp.dir, 'dev-secret'));
      expect(file.mode & 0o777).toBe(0o600);
      const second = await resolveDevSecret(config);
      expect(second).toEqual({ secret: first.secret, source: 'file' });
    } finally {
      await tmp.remove();
    }
  });

  it('comes from DEV_MODE_SECRET when set, also in production', async () => {
    expect(
      await resolveDevSecret({ nodeEnv: 'production', devModeSecret: 'set-secret', dataDir: '' }),
    ).toEqual({ secret: 'set-secret', source: 'env' });
  });

  it('compares secrets exactly', () => {
    expect(secretsMatch('abc', 'abc')).toBe(true);
    expect(secretsMatch('abc', 'abd')).toBe(false);
    expect(secretsMatch('abc', 'abcd')).toBe(false);
    expect(secretsMatch('', 'abc')).toBe(false);
  });

  it('reads only well-formed bearer headers', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer   tok ')).toBe('tok');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});

describe('token verifier', () => {
  it('accepts nothing when Supabase is not configured', async () => {
    const verify = createTokenVerifier({ supabaseJwtSecret: null, supabaseUrl: null });
    expect(await verify(await signToken('user-a'))).toBeNull();
  });

  describe('with the project JWKS (asymmetric keys)', () => {
    let server: Server;
    let baseUrl: string;
    let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

    beforeAll(async () => {
      const pair = await generateKeyPair('ES256');
      privateKey = pair.privateKey;
      const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'ES256' };
      server = createServer((req, res) => {
        if (req.url === '/auth/v1/.well-known/jwks.json') {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ keys: [jwk] }));
        } else {
          res.statusCode = 404;
          res.end();
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    const sign = (claims: { iss: string; aud?: string; exp?: number }) =>
      new SignJWT({ email: 'jwks@example.org' })
        .setProtectedHeader({ alg: 'ES256', kid: 'test-key' })
        .setSubject('jwks-user')
        .setIssuer(claims.iss)
        .setAudience(claims.aud ?? 'authenticated')
        .setExpirationTime(claims.exp ?? now() + 3600)
        .sign(privateKey);

    it('verifies a token signed by the published key', async () => {
      const verify = createTokenVerifier({ supabaseJwtSecret: null, supabaseUrl: baseUrl });
      const user = await verify(await sign({ iss: `${baseUrl}/auth/v1` }));
      expect(user).toMatchObject({ id: 'jwks-user', email: 'jwks@example.org' });
    });

    it('refuses expired tokens and tokens of another issuer', async () => {
      const verify = createTokenVerifier({ supabaseJwtSecret: null, supabaseUrl: baseUrl });
      expect(await verify(await sign({ iss: `${baseUrl}/auth/v1`, exp: now() - 10 }))).toBeNull();
      expect(await verify(await sign({ iss: 'https://elsewhere.example/auth/v1' }))).toBeNull();
    });
  });
});
