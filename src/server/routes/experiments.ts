// /api/experiments: list, create, read, update, delete, and the default vehicle.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  experimentCreateSchema,
  experimentUpdateSchema,
  experimentVehicleSchema,
} from '../../domain/schemas/experiment';
import { userOf } from '../auth/request-user';
import { experimentNotFound, parseOrThrow } from '../errors';
import { toExperimentJson, type ExperimentsRepository } from '../repositories/experiments';

const MAX_ID = 2_147_483_647; // serial is a 32-bit integer

/** The numeric id of an :id parameter; anything else cannot name an experiment (404). */
export function parseExperimentId(raw: unknown): number {
  const text = String(raw ?? '');
  const id = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw experimentNotFound();
  return id;
}

const idOf = (request: FastifyRequest) => parseExperimentId((request.params as { id?: string }).id);

/** Registers the experiment routes (prefix /api/experiments); all need a user. */
export async function experimentRoutes(
  app: FastifyInstance,
  options: { experiments: ExperimentsRepository },
): Promise<void> {
  const repo = options.experiments;
  app.addHook('preHandler', app.requireUser);

  app.get('/', async (request) => {
    const rows = await repo.list(userOf(request).id);
    return rows.map(toExperimentJson);
  });

  app.post('/', async (request, reply) => {
    const input = parseOrThrow(experimentCreateSchema, request.body);
    const row = await repo.create(userOf(request).id, input);
    return reply.status(201).send(toExperimentJson(row));
  });

  app.get('/:id', async (request) => {
    const row = await repo.get(userOf(request).id, idOf(request));
    if (!row) throw experimentNotFound();
    return toExperimentJson(row);
  });

  app.put('/:id', async (request) => {
    const id = idOf(request);
    const changes = parseOrThrow(experimentUpdateSchema, request.body);
    const row = await repo.update(userOf(request).id, id, changes);
    if (!row) throw experimentNotFound();
    return toExperimentJson(row);
  });

  app.patch('/:id/vehicle', async (request) => {
    const id = idOf(request);
    const { vehicle_slug } = parseOrThrow(experimentVehicleSchema, request.body);
    const row = await repo.setVehicle(userOf(request).id, id, vehicle_slug);
    if (!row) throw experimentNotFound();
    return toExperimentJson(row);
  });

  app.delete('/:id', async (request, reply) => {
    const removed = await repo.remove(userOf(request).id, idOf(request));
    if (!removed) throw experimentNotFound();
    return reply.status(204).send();
  });
}
