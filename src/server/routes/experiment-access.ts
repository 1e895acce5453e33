// The owner check every route under /api/experiments/{id} starts with.
import type { FastifyRequest } from 'fastify';
import { userOf } from '../auth/request-user';
import { experimentNotFound } from '../errors';
import type { ExperimentRow, ExperimentsRepository } from '../repositories/experiments';
import { parseExperimentId } from './experiments';

/** The experiment of the :id parameter if the caller owns it; otherwise a 404. */
export async function ownedExperiment(
  experiments: ExperimentsRepository,
  request: FastifyRequest,
): Promise<ExperimentRow> {
  const id = parseExperimentId((request.params as { id?: string }).id);
  const row = await experiments.get(userOf(request).id, id);
  if (!row) throw experimentNotFound();
  return row;
}
