// The OpenAPI document: every route declares its own summary, tags and schemas; the transform
// turns its zod schemas into JSON schemas, headers of an answer included.
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Transform = typeof jsonSchemaTransform;

/**
 * jsonSchemaTransform, keeping the headers an answer declares (a zod object keyed by header
 * name, as the exports declare theirs): the zod transform drops them from answers that name
 * their media type.
 */
export const documentTransform: Transform = (input) => {
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
