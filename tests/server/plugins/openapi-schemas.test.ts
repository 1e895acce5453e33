// The OpenAPI document describes every body and answer: each route of the catalog that takes
// a JSON body documents it, and each route documents the schema of its success answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { openapiPath, ROUTES, type RouteCase } from '../route-catalog';

interface Operation {
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> } | undefined>;
}

describe('OpenAPI schemas', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    paths = (await t.app.inject({ url: '/api/openapi.json' })).json().paths;
  });
  afterAll(async () => {
    await t?.close();
  });

  const operation = (route: RouteCase): Operation | undefined =>
    paths[openapiPath(route.path)]?.[route.method.toLowerCase()];

  it('documents the JSON body of every route that takes one', () => {
    const missing = ROUTES.filter((r) => r.body)
      .filter((r) => !operation(r)?.requestBody?.content?.['application/json']?.schema)
      .map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
  });

  it('documents the answer of every route', () => {
    const missing = ROUTES.filter((r) => {
      const answer = operation(r)?.responses?.[String(r.ok)];
      // 204 answers have no body; the others describe theirs.
      const schemas = Object.values(answer?.content ?? {}).map((c) => c.schema);
      return !answer || (r.ok !== 204 && !schemas.some(Boolean));
    }).map((r) => `${r.method} ${r.path} ${r.ok}`);
    expect(missing).toEqual([]);
  });

  it('names a body field with its type and bounds (ph of a bench reagent)', () => {
    const route = ROUTES.find(
      (r) => r.method === 'POST' && r.path === '/api/experiments/:id/bench/reagents',
    )!;
    const schema = operation(route)?.requestBody?.content?.['application/json']?.schema as {
      properties?: Record<string, { anyOf?: { type?: string; maximum?: number }[] }>;
    };
    const ph = JSON.stringify(schema?.properties?.ph);
    expect(ph).toContain('"maximum":14');
  });
});
