// /api/experiments/{id}/versions: save, list, read and restore plate versions and snapshots.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { versionCreateSchema, versionSnapshotSchema } from '../../domain/schemas/version';
import { userOf } from '../auth/request-user';
import { parseOrThrow } from '../errors';
import { versionNotFound, type VersionService } from '../plate/version-service';
import { parseExperimentId } from './experiments';

type Params = { id?: string; versionId?: string };

const ids = (request: FastifyRequest) => {
  const params = request.params as Params;
  const experimentId = parseExperimentId(params.id);
  const text = String(params.versionId ?? '');
  const versionId = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  return { experimentId, versionId };
};

/** Registers the version routes (prefix /api/experiments); all need a user. */
export async function versionRoutes(
  app: FastifyInstance,
  options: { versions: VersionService },
): Promise<void> {
  const { versions } = options;
  app.addHook('preHandler', app.requireUser);

  app.post('/:id/versions', async (request, reply) => {
    const { experimentId } = ids(request);
    const { summary } = parseOrThrow(versionCreateSchema, request.body);
    const raw = (request.body as { snapshot?: unknown } | null)?.snapshot;
    const snapshot = raw == null ? null : parseOrThrow(versionSnapshotSchema, raw, 'snapshot');
    const created = await versions.create(userOf(request).id, experimentId, { summary, snapshot });
    return reply.status(201).send(created);
  });

  app.get('/:id/versions', async (request) => {
    const { experimentId } = ids(request);
    return versions.list(userOf(request).id, experimentId);
  });

  app.get('/:id/versions/:versionId', async (request) => {
    const { experimentId, versionId } = ids(request);
    if (Number.isNaN(versionId)) {
      await versions.list(userOf(request).id, experimentId); // 404 for someone else's first
      throw versionNotFound();
    }
    return versions.read(userOf(request).id, experimentId, versionId);
  });

  app.post('/:id/versions/:versionId/restore', async (request, reply) => {
    const { experimentId, versionId } = ids(request);
    if (Number.isNaN(versionId)) {
      await versions.list(userOf(request).id, experimentId);
      throw versionNotFound();
    }
    const json = await versions.restore(userOf(request).id, experimentId, versionId);
    return reply.header('content-type', 'application/json; charset=utf-8').send(json);
  });
}
