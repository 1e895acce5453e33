import type { AddressInfo } from 'node:net';
import { createParser } from 'eventsource-parser';
import cookiePlugin from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { registerRequestUser } from '../../../src/server/auth/request-user';
import { createTokenVerifier } from '../../../src/server/auth/supabase-jwt';
import { openDatabase, type Database } from '../../../src/server/db/connect';
import { inProcessEventBus } from '../../../src/server/events/event-bus';
import { loggedEventBus } from '../../../src/server/events/event-log';
import {
  LISTENER_NAME,
  notifyPayload,
  parsePayload,
} from '../../../src/server/events/pg-event-bus';
import { experimentsRepository } from '../../../src/server/repositories/experiments';
import { eventRoutes } from '../../../src/server/routes/events';
import {
  createTestApp,
  DB_KINDS,
  openTestDatabase,
  TEST_DEV_SECRET,
  testConfig,
  userHeaders,
  type TestApp,
} from '../helpers';

/** An open event stream: the events received so far, a way to wait for one, and close(). */
interface Stream {
  status: number;
  contentType: string | null;
  retry: number | null;
  comments: string[];
  events: Record<string, unknown>[];
  next(
    predicate: (e: Record<string, unknown>) => boolean,
    ms?: number,
  ): Promise<Record<string, unknown>>;
  close(): void;
}

