// /api/experiments: list, create, read, update, delete, and the default vehicle.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  experimentCreateSchema,
  experimentParamsSchema,
  experimentSchema,
  experimentUpdateSchema,
  experimentVehicleSchema,
} from '../../domain/schemas/experiment';
import { userOf } from '../auth/request-user';
import { experimentNotFound } from '../errors';
import { toExperimentJson, type ExperimentsRepository } from '../repositories/experiments';

const MAX_ID = 2_147_483_647; // serial is a 32-bit integer

/** The numeric id of an :id parameter; anything else cannot name an experiment (404). */
export function parseExperimentId(raw: unknown): number {
  const text = String(raw ?? '');
  const id = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw experimentNotFound();
  return id;
}

const params = experimentParamsSchema;

/** Registers the experiment routes (prefix /api/experiments); all need a user. */
export async function experimentRoutes(
  app: FastifyInstance,
  options: { experiments: ExperimentsRepository },
): Promise<void> {
  const repo = options.experiments;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Before the body is validated: a caller without a user learns nothing from a 400.
  r.addHook('onRequest', app.requireUser);

  r.get('/', { schema: { response: { 200: z.array(experimentSchema) } } }, async (request) => {
    const rows = await repo.list(userOf(request).id);
    return rows.map(toExperimentJson);
  });

  r.post(
    '/',
    { schema: { body: experimentCreateSchema, response: { 201: experimentSchema } } },
    async (request, reply) => {
      const row = await repo.create(userOf(request).id, request.body);
      return reply.status(201).send(toExperimentJson(row));
    },
  );

  r.get('/:id', { schema: { params, response: { 200: experimentSchema } } }, async (request) => {
    const row = await repo.get(userOf(request).id, parseExperimentId(request.params.id));
    if (!row) throw experimentNotFound();
    return toExperimentJson(row);
  });

  r.put(
    '/:id',
    { schema: { params, body: experimentUpdateSchema, response: { 200: experimentSchema } } },
    async (request) => {
      const id = parseExperimentId(request.params.id);
      const row = await repo.update(userOf(request).id, id, request.body);
      if (!row) throw experimentNotFound();
      return toExperimentJson(row);
    },
  );

  r.patch(
    '/:id/vehicle',
    { schema: { params, body: experimentVehicleSchema, response: { 200: experimentSchema } } },
    async (request) => {
      const id = parseExperimentId(request.params.id);
      const row = await repo.setVehicle(userOf(request).id, id, request.body.vehicle_slug);
      if (!row) throw experimentNotFound();
      return toExperimentJson(row);
    },
  );

  r.delete(
    '/:id',
    { schema: { params, response: { 204: z.null().describe('Deleted') } } },
    async (request, reply) => {
      const removed = await repo.remove(userOf(request).id, parseExperimentId(request.params.id));
      if (!removed) throw experimentNotFound();
      return reply.status(204).send(null);
    },
  );
}
