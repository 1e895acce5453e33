// A stampede on a cold plate: 200 readers of an uncached 1536-well plate arriving together
// cost one computation and one serialisation (counted by the process's metrics), and every
// reader gets the same answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { createTestApp, DB_KINDS, testConfig, type TestApp } from '../helpers';
import { devHeaders, full1536 } from './fixtures';

describe.each(DB_KINDS)('a cold 1536-well plate on %s', (kind) => {
  let t: TestApp;
  let dev: Record<string, string>;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    dev = await devHeaders(t.app);
    id = await full1536(t.app, dev);
  }, 180_000);
  afterAll(async () => t?.close());

  it('200 concurrent readers cost one computation, then none', async () => {
    // a second process on the same database: its caches are cold
    const cold = await buildApp(testConfig({ maxInFlight: 1000 }), {
      database: t.database,
      distDir: null,
    });
    try {
      const metrics = () => cold.inject({ url: '/api/metrics' }).then((r) => r.json());
      const readers = Array.from({ length: 200 }, (_, i) =>
        cold.inject({
          url: `/api/experiments/${id}/plate${i % 4 === 3 ? '?form=compact' : ''}`,
          headers: dev,
        }),
      );
      const answers = await Promise.all(readers);
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      const full = answers.filter((_, i) => i % 4 !== 3);
      expect(new Set(full.map((a) => a.body)).size).toBe(1);
      expect(Object.keys(full[0].json().wells)).toHaveLength(1536);
      const m = await metrics();
      expect(m.plate_computations).toBe(1);
      // the bench facts of the cold plate were read once, not per reader
      expect(m.bench_reads).toBe(1);
      expect(m.cache_bytes).toBeGreaterThan(0);
      expect(m.cache_bytes).toBeLessThanOrEqual(m.cache_bytes_limit);
      // one full answer and one compact answer
      expect(m.plate_serialisations).toBe(2);
      const again = await cold.inject({ url: `/api/experiments/${id}/plate`, headers: dev });
      expect(again.body).toBe(full[0].body);
      expect((await metrics()).plate_computations).toBe(1);
    } finally {
      await cold.close();
    }
  }, 180_000);

  it('keeps its caches within CACHE_BYTES, dropping the least recently read plate', async () => {
    // room for one 1536-well plate and its answer, not two
    const small = await buildApp(testConfig({ cacheBytes: 4 * 1024 * 1024 }), {
      database: t.database,
      distDir: null,
    });
    try {
      const other = await full1536(small, dev);
      const metrics = () => small.inject({ url: '/api/metrics' }).then((r) => r.json());
      const read = (plate: number) =>
        small.inject({ url: `/api/experiments/${plate}/plate`, headers: dev });
      expect((await read(id)).statusCode).toBe(200);
      const one = await metrics();
      expect(one.cache_bytes_limit).toBe(4 * 1024 * 1024);
      expect(one.cache_bytes).toBeLessThanOrEqual(one.cache_bytes_limit);
      expect((await read(other)).statusCode).toBe(200);
      const two = await metrics();
      expect(two.cache_bytes).toBeLessThanOrEqual(two.cache_bytes_limit);
      // the first plate was dropped for the second: reading it again computes it again
      expect((await read(id)).statusCode).toBe(200);
      const three = await metrics();
      expect(three.plate_computations).toBe(two.plate_computations + 1);
      expect(three.cache_bytes).toBeLessThanOrEqual(three.cache_bytes_limit);
    } finally {
      await small.close();
    }
  }, 180_000);
});
