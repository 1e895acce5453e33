// The owner check every route under /api/experiments/{id} starts with.
import type { FastifyRequest } from 'fastify';
import { userOf } from '../auth/request-user';
import { experimentNotFound } from '../errors';
import type { ExperimentRow, ExperimentsRepository } from '../repositories/experiments';

/**
 * The experiment of the :id parameter if the caller owns it; otherwise a 404. The route's
 * params schema (experimentParamsSchema) has made the id a number, or answered 404.
 */
export async function ownedExperiment(
  experiments: ExperimentsRepository,
  request: FastifyRequest & { params: { id: number } },
): Promise<ExperimentRow> {
  const id = request.params.id;
  const row = await experiments.get(userOf(request).id, id);
  if (!row) throw experimentNotFound();
  return row;
}