async function openStream(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<Stream> {
  const controller = new AbortController();
  const res = await fetch(`${base}${path}`, { headers, signal: controller.signal });
  const waiters: {
    predicate: (e: Record<string, unknown>) => boolean;
    resolve: (e: Record<string, unknown>) => void;
  }[] = [];
  const stream: Stream = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    retry: null,
    comments: [],
    events: [],
    next(predicate, ms = 5000) {
      const seen = stream.events.find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event within ${ms} ms`)), ms);
        waiters.push({
          predicate,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
    close: () => controller.abort(),
  };
  if (res.status !== 200 || !res.body) return stream;
  const parser = createParser({
    onEvent: (message) => {
      const event = JSON.parse(message.data) as Record<string, unknown>;
      stream.events.push(event);
      for (const w of waiters.splice(0)) {
        if (w.predicate(event)) w.resolve(event);
        else waiters.push(w);
      }
    },
    onRetry: (ms) => {
      stream.retry = ms;
    },
    onComment: (comment) => stream.comments.push(comment),
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      // aborted by close()
    }
  })();
  return stream;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function createExperiment(app: FastifyInstance, headers: Record<string, string>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/experiments/',
    headers,
    payload: { name: 'Streamed', plate_type: '96' },
  });
  return res.json().id as number;
}

describe('event payloads', () => {
  it('round-trips through a NOTIFY payload and shrinks an oversized one', () => {
    const event = {
      type: 'agent_activity' as const,
      experiment_id: 4,
      at: '2026-01-01T00:00:00.000Z',
      note: 'x',
    };
    expect(parsePayload(notifyPayload(event))).toEqual(event);
    const big = { ...event, note: 'x'.repeat(10_000) };
    expect(JSON.parse(notifyPayload(big))).toEqual({
      type: 'agent_activity',
      experiment_id: 4,
      at: event.at,
      truncated: true,
    });
    expect(parsePayload('not json')).toBeNull();
    expect(parsePayload('{"type":"hello"}')).toBeNull();
  });
});

describe.each(DB_KINDS)('event stream on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let owner: Record<string, string>;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    base = await listen(t.app);
    owner = await userHeaders('streamer');
    id = await createExperiment(t.app, owner);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('opens with retry and hello, then delivers published events of its experiment only', async () => {
    const other = await createExperiment(t.app, owner);
    const stream = await openStream(base, `/api/experiments/${id}/events`, owner);
    try {
      expect(stream.status).toBe(200);
      expect(stream.contentType).toMatch(/^text\/event-stream/);
      const hello = await stream.next((e) => e.type === 'hello');
      expect(hello.experiment_id).toBe(id);
      expect(stream.retry).toBe(2000);

      await t.app.events.publish(other, { type: 'agent_activity', n: 0 });
      await t.app.events.publish(id, { type: 'agent_activity', n: 1 });
      const got = await stream.next((e) => e.type === 'agent_activity');
      expect(got).toMatchObject({ type: 'agent_activity', experiment_id: id, n: 1 });
      expect(new Date(got.at as string).toISOString()).toBe(got.at);
      expect(stream.events.filter((e) => e.experiment_id === other)).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('publishes agent_activity on an agent-state write and thread_updated on a thread change', async () => {
    const stream = await openStream(base, `/api/experiments/${id}/events`, owner);
    try {
      await stream.next((e) => e.type === 'hello');
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/experiments/${id}/agent-state`,
        headers: owner,
        payload: { thinking: true },
      });
      const activity = await stream.next((e) => e.type === 'agent_activity');
      expect(activity.etag).toBe(put.json().etag);
      await t.app.inject({
        method: 'POST',
        url: `/api/experiments/${id}/chat/sessions`,
        headers: owner,
      });
      const updated = await stream.next((e) => e.type === 'thread_updated');
      expect(updated.change).toBe('created');
    } finally {
      stream.close();
    }
  });

  it('publishes plate_changed with the new version when the plate is saved', async () => {
    const stream = await openStream(base, `/api/experiments/${id}/events`, owner);
    try {
      await stream.next((e) => e.type === 'hello');
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/experiments/${id}/plate`,
        headers: owner,
        payload: { version: 0, defn: { format: 96, rows: 8, cols: 12 }, wells: {} },
      });
      expect(put.statusCode).toBe(200);
      const changed = await stream.next((e) => e.type === 'plate_changed');
      expect(changed).toMatchObject({ experiment_id: id, version: put.json().version });
    } finally {
      stream.close();
    }
  });

  it('plate_changed of a PATCH carries the version, its base, the hash and the changed wells', async () => {
    const plateId = await createExperiment(t.app, owner);
    const stream = await openStream(base, `/api/experiments/${plateId}/events`, owner);
    try {
      const hello = await stream.next((e) => e.type === 'hello');
      expect(hello.version).toBe(0);
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/experiments/${plateId}/plate`,
        headers: owner,
        payload: { version: 0, ops: [{ op: 'label', wells: ['B3'], label: 'live' }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const changed = await stream.next((e) => e.type === 'plate_changed');
      expect(changed).toMatchObject({
        experiment_id: plateId,
        version: 1,
        base_version: 0,
        hash: res.json().hash,
        changed: { B3: { label: 'live', sample: '', tags: [], targets: {} } },
        removed: [],
      });
    } finally {
      stream.close();
    }
  });

  it('replays what a stream reconnecting with Last-Event-ID missed, from the plate log', async () => {
    const plateId = await createExperiment(t.app, owner);
    for (const [version, well] of [
      [0, 'A1'],
      [1, 'A2'],
    ] as const) {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/experiments/${plateId}/plate`,
        headers: owner,
        payload: { version, ops: [{ op: 'label', wells: [well], label: 'missed' }] },
      });
    }
    const stream = await openStream(base, `/api/experiments/${plateId}/events`, {
      ...owner,
      'last-event-id': '0',
    });
    try {
      expect((await stream.next((e) => e.type === 'hello')).version).toBe(2);
      // the writes' own events are stored before they are sent, and may come live meanwhile
      const replay = await stream.next((e) => e.type === 'plate_changed' && e.base_version === 0);
      expect(replay).toMatchObject({ version: 2, base_version: 0, removed: [] });
      expect(Object.keys(replay.changed as object)).toEqual(['A1', 'A2']);
    } finally {
      stream.close();
    }
  });

  it('accepts the developer cookie, and refuses strangers and anonymous callers', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      payload: { secret: TEST_DEV_SECRET },
    });
    const cookie = login.cookies.find((c) => c.name === 'plate_dev')!;
    const devHeaders = { cookie: `plate_dev=${cookie.value}` };
    const devId = await createExperiment(t.app, devHeaders);
    const dev = await openStream(base, `/api/experiments/${devId}/events`, devHeaders);
    expect(dev.status).toBe(200);
    await dev.next((e) => e.type === 'hello');
    dev.close();

    const stranger = await openStream(
      base,
      `/api/experiments/${id}/events`,
      await userHeaders('nosy'),
    );
    expect(stranger.status).toBe(404);
    const anonymous = await openStream(base, `/api/experiments/${id}/events`, {});
    expect(anonymous.status).toBe(401);
  });
});

describe('events across two server instances on one PostgreSQL database', () => {
  let first: TestApp;
  let second: FastifyInstance;
  let secondDb: Database;

  beforeAll(async () => {
    first = await createTestApp('postgres');
    expect(first.database.url).not.toBeNull();
    secondDb = await openDatabase({ databaseUrl: first.database.url, dataDir: '' });
    second = await buildApp(testConfig(), { database: secondDb, distDir: null });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
    await first?.close();
  });

  it('delivers an event published by one instance to a stream opened on the other', async () => {
    const owner = await userHeaders('two-instances');
    const id = await createExperiment(first.app, owner);
    const base = await listen(second);
    const stream = await openStream(base, `/api/experiments/${id}/events`, owner);
    try {
      await stream.next((e) => e.type === 'hello');
      // A write served by the first instance...
      const put = await first.app.inject({
        method: 'PUT',
        url: `/api/experiments/${id}/agent-state`,
        headers: owner,
        payload: { from: 'first' },
      });
      expect(put.statusCode).toBe(200);
      // ...reaches the stream the second instance serves.
      const event = await stream.next((e) => e.type === 'agent_activity');
      expect(event).toMatchObject({ experiment_id: id, etag: put.json().etag });
      await second.events.publish(id, { type: 'plate_changed', version: 7 });
      expect(await stream.next((e) => e.type === 'plate_changed')).toMatchObject({ version: 7 });
    } finally {
      stream.close();
    }
  });

  it('reconnects a lost listener, says hello again, and delivers what follows', async () => {
    const owner = await userHeaders('reconnect');
    const id = await createExperiment(first.app, owner);
    const base = await listen(first.app);
    const stream = await openStream(base, `/api/experiments/${id}/events`, owner);
    try {
      await stream.next((e) => e.type === 'hello');
      // Cut every listening connection of this database, as a server restart would.
      await first.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = ${LISTENER_NAME} and datname = current_database()`,
      );
      const hellos = () => stream.events.filter((e) => e.type === 'hello').length;
      await stream.next(() => hellos() >= 2, 10_000);
      await second.events.publish(id, { type: 'agent_activity', after: 'reconnect' });
      expect(await stream.next((e) => e.after === 'reconnect', 10_000)).toMatchObject({
        experiment_id: id,
      });
    } finally {
      stream.close();
    }
  });
});

