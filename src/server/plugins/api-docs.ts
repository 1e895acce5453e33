// The OpenAPI document: every route declares its own summary, tags and schemas; the transform
// turns its zod schemas into JSON schemas, headers of an answer included, and lists the
// shared error answers the schemas themselves give (see sharedErrors).
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../domain/schemas/api-error';

type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0];

const refused = apiErrorSchema.describe('The request was refused: `detail` says why');
const missing = apiErrorSchema.describe('Not found, or not yours');

/**
 * The error answers every route gives without declaring them, added to the document where
 * the route does not list its own: 400 when its params, query or body schema can refuse the
 * request (errors.ts answers every validation failure so), 404 when its path names something
 * (an id that cannot name a row, or names none the user may see).
 */
function withSharedErrors(input: TransformInput): TransformInput {
  const schema = input.schema;
  if (!schema || schema.hide) return input;
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  const shared: Record<string, unknown> = {};
  if (schema.params || schema.querystring || schema.body) shared[400] = refused;
  if (input.url.includes(':')) shared[404] = missing;
  if (Object.keys(shared).every((status) => status in declared)) return input;
  return { ...input, schema: { ...schema, response: { ...shared, ...declared } } };
}

/**
 * jsonSchemaTransform, keeping the headers an answer declares (a zod object keyed by header
 * name, as the exports declare theirs): the zod transform drops them from answers that name
 * their media type.
 */
export const documentTransform: Transform = (given) => {
  const input = withSharedErrors(given);
  const out = jsonSchemaTransform(input);
  const declared = input.schema?.response as Record<string, { headers?: unknown }> | undefined;
  const answers = (out.schema as { response?: Record<string, Record<string, unknown>> }).response;
  for (const [status, answer] of Object.entries(declared ?? {})) {
    if (!(answer?.headers instanceof z.ZodObject) || !answers?.[status]) continue;
    const json = z.toJSONSchema(answer.headers, { io: 'output' }) as {
      properties?: Record<string, unknown>;
    };
    answers[status].headers = json.properties ?? {};
  }
  return out;
};

/** GET /openapi.json (prefix /api): the document @fastify/swagger builds from the routes. */
export async function openapiRoute(app: FastifyInstance): Promise<void> {
  app.get(
    '/openapi.json',
    {
      schema: {
        summary: 'This OpenAPI document',
        tags: ['Meta'],
        response: {
          200: z
            .looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) })
            .describe('An OpenAPI 3 document'),
        },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'application/json; charset=utf-8')
        .send(JSON.stringify(app.swagger())),
  );
}
