// /api/experiments/{id}/plate: GET the plate state (full, compact, or the changes since a
// version), PUT the whole plate, PATCH ops; writes are optimistic on the version.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { platePutSchema } from '../../domain/schemas/plate';
import { platePatchSchema } from '../../domain/schemas/plate-ops';
import { userOf } from '../auth/request-user';
import { parseOrThrow } from '../errors';
import { staleBody, type PlateAnswer, type PlateService } from '../plate/plate-service';
import { parseExperimentId } from './experiments';

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

const params = z.object({ id: z.string().max(20) });
const plateQuery = z.object({
  form: z.enum(['full', 'compact']).optional(),
  since: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a plate version')
    .transform(Number)
    .optional(),
});

/** The op a PATCH body's failed path points at ("ops.3.wells" -> 3), if any. */
function opIndexOf(path: string): number | undefined {
  const m = /^ops\.(\d+)(\.|$)/.exec(path);
  return m ? Number(m[1]) : undefined;
}

/** Registers the plate routes (prefix /api/experiments); all need a user. */
export async function plateRoutes(
  fastify: FastifyInstance,
  options: { plates: PlateService },
): Promise<void> {
  const { plates } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/:id/plate',
    {
      schema: {
        summary:
          'The plate: full state, compact form (?form=compact) or changes since a version (?since=)',
        tags: ['Plate'],
        params,
        querystring: plateQuery,
      },
    },
    async (request, reply) => {
      const id = parseExperimentId(request.params.id);
      const user = userOf(request).id;
      if (request.query.since !== undefined) {
        return reply.send(await plates.since(user, id, request.query.since));
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
        summary: 'Save the whole plate based on a version (409 when stale)',
        tags: ['Plate'],
        params,
      },
    },
    async (request, reply) => {
      const id = parseExperimentId(request.params.id);
      const body = parseOrThrow(platePutSchema, request.body);
      const result = await plates.put(userOf(request).id, id, body);
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
        tags: ['Plate'],
        params,
      },
    },
    async (request, reply) => {
      const id = parseExperimentId(request.params.id);
      const parsed = platePatchSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const path = issue.path.map(String).join('.');
        const opIndex = opIndexOf(path);
        const ops = (request.body as { ops?: unknown[] } | null)?.ops;
        const op =
          opIndex === undefined ? undefined : (ops?.[opIndex] as { op?: unknown } | null)?.op;
        // plates.head answers 404 for someone else's experiment before any 400
        await plates.head(userOf(request).id, id);
        return reply.status(400).send({
          detail: `Invalid request body: ${path ? `${path} ` : ''}${issue.message}`,
          ...(opIndex !== undefined && {
            op_index: opIndex,
            op: typeof op === 'string' ? op : null,
          }),
          issues: parsed.error.issues.map((i) => ({
            path: i.path.map(String).join('.'),
            message: i.message,
          })),
        });
      }
      const result = await plates.patch(userOf(request).id, id, parsed.data);
      if (!result.ok) return reply.status(result.status).send(result.body);
      return reply.send(result.answer);
    },
  );
}
