import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPlateState } from '../../../src/domain/plate-state';
import { experiments, plates } from '../../../src/server/db/schema';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';

describe.each(DB_KINDS)('experiments on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (headers: Record<string, string>, payload: unknown, url = '/api/experiments/') =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as object });

  async function counts() {
    const [e] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(experiments);
    const [p] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(plates);
    return { experiments: e.n, plates: p.n };
  }

  it('creates an experiment with a trimmed name, string plate type and an empty plate', async () => {
    const headers = await userHeaders();
    const res = await create(headers, { name: '  Dose response  ', plate_type: 384 });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Dose response',
      description: null,
      plate_type: '384',
      vehicle_slug: null,
      default_vehicle_slug: null,
    });
    expect(typeof body.id).toBe('number');
    expect(new Date(body.created_at).toISOString()).toBe(body.created_at);
    expect(body.updated_at).toBe(body.created_at);

    const [plate] = await t.database.db
      .select()
      .from(plates)
      .where(eq(plates.experimentId, body.id));
    expect(plate.version).toBe(0);
    expect(plate.hash).toBe(emptyPlateState(384).hash);
    expect(plate.state).toEqual({
      defn: { format: 384, rows: 16, cols: 24 },
      wells: {},
      indices: { by_sample: {}, by_col: {}, tags: {}, by_target: {}, unmet: [] },
    });
  });

  it('answers on both /api/experiments and /api/experiments/', async () => {
    const headers = await userHeaders();
    const a = await create(headers, { name: 'A', plate_type: '96' }, '/api/experiments');
    expect(a.statusCode).toBe(201);
    const noSlash = await t.app.inject({ method: 'GET', url: '/api/experiments', headers });
    const slash = await t.app.inject({ method: 'GET', url: '/api/experiments/', headers });
    expect(noSlash.statusCode).toBe(200);
    expect(noSlash.json()).toEqual(slash.json());
    expect(slash.json().map((e: { name: string }) => e.name)).toEqual(['A']);
  });

  it('keeps a description, and stores a blank one as null', async () => {
    const headers = await userHeaders();
    const withText = await create(headers, {
      name: 'X',
      plate_type: '1536',
      description: ' notes ',
    });
    expect(withText.json().description).toBe('notes');
    const blank = await create(headers, { name: 'Y', plate_type: '6', description: '   ' });
    expect(blank.json().description).toBeNull();
  });

  it('reads, updates partially and deletes an experiment', async () => {
    const headers = await userHeaders();
    const { id, updated_at } = (await create(headers, { name: 'Old', plate_type: '96' })).json();

    const got = await t.app.inject({ url: `/api/experiments/${id}`, headers });
    expect(got.statusCode).toBe(200);
    expect(got.json().name).toBe('Old');

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/experiments/${id}`,
      headers,
      payload: { name: 'New name' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id, name: 'New name', plate_type: '96' });
    expect(Date.parse(put.json().updated_at)).toBeGreaterThan(Date.parse(updated_at) - 1);
    expect(put.json().updated_at).not.toBe(updated_at);

    const put2 = await t.app.inject({
      method: 'PUT',
      url: `/api/experiments/${id}`,
      headers,
      payload: { plate_type: '384', description: 'd' },
    });
    expect(put2.json()).toMatchObject({ name: 'New name', plate_type: '384', description: 'd' });

    const del = await t.app.inject({ method: 'DELETE', url: `/api/experiments/${id}`, headers });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    const gone = await t.app.inject({ url: `/api/experiments/${id}`, headers });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'Experiment not found' });
    const plate = await t.database.db.select().from(plates).where(eq(plates.experimentId, id));
    expect(plate).toEqual([]);
  });

  it('sets and clears the default vehicle', async () => {
    const headers = await userHeaders();
    const { id } = (await create(headers, { name: 'V', plate_type: '96' })).json();
    const set = await t.app.inject({
      method: 'PATCH',
      url: `/api/experiments/${id}/vehicle`,
      headers,
      payload: { vehicle_slug: 'dmso' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ vehicle_slug: 'dmso', default_vehicle_slug: 'dmso' });
    const read = await t.app.inject({ url: `/api/experiments/${id}`, headers });
    expect(read.json().default_vehicle_slug).toBe('dmso');
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `/api/experiments/${id}/vehicle`,
      headers,
      payload: { vehicle_slug: null },
    });
    expect(cleared.json().vehicle_slug).toBeNull();
  });

  it('lists only the caller’s experiments, most recently updated first', async () => {
    const headers = await userHeaders();
    const ids: number[] = [];
    for (const name of ['first', 'second', 'third']) {
      ids.push((await create(headers, { name, plate_type: '96' })).json().id);
    }
    await create(await userHeaders(), { name: 'someone else', plate_type: '96' });
    const names = async () =>
      (await t.app.inject({ url: '/api/experiments/', headers }))
        .json()
        .map((e: { name: string }) => e.name);
    expect(await names()).toEqual(['third', 'second', 'first']);

    await t.app.inject({
      method: 'PUT',
      url: `/api/experiments/${ids[0]}`,
      headers,
      payload: { description: 'touched' },
    });
    expect(await names()).toEqual(['first', 'third', 'second']);

    await t.app.inject({
      method: 'PATCH',
      url: `/api/experiments/${ids[1]}/vehicle`,
      headers,
      payload: { vehicle_slug: 'water' },
    });
    expect(await names()).toEqual(['second', 'first', 'third']);
  });

  describe('refused requests write nothing', () => {
    const badCreates: [string, unknown, string][] = [
      ['missing name', { plate_type: '96' }, 'name'],
      ['blank name', { name: '   ', plate_type: '96' }, 'name'],
      ['name too long', { name: 'x'.repeat(201), plate_type: '96' }, 'name'],
      ['name not text', { name: 5, plate_type: '96' }, 'name'],
      ['missing plate type', { name: 'A' }, 'plate_type'],
      ['unknown plate type', { name: 'A', plate_type: '100' }, 'plate_type'],
      ['plate type not a format', { name: 'A', plate_type: 'big' }, 'plate_type'],
      ['description not text', { name: 'A', plate_type: '96', description: 3 }, 'description'],
    ];

    it.each(badCreates)('POST with %s answers 400 naming the field', async (_, payload, field) => {
      const headers = await userHeaders();
      const before = await counts();
      const res = await create(headers, payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.detail).toContain(field);
      expect(body.issues.map((i: { path: string }) => i.path)).toContain(field);
      expect(await counts()).toEqual(before);
    });

    it('POST with a malformed JSON body answers 400 with a detail', async () => {
      const before = await counts();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/experiments/',
        headers: { ...(await userHeaders()), 'content-type': 'application/json' },
        payload: '{"name": ',
      });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().detail).toBe('string');
      expect(await counts()).toEqual(before);
    });

    it('PUT and PATCH with bad fields answer 400 and leave the experiment as it was', async () => {
      const headers = await userHeaders();
      const created = (await create(headers, { name: 'Keep', plate_type: '96' })).json();
      const attempts: [string, string, unknown, string][] = [
        ['PUT', '', { name: '' }, 'name'],
        ['PUT', '', { plate_type: 97 }, 'plate_type'],
        ['PUT', '', {}, 'at least one'],
        ['PATCH', '/vehicle', {}, 'vehicle_slug'],
        ['PATCH', '/vehicle', { vehicle_slug: '  ' }, 'vehicle_slug'],
      ];
      for (const [method, suffix, payload, mention] of attempts) {
        const res = await t.app.inject({
          method: method as 'PUT' | 'PATCH',
          url: `/api/experiments/${created.id}${suffix}`,
          headers,
          payload: payload as object,
        });
        expect(res.statusCode, `${method} ${JSON.stringify(payload)}`).toBe(400);
        expect(res.json().detail).toContain(mention);
      }
      const after = (await t.app.inject({ url: `/api/experiments/${created.id}`, headers })).json();
      expect(after).toEqual(created);
    });
  });

  it('answers 404 for ids that cannot name an experiment', async () => {
    const headers = await userHeaders();
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '2147483648', '12345']) {
      const res = await t.app.inject({ url: `/api/experiments/${id}`, headers });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: 'Experiment not found' });
    }
  });
});
