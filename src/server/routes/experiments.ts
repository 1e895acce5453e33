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
import { errorAnswers } from '../../domain/schemas/api-error';
import { userOf } from '../auth/request-user';
import { experimentNotFound } from '../errors';
import { toExperimentJson, type ExperimentsRepository } from '../repositories/experiments';

const params = experimentParamsSchema;
const tags = ['Experiments'];

/** Registers the experiment routes (prefix /api/experiments); all need a user. */
export async function experimentRoutes(
  app: FastifyInstance,
  options: { experiments: ExperimentsRepository },
): Promise<void> {
  const repo = options.experiments;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Before the body is validated: a caller without a user learns nothing from a 400.
  r.addHook('onRequest', app.requireUser);

  r.get(
    '/',
    {
      schema: {
        summary: 'List your experiments, most recently updated first',
        tags,
        response: { 200: z.array(experimentSchema) },
      },
    },
    async (request) => {
      const rows = await repo.list(userOf(request).id);
      return rows.map(toExperimentJson);
    },
  );

  r.post(
    '/',
    {
      schema: {
        summary: 'Create an experiment with an empty plate',
        tags,
        body: experimentCreateSchema,
        response: { 201: experimentSchema, ...errorAnswers(400) },
      },
    },
    async (request, reply) => {
      const row = await repo.create(userOf(request).id, request.body);
      return reply.status(201).send(toExperimentJson(row));
    },
  );

  r.get(
    '/:id',
    {
      schema: {
        summary: 'One experiment',
        tags,
        params,
        response: { 200: experimentSchema, ...errorAnswers(404) },
      },
    },
    async (request) => {
      const row = await repo.get(userOf(request).id, request.params.id);
      if (!row) throw experimentNotFound();
      return toExperimentJson(row);
    },
  );

  r.put(
    '/:id',
    {
      schema: {
        summary: 'Update name, description or plate type',
        tags,
        params,
        body: experimentUpdateSchema,
        response: { 200: experimentSchema, ...errorAnswers(400, 404) },
      },
    },
    async (request) => {
      const id = request.params.id;
      const row = await repo.update(userOf(request).id, id, request.body);
      if (!row) throw experimentNotFound();
      return toExperimentJson(row);
    },
  );

  r.patch(
    '/:id/vehicle',
    {
      schema: {
        summary: 'Set the default vehicle',
        tags,
        params,
        body: experimentVehicleSchema,
        response: { 200: experimentSchema, ...errorAnswers(400, 404) },
      },
    },
    async (request) => {
      const id = request.params.id;
      const row = await repo.setVehicle(userOf(request).id, id, request.body.vehicle_slug);
      if (!row) throw experimentNotFound();
      return toExperimentJson(row);
    },
  );

  r.delete(
    '/:id',
    {
      schema: {
        summary: 'Delete an experiment and everything under it',
        tags,
        params,
        response: { 204: z.null().describe('Deleted'), ...errorAnswers(404) },
      },
    },
    async (request, reply) => {
      const removed = await repo.remove(userOf(request).id, request.params.id);
      if (!removed) throw experimentNotFound();
      return reply.status(204).send(null);
    },
  );
}