describe('event stream heartbeats', () => {
  it('writes a comment heartbeat on the interval', async () => {
    const fresh = await openTestDatabase('pglite');
    const app = Fastify();
    await app.register(cookiePlugin);
    registerRequestUser(app, {
      verifyToken: createTokenVerifier(testConfig()),
      devModeEnabled: false,
    });
    app.decorate('events', loggedEventBus(inProcessEventBus(), fresh.database.db));
    await app.register(eventRoutes, {
      prefix: '/api/experiments',
      experiments: experimentsRepository(fresh.database.db),
      heartbeatMs: 50,
    });
    const owner = await userHeaders('heartbeat');
    const row = await experimentsRepository(fresh.database.db).create('heartbeat', {
      name: 'Beats',
      description: null,
      plate_type: '96',
    });
    try {
      const stream = await openStream(
        await listen(app),
        `/api/experiments/${row.id}/events`,
        owner,
      );
      await stream.next((e) => e.type === 'hello');
      await new Promise((resolve) => setTimeout(resolve, 300));
      stream.close();
      const beats = stream.comments.filter((c) => c.startsWith('heartbeat '));
      expect(beats.length, JSON.stringify(stream.comments)).toBeGreaterThanOrEqual(2);
    } finally {
      await app.close();
      await fresh.dispose();
    }
  }, 60_000);
});
