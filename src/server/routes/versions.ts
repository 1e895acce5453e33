// /api/experiments/{id}/versions: save, list, read and restore plate versions and snapshots.
// A version read and a restore hold a whole plate state: they are sent as JSON text (the
// restore around the plate's cached serialization), so their answer schemas describe the
// document and do not re-serialize the plate.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorAnswers, noFieldsSchema } from '../../domain/schemas/api-error';
import { experimentParamsSchema, idParamSchema } from '../../domain/schemas/experiment';
import {
  versionBodySchema,
  versionCreateSchema,
  versionListSchema,
  versionSnapshotSchema,
  versionSummarySchema,
} from '../../domain/schemas/version';
import { restoreAnswerSchema, versionDetailSchema } from '../../domain/schemas/version-answer';
import { userOf } from '../auth/request-user';
import { parseOrThrow, schemaRefusal } from '../errors';
import type { VersionService } from '../plate/version-service';

const params = experimentParamsSchema;
const versionParams = experimentParamsSchema.extend({
  versionId: idParamSchema('Version not found'),
});
const tags = ['Versions'];

const sendJson = (reply: FastifyReply, body: Buffer | string) =>
  reply.header('content-type', 'application/json; charset=utf-8').send(body);

/** Registers the version routes (prefix /api/experiments); all need a user. */
export async function versionRoutes(
  fastify: FastifyInstance,
  options: { versions: VersionService },
): Promise<void> {
  const { versions } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Before the path and body are validated: a caller without a user learns nothing.
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/:id/versions',
    {
      schema: {
        summary: 'Save a version of the plate (optionally a snapshot of the bench)',
        tags,
        params,
        body: versionBodySchema,
        response: { 201: versionSummarySchema, ...errorAnswers(400, 404) },
      },
      // A refused snapshot is named by its own fields ("label"), as the snapshot's schema
      // says them: the handler reports a refused body itself.
      attachValidation: true,
    },
    async (request, reply) => {
      const refused = request.validationError;
      if (refused && refused.validationContext !== 'body') throw schemaRefusal(refused);
      const { summary } = parseOrThrow(versionCreateSchema, request.body);
      const raw = (request.body as { snapshot?: unknown } | null)?.snapshot;
      const snapshot = raw == null ? null : parseOrThrow(versionSnapshotSchema, raw, 'snapshot');
      const created = await versions.create(userOf(request).id, request.params.id, {
        summary,
        snapshot,
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/:id/versions',
    {
      schema: {
        summary: 'Saved versions, newest first, each with what changed since the one before',
        tags,
        params,
        response: { 200: versionListSchema, ...errorAnswers(404) },
      },
    },
    async (request) => versions.list(userOf(request).id, request.params.id),
  );

  app.get(
    '/:id/versions/:versionId',
    {
      schema: {
        summary: 'One version with its plate state and snapshot',
        tags,
        params: versionParams,
        response: { 200: versionDetailSchema, ...errorAnswers(404) },
      },
    },
    async (request, reply) => {
      const { id, versionId } = request.params;
      return sendJson(
        reply,
        JSON.stringify(await versions.read(userOf(request).id, id, versionId)),
      );
    },
  );

  app.post(
    '/:id/versions/:versionId/restore',
    {
      schema: {
        summary: 'Restore a version as the current plate (and its bench, for a snapshot)',
        tags,
        params: versionParams,
        body: noFieldsSchema,
        response: { 200: restoreAnswerSchema, ...errorAnswers(404) },
      },
    },
    async (request, reply) => {
      const { id, versionId } = request.params;
      return sendJson(reply, await versions.restore(userOf(request).id, id, versionId));
    },
  );
}
