// /api/reagents: the catalog search and reagent definitions (private or public). Stocks are
// in reagent-stocks.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { planReagentCreate } from '../../domain/reagent-validation';
import { serverReagentTypeSchema } from '../../domain/schemas/reagent';
import { userOf } from '../auth/request-user';
import type { ReagentCatalog } from '../catalog/reagent-catalog';
import { HttpError, parseOrThrow } from '../errors';
import { slugFromName } from '../repositories/bench-json';
import {
  definitionJsonOf,
  definitionValuesOf,
  type DefinitionRow,
  type DefinitionsRepository,
  type Visibility,
} from '../repositories/definitions';

const optionalType = z.preprocess(
  (v) => (v === '' ? undefined : v),
  serverReagentTypeSchema.optional(),
);

const catalogQuerySchema = z.object({
  q: z.string().max(200, 'must be at most 200 characters').optional(),
  reagent_type: optionalType,
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

const definitionQuerySchema = z.object({
  visibility: z
    .enum(['private', 'public', 'all'], { error: 'must be private, public or all' })
    .default('all'),
  reagent_type: optionalType,
  search: z.string().trim().max(200).optional(),
});

const visibilitySchema = z.enum(['private', 'public'], { error: 'must be private or public' });

/** 404 for a definition this user may not read (someone else's private one looks missing). */
export const definitionNotFound = () => new HttpError(404, 'Reagent definition not found');

/** The numeric id of a route parameter, or a 404 from `notFound`. */
export function idParam(raw: unknown, notFound: () => HttpError): number {
  const text = String(raw ?? '');
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw notFound();
  return Number(text);
}

const asObject = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

const aliasesOf = (value: unknown, fallback: string[] = []): string[] =>
  Array.isArray(value)
    ? value
        .filter((a): a is string => typeof a === 'string' && a.trim() !== '')
        .map((a) => a.trim())
        .slice(0, 50)
    : fallback;

/** Validates a definition body with the add-reagent rules (definitions need no experiment). */
function planDefinition(body: Record<string, unknown>) {
  const plan = planReagentCreate(body, { experimentId: 'definition' });
  if (!plan.ok) {
    throw new HttpError(
      400,
      plan.errors[0]?.message ?? 'Invalid reagent',
      plan.errors.map((e) => ({ path: e.field, message: e.message })),
    );
  }
  return plan.payload;
}

/** 403 unless this user owns the definition (public ones are readable, not writable, by all). */
function ownedBy(request: FastifyRequest, row: DefinitionRow): void {
  if (row.ownerId !== userOf(request).id) {
    throw new HttpError(403, 'Only the owner of this reagent definition can change it');
  }
}

/** Registers catalog and definition routes (prefix /api/reagents); all need a user. */
export async function reagentRoutes(
  app: FastifyInstance,
  options: { catalog: ReagentCatalog; definitions: DefinitionsRepository },
): Promise<void> {
  const { catalog, definitions } = options;
  app.addHook('preHandler', app.requireUser);

  async function readable(request: FastifyRequest): Promise<DefinitionRow> {
    const id = idParam((request.params as { id?: string }).id, definitionNotFound);
    const row = await definitions.get(userOf(request).id, id);
    if (!row) throw definitionNotFound();
    return row;
  }

  app.get('/catalog', async (request) => {
    const query = parseOrThrow(catalogQuerySchema, request.query, 'query');
    return catalog.search({
      q: query.q,
      reagentType: query.reagent_type,
      limit: query.limit ?? 50,
    });
  });

  app.get('/definitions', async (request) => {
    const query = parseOrThrow(definitionQuerySchema, request.query, 'query');
    const user = userOf(request).id;
    const rows = await definitions.list(user, {
      visibility: query.visibility,
      reagentType: query.reagent_type,
      search: query.search || null,
    });
    return rows.map((row) => definitionJsonOf(row, user));
  });

  app.post('/definitions', async (request, reply) => {
    const body = asObject(request.body);
    const visibility: Visibility = parseOrThrow(
      z.object({ visibility: visibilitySchema.default('private') }),
      body,
    ).visibility;
    const payload = planDefinition(body);
    const values = definitionValuesOf(
      payload,
      payload.slug ?? slugFromName(payload.name),
      aliasesOf(body.aliases),
    );
    const user = userOf(request).id;
    const row = await definitions.create(user, visibility, values);
    if (visibility === 'public') catalog.invalidate();
    return reply.status(201).send(definitionJsonOf(row, user));
  });

  app.get('/definitions/:id', async (request) =>
    definitionJsonOf(await readable(request), userOf(request).id),
  );

  app.patch('/definitions/:id', async (request) => {
    const row = await readable(request);
    ownedBy(request, row);
    const body = asObject(request.body);
    const visibility: Visibility = parseOrThrow(
      z.object({ visibility: visibilitySchema.default(row.visibility) }),
      body,
    ).visibility;
    const current = row.data as Record<string, unknown>;
    const payload = planDefinition({ ...current, ...body });
    const values = definitionValuesOf(
      payload,
      payload.slug ?? row.slug,
      aliasesOf(body.aliases, aliasesOf(current.aliases)),
    );
    const user = userOf(request).id;
    const updated = await definitions.update(user, row.id, visibility, values);
    if (!updated) throw definitionNotFound();
    if (visibility === 'public' || row.visibility === 'public') catalog.invalidate();
    return definitionJsonOf(updated, user);
  });

  app.delete('/definitions/:id', async (request, reply) => {
    const row = await readable(request);
    ownedBy(request, row);
    if (!(await definitions.remove(userOf(request).id, row.id))) throw definitionNotFound();
    if (row.visibility === 'public') catalog.invalidate();
    return reply.status(204).send();
  });
}
