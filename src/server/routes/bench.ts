// /api/experiments/{id}/bench/reagents: the reagents on an experiment's bench. Adding one is
// judged by the domain's planReagentCreate (the spec's messages); the stock is stored
// canonically (nM, % apart). Bench edits never rewrite the stored plate: GET /plate computes
// the state with the current bench.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../domain/schemas/api-error';
import { experimentParamsSchema } from '../../domain/schemas/experiment';
import { planReagentCreate } from '../../domain/reagent-validation';
import {
  benchReagentBodySchema,
  benchReagentPatchBodySchema,
  benchReagentSchema,
  benchReagentSlugSchema,
} from '../../domain/schemas/reagent';
import { userOf } from '../auth/request-user';
import { experimentNotFound, HttpError } from '../errors';
import { deleteBench, insertBench, listBench, patchBench } from '../repositories/bench';
import { benchInsertOf, benchJsonOf, withCatalogFacts } from '../repositories/bench-json';
import type { ExperimentsRepository } from '../repositories/experiments';

const reagentNotFound = (slug: string) =>
  new HttpError(404, `Reagent "${slug}" is not on this experiment's bench`);

const tags = ['Bench'];
const params = experimentParamsSchema.extend({ slug: z.string().optional() });
const slugQuery = z.object({ slug: z.string().max(200).optional() });

/** The reagent a PATCH or DELETE names: path, ?slug= or body slug. */
function slugOf(...candidates: (string | undefined)[]): string {
  const slug = candidates.find((c) => c !== undefined);
  if (slug === undefined || slug.trim() === '') {
    throw new HttpError(400, 'Name the reagent: slug is required', [
      { path: 'slug', message: 'is required' },
    ]);
  }
  return slug.trim();
}

/** Registers the bench routes (prefix /api/experiments); all need a user. */
export async function benchRoutes(
  app: FastifyInstance,
  options: { experiments: ExperimentsRepository },
): Promise<void> {
  const { experiments } = options;
  const db = app.database.db;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  /** The experiment id of the request, once its owner is checked. */
  async function ownedId(request: FastifyRequest, id: number): Promise<number> {
    if (!(await experiments.get(userOf(request).id, id))) throw experimentNotFound();
    return id;
  }

  r.get(
    '/:id/bench/reagents',
    {
      schema: {
        summary: 'Bench reagents of the experiment',
        tags,
        params,
        response: { 200: z.array(benchReagentSchema), ...errorAnswers(404) },
      },
    },
    async (request) => {
      const id = await ownedId(request, request.params.id);
      return (await listBench(db, id)).map(benchJsonOf);
    },
  );

  r.post(
    '/:id/bench/reagents',
    {
      schema: {
        summary: 'Add a reagent to the bench',
        tags,
        params,
        body: benchReagentBodySchema,
        response: { 201: benchReagentSchema, ...errorAnswers(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const id = await ownedId(request, request.params.id);
      const plan = planReagentCreate(withCatalogFacts(request.body), { experimentId: id });
      if (!plan.ok) {
        throw new HttpError(
          400,
          plan.errors[0]?.message ?? 'Invalid reagent',
          plan.errors.map((e) => ({ path: e.field, message: e.message })),
        );
      }
      const row = await insertBench(db, benchInsertOf(id, plan.payload));
      if (!row) throw new HttpError(409, `${plan.payload.name} is already on the bench`);
      await experiments.touch(userOf(request).id, id);
      return reply.status(201).send(benchJsonOf(row));
    },
  );

  const patchSchema = {
    summary: 'Change limits of a bench reagent (named by the path, ?slug= or the body)',
    tags,
    params,
    querystring: slugQuery,
    body: benchReagentPatchBodySchema,
    response: { 200: benchReagentSchema, ...errorAnswers(400, 404) },
  };
  for (const path of ['/:id/bench/reagents', '/:id/bench/reagents/:slug']) {
    r.patch(path, { schema: patchSchema }, async (request) => {
      const id = await ownedId(request, request.params.id);
      const { slug: bodySlug, ...changes } = request.body;
      const slug = slugOf(request.params.slug, request.query.slug, bodySlug);
      const row = await patchBench(db, id, slug, changes);
      if (!row) throw reagentNotFound(slug);
      await experiments.touch(userOf(request).id, id);
      return benchJsonOf(row);
    });
  }

  const removeSchema = {
    summary: 'Remove a bench reagent (named by the path, ?slug= or the body)',
    tags,
    params,
    querystring: slugQuery,
    body: benchReagentSlugSchema,
    response: { 204: z.null().describe('Removed'), ...errorAnswers(400, 404) },
  };
  for (const path of ['/:id/bench/reagents', '/:id/bench/reagents/:slug']) {
    r.delete(path, { schema: removeSchema }, async (request, reply) => {
      const id = await ownedId(request, request.params.id);
      const slug = slugOf(request.params.slug, request.query.slug, request.body.slug);
      if (!(await deleteBench(db, id, slug))) throw reagentNotFound(slug);
      await experiments.touch(userOf(request).id, id);
      return reply.status(204).send(null);
    });
  }
}
