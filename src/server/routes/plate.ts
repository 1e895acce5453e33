// GET/PUT /api/experiments/{id}/plate: the plate state, and optimistic writes of it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { platePutSchema } from '../../domain/schemas/plate';
import { userOf } from '../auth/request-user';
import { parseOrThrow } from '../errors';
import { staleBody, type PlateAnswer, type PlateService } from '../plate/plate-service';
import { parseExperimentId } from './experiments';

const sendJson = (reply: FastifyReply, status: number, body: Buffer) =>
  reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);

/** A plate state, gzipped when the client accepts it (the gzip is made once per version). */
async function sendPlate(request: FastifyRequest, reply: FastifyReply, answer: PlateAnswer) {
  reply.header('vary', 'accept-encoding');
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    reply.header('content-encoding', 'gzip');
    return sendJson(reply, 200, await answer.gzip());
  }
  return sendJson(reply, 200, answer.body);
}

/** Registers the plate routes (prefix /api/experiments); all need a user. */
export async function plateRoutes(
  app: FastifyInstance,
  options: { plates: PlateService },
): Promise<void> {
  const { plates } = options;
  app.addHook('preHandler', app.requireUser);

  app.get('/:id/plate', async (request, reply) => {
    const id = parseExperimentId((request.params as { id?: string }).id);
    return sendPlate(request, reply, await plates.current(userOf(request).id, id));
  });

  app.put('/:id/plate', async (request, reply) => {
    const id = parseExperimentId((request.params as { id?: string }).id);
    const body = parseOrThrow(platePutSchema, request.body);
    const result = await plates.put(userOf(request).id, id, body);
    if (!result.ok) return sendJson(reply, 409, staleBody(result.current));
    return sendPlate(request, reply, result.answer);
  });
}
