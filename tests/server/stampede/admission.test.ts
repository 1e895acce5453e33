// Admission control: past the limit of requests in flight a request answers 503 with
// Retry-After at once, counted in the metrics; health and metrics still answer; the served
// requests answer as usual and nothing refused is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { parseConfig } from '../../../src/server/config';
import { createTestApp, DB_KINDS, testConfig, type TestApp } from '../helpers';
import { call } from '../plate-fixtures';
import { devHeaders, full1536 } from './fixtures';

describe.each(DB_KINDS)('admission control on %s', (kind) => {
  let t: TestApp;
  let dev: Record<string, string>;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    dev = await devHeaders(t.app);
    id = await full1536(t.app, dev);
  }, 180_000);
  afterAll(async () => t?.close());

  it('sheds past 3 in flight with 503 + Retry-After, counted; health still answers', async () => {
    const app = await buildApp(testConfig({ maxInFlight: 3 }), {
      database: t.database,
      distDir: null,
    });
    try {
      // cold reads and writes of versions: each holds its slot across database round trips
      const requests = Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0
          ? call(app, 'POST', `/api/experiments/${id}/versions`, dev, { summary: `v${i}` })
          : call(app, 'GET', `/api/experiments/${id}/plate`, dev),
      );
      const health = app.inject({ url: '/api/health' });
      const answers = await Promise.all(requests);
      expect((await health).statusCode).toBe(200);
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.every((s) => s === 200 || s === 201 || s === 503)).toBe(true);
      const shed = answers.filter((a) => a.statusCode === 503);
      expect(shed.length).toBeGreaterThan(0);
      expect(shed.length).toBeLessThan(30);
      for (const a of shed) {
        expect(a.headers['retry-after']).toBe('1');
        expect(a.json().detail).toMatch(/busy .* try again in 1 s/);
      }
      const m = (await app.inject({ url: '/api/metrics' })).json();
      expect(m).toMatchObject({ requests_shed: shed.length, in_flight: 0, in_flight_limit: 3 });
      expect(m.in_flight_peak).toBeLessThanOrEqual(3);
      // every version answered 201 was kept, no refused one
      const kept = answers.filter((a) => a.statusCode === 201).length;
      const versions = await call(app, 'GET', `/api/experiments/${id}/versions`, dev);
      const list = versions.json();
      expect((Array.isArray(list) ? list : list.versions).length).toBe(kept);
    } finally {
      await app.close();
    }
  }, 180_000);

  it('takes its limit from MAX_IN_FLIGHT, else by database', async () => {
    expect(parseConfig({ MAX_IN_FLIGHT: '40' }).maxInFlight).toBe(40);
    expect(() => parseConfig({ MAX_IN_FLIGHT: '0' })).toThrow(/MAX_IN_FLIGHT must be/);
    expect(parseConfig({}).queueBudgetMs).toBe(50);
    expect(parseConfig({ QUEUE_BUDGET_MS: '20' }).queueBudgetMs).toBe(20);
    expect(() => parseConfig({ QUEUE_BUDGET_MS: '-1' })).toThrow(/QUEUE_BUDGET_MS must be/);
    const m = (await t.app.inject({ url: '/api/metrics' })).json();
    expect(m.in_flight_limit).toBe(kind === 'pglite' ? 16 : 64);
  });
});
