// /api/experiments/{id}/bench/reagents: the reagents on an experiment's bench. Adding one is
// judged by the domain's planReagentCreate (the spec's messages); the stock is stored
// canonically (nM, % apart). Bench edits never rewrite the stored plate: GET /plate computes
// the state with the current bench.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { planReagentCreate } from '../../domain/reagent-validation';
import { benchReagentBodySchema, benchReagentPatchSchema } from '../../domain/schemas/reagent';
import { userOf } from '../auth/request-user';
import { experimentNotFound, HttpError, parseOrThrow } from '../errors';
import { deleteBench, insertBench, listBench, patchBench } from '../repositories/bench';
import { benchInsertOf, benchJsonOf } from '../repositories/bench-json';
import type { ExperimentsRepository } from '../repositories/experiments';
import { parseExperimentId } from './experiments';

const reagentNotFound = (slug: string) =>
  new HttpError(404, `Reagent "${slug}" is not on this experiment's bench`);

const asObject = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/** The reagent a PATCH or DELETE names: path, ?slug= or body slug. */
function slugOf(request: FastifyRequest): string {
  const params = request.params as { slug?: string };
  const query = request.query as { slug?: unknown };
  const body = asObject(request.body);
  const slug = params.slug ?? query.slug ?? body.slug;
  if (typeof slug !== 'string' || slug.trim() === '') {
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
  app.addHook('preHandler', app.requireUser);

  /** The experiment id of the request, once its owner is checked. */
  async function ownedId(request: FastifyRequest): Promise<number> {
    const id = parseExperimentId((request.params as { id?: string }).id);
    if (!(await experiments.get(userOf(request).id, id))) throw experimentNotFound();
    return id;
  }

  app.get('/:id/bench/reagents', async (request) => {
    const id = await ownedId(request);
    return (await listBench(db, id)).map(benchJsonOf);
  });

  app.post(
    '/:id/bench/reagents',
    { schema: { body: benchReagentBodySchema } },
    async (request, reply) => {
      const id = await ownedId(request);
      const plan = planReagentCreate(asObject(request.body), { experimentId: id });
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

  const patch = async (request: FastifyRequest) => {
    const id = await ownedId(request);
    const slug = slugOf(request);
    const { slug: _ignored, ...fields } = asObject(request.body);
    const changes = parseOrThrow(benchReagentPatchSchema, fields);
    const row = await patchBench(db, id, slug, changes);
    if (!row) throw reagentNotFound(slug);
    await experiments.touch(userOf(request).id, id);
    return benchJsonOf(row);
  };
  app.patch('/:id/bench/reagents', patch);
  app.patch('/:id/bench/reagents/:slug', patch);

  const remove = async (request: FastifyRequest, reply: FastifyReply) => {
    const id = await ownedId(request);
    const slug = slugOf(request);
    if (!(await deleteBench(db, id, slug))) throw reagentNotFound(slug);
    await experiments.touch(userOf(request).id, id);
    return reply.status(204).send();
  };
  app.delete('/:id/bench/reagents', remove);
  app.delete('/:id/bench/reagents/:slug', remove);
}
