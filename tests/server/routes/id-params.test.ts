// Ids in paths are coerced by the route's params schema (idParamSchema): anything that cannot
// name a row (a word, 0, a negative, a fraction, past 2^31 - 1) answers the same 404 as
// another user's id, with the route's own message, and never reaches the handler.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';

const NOT_IDS = ['nope', '0', '-3', '1.5', '2147483648', '12345678901'];

describe.each(DB_KINDS)('ids in paths on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let experiment: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('id-params-owner');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/experiments/',
      headers: owner,
      payload: { name: 'Ids', plate_type: '96' },
    });
    experiment = res.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const cases = (): {
    method: 'GET' | 'DELETE' | 'PATCH' | 'POST';
    url: string;
    detail: string;
  }[] =>
    NOT_IDS.flatMap((bad) => [
      { method: 'DELETE', url: `/api/templates/${bad}`, detail: 'Template not found' },
      { method: 'POST', url: `/api/templates/${bad}/apply`, detail: 'Template not found' },
      {
        method: 'GET',
        url: `/api/experiments/${experiment}/chat/sessions/${bad}/messages`,
        detail: 'Session not found',
      },
      {
        method: 'PATCH',
        url: `/api/experiments/${experiment}/chat/sessions/${bad}`,
        detail: 'Session not found',
      },
      {
        method: 'GET',
        url: `/api/reagents/definitions/${bad}`,
        detail: 'Reagent definition not found',
      },
      {
        method: 'GET',
        url: `/api/reagents/definitions/${bad}/stocks`,
        detail: 'Reagent definition not found',
      },
      { method: 'GET', url: `/api/reagents/stocks/${bad}`, detail: 'Stock not found' },
      { method: 'DELETE', url: `/api/reagents/stocks/${bad}`, detail: 'Stock not found' },
    ]);

  it('answers 404 with the route’s message for a path id that cannot name a row', async () => {
    const wrong: string[] = [];
    for (const { method, url, detail } of cases()) {
      const payload = method === 'POST' ? { experiment_ids: [experiment] } : {};
      const res = await t.app.inject({ method, url, headers: owner, payload });
      const body = res.json() as { detail?: string };
      if (res.statusCode !== 404 || body.detail !== detail) {
        wrong.push(`${method} ${url}: ${res.statusCode} ${JSON.stringify(body)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('still finds a row by its id', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/templates',
      headers: owner,
      payload: { name: 'One', wells: [{ dr: 0, dc: 0, targets: {}, tags: ['NEG'] }] },
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().template.id as number;
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/templates/${id}`,
      headers: owner,
    });
    expect(gone.statusCode).toBe(204);
  });
});
