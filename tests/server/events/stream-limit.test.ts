// A cap on the event streams one user holds: the next one is refused with 429 until one of
// theirs closes; other users are not affected.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STREAMS_PER_USER } from '../../../src/server/events/stream-limit';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';

describe.each(DB_KINDS)('event streams per user on %s', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => t?.close());

  async function experimentOf(headers: Record<string, string>): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/experiments/',
      headers,
      payload: { name: 'Streams', plate_type: '96' },
    });
    return res.json().id as number;
  }

  /** Opens a stream; answers its status and how to close it. */
  async function open(id: number, headers: Record<string, string>) {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/experiments/${id}/events`, {
      headers,
      signal: controller.signal,
    });
    if (res.status !== 200 || !res.body) {
      await res.text();
      return { status: res.status, close: () => {} };
    }
    // Read the first chunk (retry and hello): the stream is then surely open on the server,
    // and holding the reader keeps the response (and its connection) from being collected.
    const reader = res.body.getReader();
    await reader.read();
    return { status: res.status, reader, close: () => controller.abort() };
  }

  it(`allows ${MAX_STREAMS_PER_USER} open streams per user, then 429 until one closes`, async () => {
    const alice = await userHeaders('alice-streams');
    const bob = await userHeaders('bob-streams');
    const [a, b] = [await experimentOf(alice), await experimentOf(bob)];
    const streams = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await open(a, alice));
      expect(streams.map((s) => s.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));
      const refused = await open(a, alice);
      expect(refused.status).toBe(429);
      // Another user is not affected.
      const other = await open(b, bob);
      streams.push(other);
      expect(other.status).toBe(200);
      // Closing one frees its slot (the server learns of the close asynchronously).
      streams.shift()?.close();
      let again = await open(a, alice);
      for (let i = 0; i < 20 && again.status === 429; i++) {
        await new Promise((r) => setTimeout(r, 100));
        again = await open(a, alice);
      }
      streams.push(again);
      expect(again.status).toBe(200);
    } finally {
      for (const s of streams) s.close();
    }
  }, 60_000);
});
