// /api/reagents: the catalog search and reagent definitions (private or public). Stocks are
// in reagent-stocks.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { planReagentCreate } from '../../domain/reagent-validation';
import { idParamSchema } from '../../domain/schemas/experiment';
import {
  catalogItemSchema,
  definitionBodySchema,
  definitionSchema,
  serverReagentTypeSchema,
} from '../../domain/schemas/reagent';
import { userOf } from '../auth/request-user';
import type { ReagentCatalog } from '../catalog/reagent-catalog';
import { HttpError } from '../errors';
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

const idParams = z.object({ id: idParamSchema('Reagent definition not found') });
const tags = ['Reagents'];

/** 404 for a definition this user may not read (someone else's private one looks missing). */
export const definitionNotFound = () => new HttpError(404, 'Reagent definition not found');

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
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  async function readable(request: FastifyRequest, id: number): Promise<DefinitionRow> {
    const row = await definitions.get(userOf(request).id, id);
    if (!row) throw definitionNotFound();
    return row;
  }

  r.get(
    '/catalog',
    {
      schema: {
        summary: 'Search the reagent catalog',
        tags,
        querystring: catalogQuerySchema,
        response: { 200: z.array(catalogItemSchema) },
      },
    },
    async (request) => {
      const query = request.query;
      return catalog.search({
        q: query.q,
        reagentType: query.reagent_type,
        limit: query.limit ?? 50,
      });
    },
  );

  r.get(
    '/definitions',
    {
      schema: {
        summary: 'Reagent definitions (visibility, reagent_type, search)',
        tags,
        querystring: definitionQuerySchema,
        response: { 200: z.array(definitionSchema) },
      },
    },
    async (request) => {
      const query = request.query;
      const user = userOf(request).id;
      const rows = await definitions.list(user, {
        visibility: query.visibility,
        reagentType: query.reagent_type,
        search: query.search || null,
      });
      return rows.map((row) => definitionJsonOf(row, user));
    },
  );

  r.post(
    '/definitions',
    {
      schema: {
        summary: 'Create a reagent definition',
        tags,
        body: definitionBodySchema,
        response: { 201: definitionSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const visibility: Visibility = body.visibility ?? 'private';
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
    },
  );

  r.get(
    '/definitions/:id',
    {
      schema: {
        summary: 'One reagent definition',
        tags,
        params: idParams,
        response: { 200: definitionSchema },
      },
    },
    async (request) =>
      definitionJsonOf(await readable(request, request.params.id), userOf(request).id),
  );

  r.patch(
    '/definitions/:id',
    {
      schema: {
        summary: 'Update a reagent definition',
        tags,
        params: idParams,
        body: definitionBodySchema,
        response: { 200: definitionSchema },
      },
    },
    async (request) => {
      const row = await readable(request, request.params.id);
      ownedBy(request, row);
      const body = request.body;
      const visibility: Visibility = body.visibility ?? row.visibility;
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
    },
  );

  r.delete(
    '/definitions/:id',
    {
      schema: {
        summary: 'Delete a reagent definition',
        tags,
        params: idParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const row = await readable(request, request.params.id);
      ownedBy(request, row);
      if (!(await definitions.remove(userOf(request).id, row.id))) throw definitionNotFound();
      if (row.visibility === 'public') catalog.invalidate();
      return reply.status(204).send(null);
    },
  );
}
