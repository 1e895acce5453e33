// Every route under an experiment (and every agent feed of a thread), called as its owner,
// as another signed-in user and without credentials: 2xx, 404 and 401, and the refused calls
// change nothing in the database.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpTables } from '../db-dump';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { fillPath, ROUTES, type Fixture } from '../route-catalog';
import { makeFixture, OWNER, send } from '../route-fixture';

const guarded = ROUTES.filter((r) => r.access === 'experiment' || r.access === 'thread');
const signedIn = ROUTES.filter((r) => r.access !== 'public');

describe.each(DB_KINDS)('route matrix on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let owner: Record<string, string>;
  let stranger: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await userHeaders(OWNER);
    stranger = await userHeaders('matrix-stranger');
  });
  afterAll(async () => {
    await t?.close();
  });

  it.for(guarded.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: owner 2xx, someone else 404, nobody 401',
    async ([, route]) => {
      const f = await makeFixture(t, owner);
      const before = await dumpTables(t.database);

      const theirs = await send(t, route, f, stranger);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().detail).toBe(
        route.access === 'thread' ? 'Thread not found' : 'Experiment not found',
      );
      const anonymous = await send(t, route, f, {});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ detail: 'Authentication required' });
      expect(await dumpTables(t.database)).toEqual(before);

      if (route.stream) {
        const controller = new AbortController();
        const res = await fetch(`${base}${fillPath(route.path, f)}`, {
          headers: owner,
          signal: controller.signal,
        });
        expect(res.status).toBe(route.ok);
        expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
        controller.abort();
        return;
      }
      const mine = await send(t, route, f, owner);
      expect(mine.statusCode, mine.body.slice(0, 300)).toBe(route.ok);
    },
  );

  it.each(signedIn.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s without credentials answers 401',
    async (_name, route) => {
      const f: Fixture = {
        id: 1,
        versionId: 1,
        tid: 'exp_1_1',
        sid: '1',
        plateVersion: 0,
        definitionId: 1,
        stockId: 1,
        readoutId: 1,
        transferLogId: 1,
      };
      const res = await send(t, route, f, {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Authentication required' });
    },
  );

  it('serves the public routes without credentials', async () => {
    for (const route of ROUTES.filter((r) => r.access === 'public' && r.method === 'GET')) {
      const res = await t.app.inject({ url: route.path });
      expect(res.statusCode, route.path).toBe(route.ok);
    }
  });
});
