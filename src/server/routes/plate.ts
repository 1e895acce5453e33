// /api/experiments/{id}/plate: GET the plate state (full, compact, or the changes since a
// version), PUT the whole plate, PATCH ops; writes are optimistic on the version.
//
// The answers are sent as JSON text the plate service made (the full state of a 1536-well
// plate is serialized once per version and kept with its gzip): fastify sends text as it is,
// so the answer schemas declared here describe the document (OpenAPI, the client's types)
// and never re-serialize a plate on each request.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, errorAnswers } from '../../domain/schemas/api-error';
import { experimentParamsSchema } from '../../domain/schemas/experiment';
import { platePutSchema } from '../../domain/schemas/plate';
import {
  opRefusedSchema,
  patchStaleSchema,
  platePatchedSchema,
  plateReadSchema,
  plateStateSchema,
  putStaleSchema,
} from '../../domain/schemas/plate-answer';
import { platePatchSchema } from '../../domain/schemas/plate-ops';
import { userOf } from '../auth/request-user';
import { schemaRefusal } from '../errors';
import { staleBody, type PlateAnswer, type PlateService } from '../plate/plate-service';

const sendJson = (reply: FastifyReply, status: number, body: Buffer | string) =>
  reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);

/** A serialized plate, gzipped when the client accepts it (the gzip is made once). */
async function sendPlate(request: FastifyRequest, reply: FastifyReply, answer: PlateAnswer) {
  reply.header('vary', 'accept-encoding');
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    reply.header('content-encoding', 'gzip');
    return sendJson(reply, 200, await answer.gzip());
  }
  return sendJson(reply, 200, answer.body);
}

const params = experimentParamsSchema;
const plateQuery = z.object({
  form: z.enum(['full', 'compact']).optional(),
  since: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a plate version')
    .transform(Number)
    .optional(),
});
const tags = ['Plate'];

/** The op a PATCH body's failed path points at ("ops.3.wells" -> 3), if any. */
function opIndexOf(path: string): number | undefined {
  const m = /^ops\.(\d+)(\.|$)/.exec(path);
  return m ? Number(m[1]) : undefined;
}

/** The 400 of a PATCH body its schema refused: the first issue, and the op it is in. */
function patchRefusal(body: unknown) {
  const parsed = platePatchSchema.safeParse(body ?? {});
  const issues = parsed.error?.issues ?? [];
  const issue = issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  const opIndex = opIndexOf(path);
  const ops = (body as { ops?: unknown[] } | null)?.ops;
  const op = opIndex === undefined ? undefined : (ops?.[opIndex] as { op?: unknown } | null)?.op;
  return {
    detail: `Invalid request body: ${path ? `${path} ` : ''}${issue?.message ?? 'is invalid'}`,
    ...(opIndex !== undefined && { op_index: opIndex, op: typeof op === 'string' ? op : null }),
    issues: issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
  };
}

/** Registers the plate routes (prefix /api/experiments); all need a user. */
export async function plateRoutes(
  fastify: FastifyInstance,
  options: { plates: PlateService },
): Promise<void> {
  const { plates } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Before the path and body are validated: a caller without a user learns nothing.
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/:id/plate',
    {
      schema: {
        summary:
          'The plate: full state, compact form (?form=compact) or changes since a version (?since=)',
        tags,
        params,
        querystring: plateQuery,
        response: {
          200: plateReadSchema,
          ...errorAnswers(400, 404),
          410: apiErrorSchema.describe('The plate log does not reach back: read the whole plate'),
        },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const user = userOf(request).id;
      if (request.query.since !== undefined) {
        return sendJson(
          reply,
          200,
          JSON.stringify(await plates.since(user, id, request.query.since)),
        );
      }
      const answer =
        request.query.form === 'compact'
          ? await plates.compact(user, id)
          : await plates.current(user, id);
      return sendPlate(request, reply, answer);
    },
  );

  app.put(
    '/:id/plate',
    {
      schema: {
        summary: 'Save the whole plate based on a version (409 with the plate now when stale)',
        tags,
        params,
        body: platePutSchema,
        response: { 200: plateStateSchema, ...errorAnswers(400, 404), 409: putStaleSchema },
      },
    },
    async (request, reply) => {
      const result = await plates.put(userOf(request).id, request.params.id, request.body);
      if (!result.ok) return sendJson(reply, 409, staleBody(result.current));
      return sendPlate(request, reply, result.answer);
    },
  );

  app.patch(
    '/:id/plate',
    {
      schema: {
        summary:
          'Apply ops to the plate based on a version (409 with the changes since when stale)',
        tags,
        params,
        body: platePatchSchema,
        response: {
          200: platePatchedSchema,
          400: opRefusedSchema,
          ...errorAnswers(404),
          409: patchStaleSchema,
        },
      },
      // The handler answers a refused body itself: someone else's plate is a 404 first, and
      // the 400 names the op the refused field is in.
      attachValidation: true,
    },
    async (request, reply) => {
      const refused = request.validationError;
      if (refused && refused.validationContext !== 'body') throw schemaRefusal(refused);
      const id = request.params.id;
      if (refused) {
        await plates.head(userOf(request).id, id); // 404 for someone else's experiment
        return sendJson(reply, 400, JSON.stringify(patchRefusal(request.body)));
      }
      const result = await plates.patch(userOf(request).id, id, request.body);
      if (!result.ok) return sendJson(reply, result.status, JSON.stringify(result.body));
      return sendJson(reply, 200, JSON.stringify(result.answer));
    },
  );
}
