import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signToken, userHeaders, type TestApp } from '../helpers';

type Method = 'GET' | 'PUT' | 'DELETE' | 'PATCH' | 'POST';

/** Every experiment route: method, path suffix after /api/experiments, a valid body. */
const ROUTES: [Method, string, object | undefined][] = [
  ['GET', '/:id', undefined],
  ['PUT', '/:id', { name: 'taken over' }],
  ['PATCH', '/:id/vehicle', { vehicle_slug: 'dmso' }],
  ['DELETE', '/:id', undefined],
];

describe.each(DB_KINDS)('experiment ownership on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let id: number;
  let original: unknown;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('owner-1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/experiments/',
      headers: owner,
      payload: { name: 'Private', plate_type: '96' },
    });
    ({ id } = res.json());
    original = res.json();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(ROUTES)('%s %s of someone else’s experiment answers 404', async (method, path, body) => {
    const intruder = await userHeaders('intruder-1');
    const res = await t.app.inject({
      method,
      url: `/api/experiments${path.replace(':id', String(id))}`,
      headers: intruder,
      payload: body,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Experiment not found' });
    const mine = await t.app.inject({ url: `/api/experiments/${id}`, headers: owner });
    expect(mine.json()).toEqual(original);
  });

  it('someone else’s list does not show it', async () => {
    const res = await t.app.inject({ url: '/api/experiments/', headers: await userHeaders() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('the developer user does not see a signed-in user’s experiments', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      payload: { secret: 'test-developer-secret' },
    });
    const cookie = login.cookies.find((c) => c.name === 'plate_dev');
    expect(cookie).toBeDefined();
    const headers = { cookie: `plate_dev=${cookie?.value}` };
    expect((await t.app.inject({ url: '/api/experiments/', headers })).json()).toEqual([]);
    const res = await t.app.inject({ url: `/api/experiments/${id}`, headers });
    expect(res.statusCode).toBe(404);
  });

  const unauthenticated: [Method, string, object | undefined][] = [
    ['GET', '', undefined],
    ['GET', '/', undefined],
    ['POST', '/', { name: 'A', plate_type: '96' }],
    ...ROUTES,
  ];

  it.each(unauthenticated)('%s %s without credentials answers 401', async (method, path, body) => {
    const res = await t.app.inject({
      method,
      url: `/api/experiments${path.replace(':id', String(id))}`,
      payload: body,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication required' });
  });

  it('a token signed with another secret answers 401 and changes nothing', async () => {
    const forged = await signToken('owner-1', { secret: 'not-the-project-secret-0123456789' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/experiments/${id}`,
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(res.statusCode).toBe(401);
    const mine = await t.app.inject({ url: `/api/experiments/${id}`, headers: owner });
    expect(mine.statusCode).toBe(200);
  });
});
