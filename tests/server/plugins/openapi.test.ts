import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { openapiPath, ROUTES } from '../route-catalog';

type Operation = { summary?: string; tags?: string[] };

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => {
    await t?.close();
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        key: `${method.toUpperCase()} ${path}`,
        op,
      })),
    );

  it('is OpenAPI 3', () => {
    expect(doc.openapi).toMatch(/^3\./);
  });

  it('lists every route of the API contract with its method', () => {
    const documented = new Set(operations().map((o) => o.key));
    const missing = ROUTES.map((r) => `${r.method} ${openapiPath(r.path)}`).filter(
      (key) => !documented.has(key),
    );
    expect(missing).toEqual([]);
  });

  it('documents no route the contract does not know', () => {
    const known = new Set(ROUTES.map((r) => `${r.method} ${openapiPath(r.path)}`));
    // /api/experiments answers with and without the trailing slash: one route, two spellings.
    const unknown = operations()
      .map((o) => o.key)
      .filter((key) => !known.has(key) && !known.has(`${key}/`));
    expect(unknown).toEqual([]);
  });

  it('gives every operation a summary and tags', () => {
    const bare = operations()
      .filter(({ op }) => !op.summary || !op.tags?.length)
      .map((o) => o.key);
    expect(bare).toEqual([]);
  });
});
