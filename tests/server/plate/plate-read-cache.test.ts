// Plate reads answered from the cached bytes and the bench facts of the last bench stamp:
// every change of what the plate is computed from (the stored version, a bench reagent
// removed, or replaced at another stock), made here or through another
// server on the database, shows in the next read.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { ByteBudget } from '../../../src/server/plate/cache-budget';
import { AnswerCache, PlateAnswer } from '../../../src/server/plate/plate-cache';
import { createTestApp, DB_KINDS, testConfig, userHeaders, type TestApp } from '../helpers';
import { call, experimentWithBench, STAUROSPORINE } from '../plate-fixtures';

const plateUrl = (id: number) => `/api/experiments/${id}/plate`;
const benchUrl = (id: number, slug = '') => `/api/experiments/${id}/bench/reagents${slug}`;

// Hand calculation: staurosporine at a 1 mM stock (1e6 nM), 0.5 uL in a 50 uL well:
// 1e6 * 0.5 / 50 = 10000 nM; at a 2 mM stock 20000 nM.
const C5 = {
  targets: {
    staurosporine: { target_nM: 10000, volume_uL: 0.5 },
    'assay-medium': { target_nM: null, volume_uL: 49.5 },
  },
};

const answer = (version: number, bytes: number) =>
  new PlateAnswer(version, Buffer.alloc(bytes, 'x'));
const key = (experimentId: number, version: number, benchKey = 'b') =>
  ({ experimentId, form: 'full', version, benchKey }) as const;

describe('answer cache', () => {
  it('answers only at the version and bench the answer was made from', () => {
    const cache = new AnswerCache(new ByteBudget(1000));
    const a = answer(3, 10);
    cache.set(key(1, 3), a);
    expect(cache.get(key(1, 3))).toBe(a);
    expect(cache.get(key(1, 4))).toBeUndefined();
    expect(cache.get(key(1, 3, 'other bench'))).toBeUndefined();
    expect(cache.get({ ...key(1, 3), form: 'compact' })).toBeUndefined();
    // A late older answer does not replace a newer one.
    cache.set(key(1, 2), answer(2, 10));
    expect(cache.get(key(1, 3))).toBe(a);
  });

  it('keeps at most its byte bound, dropping the least recently read first', () => {
    // Each 100-byte answer counts 200 bytes (its JSON and, later, its gzip): 3 fit in 600.
    const budget = new ByteBudget(600);
    const cache = new AnswerCache(budget);
    for (const id of [1, 2, 3]) cache.set(key(id, 1), answer(1, 100));
    expect(budget.bytes).toBe(600);
    cache.get(key(1, 1)); // 2 is now the least recently read
    cache.set(key(4, 1), answer(1, 100));
    expect(cache.size).toBe(3);
    expect(budget.bytes).toBe(600);
    expect(cache.get(key(2, 1))).toBeUndefined();
    expect(cache.get(key(1, 1))).toBeDefined();
    // A newer version replaces the older one's bytes instead of adding to them.
    cache.set(key(1, 2), answer(2, 50));
    expect(budget.bytes).toBe(500);
    // An answer larger than the whole bound is not kept.
    cache.set(key(9, 1), answer(1, 400));
    expect(cache.get(key(9, 1))).toBeUndefined();
    expect(budget.bytes).toBe(500);
  });
});

describe.each(DB_KINDS)('cached plate reads on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders();
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = async (app = t.app) => {
    const res = await call(app, 'GET', plateUrl(id), owner);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  let id = 0;

  it('a read after a read sends the same bytes, gzipped or not', async () => {
    id = await experimentWithBench(t.app, owner, '96');
    const put = await call(t.app, 'PUT', plateUrl(id), owner, {
      version: 0,
      defn: { format: 96 },
      wells: { C5 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const first = await call(t.app, 'GET', plateUrl(id), owner);
    const second = await call(t.app, 'GET', plateUrl(id), owner);
    expect(second.body).toBe(first.body);
    const zipped = await t.app.inject({
      method: 'GET',
      url: plateUrl(id),
      headers: { ...owner, 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(first.body);
    expect(first.json().wells.C5.predicted.staurosporine.nM).toBeCloseTo(10000, 6);
  });

  /** Replaces staurosporine by the same reagent at another stock: as many bench rows as before. */
  const restock = async (app: typeof t.app, mM: number) => {
    const removed = await call(app, 'DELETE', benchUrl(id, '/staurosporine'), owner);
    expect(removed.statusCode).toBe(204);
    const added = await call(app, 'POST', benchUrl(id), owner, {
      ...STAUROSPORINE,
      default_concentration_value: mM,
    });
    expect(added.statusCode, added.body).toBe(201);
  };

  it('a bench reagent removed, or replaced at another stock, shows in the next read', async () => {
    await read();
    await restock(t.app, 2);
    expect((await read()).wells.C5.predicted.staurosporine.nM).toBeCloseTo(20000, 6);
    expect((await call(t.app, 'DELETE', benchUrl(id, '/staurosporine'), owner)).statusCode).toBe(
      204,
    );
    expect((await read()).wells.C5.predicted.staurosporine).toBeUndefined();
    const added = await call(t.app, 'POST', benchUrl(id), owner, STAUROSPORINE);
    expect(added.statusCode, added.body).toBe(201);
    expect((await read()).wells.C5.predicted.staurosporine.nM).toBeCloseTo(10000, 6);
  });

  it('a change through another server shows in this one’s next read', async () => {
    const other = await buildApp(testConfig(), { database: t.database, distDir: null });
    try {
      const here = await read();
      expect(await read(other)).toEqual(here);
      await restock(other, 4);
      expect((await read()).wells.C5.predicted.staurosporine.nM).toBeCloseTo(40000, 6);
      const edit = await call(other, 'PATCH', plateUrl(id), owner, {
        version: here.version,
        ops: [{ op: 'label', wells: ['C5'], label: 'moved' }],
      });
      expect(edit.statusCode, edit.body).toBe(200);
      const after = await read();
      expect(after.version).toBe(here.version + 1);
      expect(after.wells.C5.label).toBe('moved');
    } finally {
      await other.close();
    }
  });
});
