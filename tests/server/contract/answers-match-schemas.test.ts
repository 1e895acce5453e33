// The plate and version answers are sent as JSON text the server made (not through their
// schemas), so nothing else checks that they say what the OpenAPI document says: this test
// reads each one from a real server and parses it with its declared schema, field by field
// (strict objects: a field the schema does not name fails too).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  compactPlateSchema,
  plateChangesSchema,
  platePatchedSchema,
  plateStateSchema,
} from '../../../src/domain/schemas/plate-answer';
import { versionListSchema, versionSummarySchema } from '../../../src/domain/schemas/version';
import {
  restoreAnswerSchema,
  versionDetailSchema,
} from '../../../src/domain/schemas/version-answer';
import { createTestApp, userHeaders, type TestApp } from '../helpers';
import { call, experimentWithBench } from '../plate-fixtures';

/** The schema with every object strict, so that an undeclared field is refused. */
function strict(schema: z.ZodType): z.ZodType {
  const s = schema as z.ZodType & { def: Record<string, unknown> };
  if (s instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(s.shape as Record<string, z.ZodType>).map(([k, v]) => [k, strict(v)]),
    );
    return s.def.catchall ? z.looseObject(shape) : z.strictObject(shape);
  }
  if (s instanceof z.ZodArray) return z.array(strict(s.element as z.ZodType));
  if (s instanceof z.ZodRecord) return z.record(z.string(), strict(s.valueType as z.ZodType));
  if (s instanceof z.ZodNullable) return strict(s.unwrap() as z.ZodType).nullable();
  if (s instanceof z.ZodOptional) return strict(s.unwrap() as z.ZodType).optional();
  if (s instanceof z.ZodUnion) return z.union((s.options as z.ZodType[]).map(strict));
  return s;
}

/** Checks that a body parses with the strict form of its schema, naming each issue. */
function conforms(schema: z.ZodType, body: unknown) {
  const result = strict(schema).safeParse(body);
  expect(result.error?.issues ?? []).toEqual([]);
}

const base = (id: number) => `/api/experiments/${id}`;

const WELL = {
  targets: {
    staurosporine: { target_nM: 10000, volume_uL: 0.5 },
    'assay-medium': { target_nM: null, volume_uL: 49.5 },
  },
  label: 'top',
  tags: ['NEG'],
};

describe('answers match their declared schemas', () => {
  let t: TestApp;
  let owner: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    owner = await userHeaders();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('plate: full, compact, since, PUT and PATCH', async () => {
    const id = await experimentWithBench(t.app, owner);
    const put = await call(t.app, 'PUT', `${base(id)}/plate`, owner, {
      version: 0,
      defn: { format: 384 },
      wells: { B2: WELL, C3: WELL },
    });
    expect(put.statusCode).toBe(200);
    conforms(plateStateSchema, put.json());
    conforms(plateStateSchema, (await call(t.app, 'GET', `${base(id)}/plate`, owner)).json());
    const compact = await call(t.app, 'GET', `${base(id)}/plate?form=compact`, owner);
    conforms(compactPlateSchema, compact.json());
    const patched = await call(t.app, 'PATCH', `${base(id)}/plate`, owner, {
      version: 1,
      ops: [{ op: 'label', wells: ['B2', 'D4'], label: 'x' }],
    });
    expect(patched.statusCode).toBe(200);
    conforms(platePatchedSchema, patched.json());
    const since = await call(t.app, 'GET', `${base(id)}/plate?since=0`, owner);
    conforms(plateChangesSchema, since.json());
  });

  it('versions: create, list, read and restore', async () => {
    const id = await experimentWithBench(t.app, owner);
    await call(t.app, 'PUT', `${base(id)}/plate`, owner, {
      version: 0,
      defn: { format: 96 },
      wells: { A1: WELL },
    });
    const created = await call(t.app, 'POST', `${base(id)}/versions`, owner, {
      summary: 'one',
      snapshot: { label: 'Snap', subsection: 0, plate_type: '96', inventory: [] },
    });
    expect(created.statusCode).toBe(201);
    conforms(versionSummarySchema, created.json());
    conforms(versionListSchema, (await call(t.app, 'GET', `${base(id)}/versions`, owner)).json());
    const vid = created.json().id;
    const read = await call(t.app, 'GET', `${base(id)}/versions/${vid}`, owner);
    conforms(versionDetailSchema, read.json());
    const restored = await call(t.app, 'POST', `${base(id)}/versions/${vid}/restore`, owner);
    expect(restored.statusCode).toBe(200);
    conforms(restoreAnswerSchema, restored.json());
  });
});
