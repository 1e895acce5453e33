// GET/PUT /api/experiments/{id}/plate: the plate state, and optimistic writes of it.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { platePutSchema } from '../../domain/schemas/plate';
import { userOf } from '../auth/request-user';
import { parseOrThrow } from '../errors';
import { staleBody, type PlateService } from '../plate/plate-service';
import { parseExperimentId } from './experiments';

const sendJson = (reply: FastifyReply, status: number, json: string) =>
  reply.status(status).header('content-type', 'application/json; charset=utf-8').send(json);

/** Registers the plate routes (prefix /api/experiments); all need a user. */
export async function plateRoutes(
  app: FastifyInstance,
  options: { plates: PlateService },
): Promise<void> {
  const { plates } = options;
  app.addHook('preHandler', app.requireUser);

  app.get('/:id/plate', async (request, reply) => {
    const id = parseExperimentId((request.params as { id?: string }).id);
    const answer = await plates.current(userOf(request).id, id);
    return sendJson(reply, 200, answer.json);
  });

  app.put('/:id/plate', async (request, reply) => {
    const id = parseExperimentId((request.params as { id?: string }).id);
    const body = parseOrThrow(platePutSchema, request.body);
    const result = await plates.put(userOf(request).id, id, body);
    if (!result.ok) return sendJson(reply, 409, staleBody(result.current));
    return sendJson(reply, 200, result.answer.json);
  });
}
