// Every route under an experiment (and every agent feed of a thread), called as its owner,
// as another signed-in user and without credentials: 2xx, 404 and 401, and the refused calls
// change nothing in the database.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatRepository } from '../../src/server/repositories/chat';
import { dumpTables } from './db-dump';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from './helpers';
import { call, experimentWithBench } from './plate-fixtures';
import { fillPath, ROUTES, type Fixture, type RouteCase } from './route-catalog';

const OWNER = 'matrix-owner';

/** A text file as multipart/form-data, field "file". */
function textUpload(text: string) {
  const boundary = '----matrix-boundary';
  return {
    payload:
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\n${text}\r\n--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The request a route case makes for these headers. */
export async function send(
  t: TestApp,
  route: RouteCase,
  f: Fixture,
  headers: Record<string, string>,
) {
  const url = fillPath(route.path, f) + (route.query ? `?${route.query}` : '');
  if (route.upload) {
    const body = textUpload('matrix notes');
    return t.app.inject({
      method: route.method,
      url,
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  }
  return call(t.app, route.method, url, headers, route.body?.(f));
}

/** An experiment with a bench, a saved version, a thread, a session and an uploaded text. */
export async function makeFixture(t: TestApp, owner: Record<string, string>): Promise<Fixture> {
  const id = await experimentWithBench(t.app, owner, '96');
  const version = await call(t.app, 'POST', `/api/experiments/${id}/versions`, owner, {
    summary: 'fixture',
  });
  const thread = await chatRepository(t.database.db).createThread(OWNER, id);
  const session = await call(t.app, 'POST', `/api/experiments/${id}/chat/sessions`, owner);
  const upload = textUpload('fixture text');
  await t.app.inject({
    method: 'POST',
    url: `/api/experiments/${id}/upload`,
    headers: { ...owner, 'content-type': upload.contentType },
    payload: upload.payload,
  });
  const plate = await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner);
  return {
    id,
    versionId: version.json().id,
    tid: thread.threadId,
    sid: session.json().session_id,
    plateVersion: plate.json().version,
  };
}

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
    async ([, route], ctx) => {
      if (!t.app.hasRoute({ method: route.method, url: route.path })) {
        // Only the assistant's routes may be absent (see openapi.test.ts).
        expect(route.path).toMatch(/\/chat$|\/resume$/);
        ctx.skip();
      }
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
      const f: Fixture = { id: 1, versionId: 1, tid: 'exp_1_1', sid: '1', plateVersion: 0 };
      const res = await send(t, route, f, {});
      if (res.statusCode === 404 && !t.app.hasRoute({ method: route.method, url: route.path })) {
        expect(route.path).toMatch(/\/chat$|\/resume$/);
        return;
      }
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
