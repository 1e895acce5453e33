// The OpenAPI document declares every operation: a body schema for each method that takes
// one, and an answer schema for each answer it lists. It reads the document itself, so a
// route added without declarations fails here whatever the route catalog says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

interface Answer {
  content?: Record<string, { schema?: unknown }>;
}
interface Operation {
  parameters?: unknown[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, Answer>;
}

const WITH_BODY = new Set(['post', 'put', 'patch']);

describe('OpenAPI document is complete', () => {
  let t: TestApp;
  let operations: { key: string; path: string; method: string; op: Operation }[];

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        key: `${method.toUpperCase()} ${path}`,
        path,
        method,
        op,
      })),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('documents a body for every POST, PUT and PATCH', () => {
    const bare = operations
      .filter(({ method }) => WITH_BODY.has(method))
      .filter(({ op }) => !Object.values(op.requestBody?.content ?? {}).some((c) => c.schema))
      .map((o) => o.key);
    expect(bare).toEqual([]);
  });

  it('documents a success answer with its schema for every operation', () => {
    const bare = operations
      .filter(({ op }) => {
        const success = Object.entries(op.responses ?? {}).filter(([status]) =>
          status.startsWith('2'),
        );
        if (success.length === 0) return true;
        // 204 answers carry no body; the others describe theirs.
        return success.some(
          ([status, answer]) =>
            status !== '204' && !Object.values(answer.content ?? {}).some((c) => c.schema),
        );
      })
      .map((o) => o.key);
    expect(bare).toEqual([]);
  });
  it('documents the schema of every answer it lists, errors included', () => {
    const bare = operations.flatMap(({ key, op }) =>
      Object.entries(op.responses ?? {})
        .filter(([status]) => status !== '204')
        .filter(([, answer]) => !Object.values(answer.content ?? {}).some((c) => c.schema))
        .map(([status]) => `${key} ${status}`),
    );
    expect(bare).toEqual([]);
  });

  it('lists a 400 where the request can be refused and a 404 where the path names something', () => {
    const without = operations.flatMap(({ key, path, op }) => [
      ...(((op.parameters ?? []).length > 0 || op.requestBody) && !op.responses?.['400']
        ? [`${key} 400`]
        : []),
      ...(path.includes('{') && !op.responses?.['404'] ? [`${key} 404`] : []),
    ]);
    expect(without).toEqual([]);
  });
});
