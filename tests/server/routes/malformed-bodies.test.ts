// Every route that takes a body, sent broken JSON, oversized bodies and bodies of the wrong
// types: each answers 4xx with a detail a person can act on, and no table changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpTables } from '../db-dump';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { fillPath, ROUTES, type Fixture, type RouteCase } from '../route-catalog';
import { makeFixture, OWNER } from '../route-fixture';

/** Over the server's 10 MB body limit. */
const HUGE = JSON.stringify({ padding: 'x'.repeat(10 * 1024 * 1024 + 10) });
/** Longer than any text field allows. */
const LONG = 'x'.repeat(300_000);

/** The body with every string made far too long; null when it has no strings. */
export function withLongStrings(value: unknown): unknown {
  if (typeof value === 'string') return LONG;
  if (Array.isArray(value)) return value.map(withLongStrings);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withLongStrings(v)]));
  }
  return value;
}

/** The body with a NUL character in every string (PostgreSQL text cannot hold one). */
export function withNul(value: unknown): unknown {
  if (typeof value === 'string') return `${value}\u0000`;
  if (Array.isArray(value)) return value.map(withNul);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withNul(v)]));
  }
  return value;
}

/** The body with every leaf of the wrong type: numbers as words, text as numbers... */
export function withWrongTypes(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'not a number';
  if (typeof value === 'boolean') return 'yes';
  if (value === null) return { unexpected: true };
  if (Array.isArray(value)) return 'not a list';
  return Object.fromEntries(
    Object.entries(value as object).map(([k, v]) => [k, withWrongTypes(v)]),
  );
}

const hasString = (value: unknown): boolean =>
  typeof value === 'string' ||
  (typeof value === 'object' && value !== null && Object.values(value).some(hasString));

interface Variant {
  name: string;
  contentType: string;
  payload: string;
}

/** The broken requests sent to one route. */
function variantsOf(route: RouteCase, f: Fixture): Variant[] {
  const json = 'application/json';
  const valid = route.body?.(f);
  const variants: Variant[] = [
    { name: 'broken JSON', contentType: json, payload: '{"name": "unterminated' },
    { name: 'over 10 MB', contentType: json, payload: HUGE },
    { name: 'a JSON array', contentType: json, payload: '[1, 2, 3]' },
    { name: 'a JSON string', contentType: json, payload: '"text"' },
    { name: 'a JSON number', contentType: json, payload: '42' },
  ];
  if (hasString(valid)) {
    variants.push({
      name: 'text with a NUL character',
      contentType: json,
      payload: JSON.stringify(withNul(valid)),
    });
    variants.push({
      name: 'far too long text',
      contentType: json,
      payload: JSON.stringify(withLongStrings(valid)),
    });
  }
  // Any JSON object is a valid agent state, so wrong types are only wrong elsewhere.
  if (valid !== undefined && !route.path.endsWith('/agent-state')) {
    variants.push({
      name: 'wrong types',
      contentType: json,
      payload: JSON.stringify(withWrongTypes(valid)),
    });
  }
  if (route.upload) {
    variants.push(
      { name: 'multipart without a boundary', contentType: 'multipart/form-data', payload: 'x' },
      { name: 'plain text', contentType: 'text/plain', payload: 'just text' },
    );
  }
  return variants;
}

const withBody = ROUTES.filter((r) => r.body || r.upload);

describe.each(DB_KINDS)('malformed bodies on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders(OWNER);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.for(withBody.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s refuses each with 4xx and a detail, changing nothing',
    async ([, route]) => {
      const f = await makeFixture(t, owner);
      const url = fillPath(route.path, f) + (route.query ? `?${route.query}` : '');
      const before = await dumpTables(t.database);
      for (const variant of variantsOf(route, f)) {
        const res = await t.app.inject({
          method: route.method,
          url,
          headers: { ...owner, 'content-type': variant.contentType },
          payload: variant.payload,
        });
        const what = `${variant.name}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, what).toBeLessThan(500);
        const { detail } = res.json() as { detail?: unknown };
        expect(typeof detail, what).toBe('string');
        expect((detail as string).length, what).toBeGreaterThan(10);
        if (variant.name === 'broken JSON') expect(detail, what).toMatch(/JSON/);
        if (variant.name === 'over 10 MB') expect(res.statusCode, what).toBe(413);
      }
      expect(await dumpTables(t.database)).toEqual(before);
    },
  );

  it('answers a NUL character in a path or query with 4xx, never 500', async () => {
    const f = await makeFixture(t, owner);
    const urls = [
      `/api/experiments/${f.id}/threads/exp_${f.id}_%00/state`,
      `/api/experiments/${f.id}/threads?status=a%00b`,
      `/api/agents/planner/threads/a%00b/progress`,
      `/api/experiments/${f.id}/bench/reagents?slug=a%00b`,
    ];
    for (const url of urls) {
      const method = url.includes('bench') ? 'DELETE' : 'GET';
      const res = await t.app.inject({ method, url, headers: owner });
      expect(res.statusCode, `${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
      expect(res.json().detail.length).toBeGreaterThan(10);
    }
  });

  // The definition body schema checks each field's type before the reagent form rules run.
  it('PATCH /api/reagents/definitions/:id refuses a description that is a number', async () => {
    const f = await makeFixture(t, owner);
    const before = await dumpTables(t.database);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/reagents/definitions/${f.definitionId}`,
      headers: owner,
      payload: { description: 12345 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('description: must be text');
    expect(await dumpTables(t.database)).toEqual(before);
  });
});
