// The durable event log: every kind of event is kept and replayed by id, to a browser that
// reconnects with Last-Event-ID and to the streams of a process whose database listener
// reconnected (events sent while it was away were lost to it before).
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_NAME } from '../../../src/server/events/pg-event-bus';
import { createTestApp, DB_KINDS, type TestApp } from '../helpers';
import { createExperiment } from '../plate-fixtures';
import { devHeaders } from './fixtures';

interface Received {
  id: string | undefined;
  event: Record<string, unknown>;
}

/** Reads a stream until `count` events matching `keep` came, or the time is up. */
async function readStream(
  url: string,
  headers: Record<string, string>,
  keep: (e: Record<string, unknown>) => boolean,
  count: number,
  ms = 15_000,
  whileOpen?: () => Promise<void>,
): Promise<Received[]> {
  const controller = new AbortController();
  const got: Received[] = [];
  const res = await fetch(url, { headers, signal: controller.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let hello: () => void;
  const helloSeen = new Promise<void>((resolve) => (hello = resolve));
  const parser = createParser({
    onEvent: (m) => {
      const event = JSON.parse(m.data) as Record<string, unknown>;
      if (event.type === 'hello') hello();
      if (keep(event)) got.push({ id: m.id, event });
    },
  });
  const timer = setTimeout(() => controller.abort(), ms);
  const reading = (async () => {
    try {
      while (got.length < count) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      // aborted: the time is up
    }
  })();
  await helloSeen;
  await whileOpen?.();
  await reading;
  clearTimeout(timer);
  controller.abort();
  return got;
}

const mine = (e: Record<string, unknown>) => e.type !== 'hello';
const sentWhileAway = (e: Record<string, unknown>) => typeof e.gap === 'number';

describe.each(DB_KINDS)('the event log on %s', (kind) => {
  let t: TestApp;
  let dev: Record<string, string>;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    dev = await devHeaders(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => t?.close());

  it('replays every kind of event after Last-Event-ID to a reconnecting browser', async () => {
    const id = await createExperiment(t.app, dev, '96');
    const url = `${base}/api/experiments/${id}/events`;
    const first = await readStream(url, dev, mine, 1, 15_000, () =>
      t.app.events.publish(id, { type: 'agent_activity', n: 0 }),
    );
    expect(first).toHaveLength(1);
    expect(first[0].id).toMatch(/^e\d+$/);
    // the browser is away while three events of every kind are published
    await t.app.events.publish(id, { type: 'agent_activity', n: 1 });
    await t.app.events.publish(id, { type: 'thread_updated', n: 2 });
    await t.app.events.publish(id, { type: 'plate_changed', n: 3, version: 9 });
    const again = await readStream(url, { ...dev, 'last-event-id': first[0].id! }, mine, 3);
    expect(again.map((r) => [r.event.type, r.event.n])).toEqual([
      ['agent_activity', 1],
      ['thread_updated', 2],
      ['plate_changed', 3],
    ]);
    const ids = again.map((r) => Number(r.id!.slice(1)));
    expect(ids).toEqual(ids.toSorted((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(Number(first[0].id!.slice(1)));
  }, 60_000);

  it.runIf(kind === 'postgres')(
    'replays the events sent while the database listener reconnects, each once',
    async () => {
      const id = await createExperiment(t.app, dev, '96');
      const url = `${base}/api/experiments/${id}/events`;
      const got = await readStream(url, dev, sentWhileAway, 6, 20_000, async () => {
        await t.app.events.publish(id, { type: 'agent_activity', gap: 0 });
        // cut the listening connection, as a database restart would, and publish at once
        await t.database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where application_name = ${LISTENER_NAME} and datname = current_database()`,
        );
        for (let n = 1; n <= 5; n++) {
          await t.app.events.publish(id, {
            type: n % 2 ? 'agent_activity' : 'thread_updated',
            gap: n,
          });
        }
      });
      expect(got.map((r) => r.event.gap)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(new Set(got.map((r) => r.id)).size).toBe(6);
    },
    60_000,
  );
});
