// Health and the client's run-time configuration.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientConfigSchema } from '../../domain/schemas/meta';
import type { Config } from '../config';
import type { Database } from '../db/connect';

/** GET /api/health and GET /api/client-config. */
export async function metaRoutes(
  app: FastifyInstance,
  options: { config: Config; database: Database },
): Promise<void> {
  const { config, database } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const kind = z.enum(['pglite', 'postgres']);

  r.get(
    '/health',
    {
      schema: {
        summary: 'Health of the server and which database it uses',
        tags: ['Meta'],
        response: {
          200: z.object({ status: z.literal('ok'), database: kind }),
          503: z.object({ status: z.literal('error'), database: kind, detail: z.string() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await database.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: database.kind };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply
          .status(503)
          .send({ status: 'error', database: database.kind, detail: 'Database unreachable' });
      }
    },
  );

  r.get(
    '/client-config',
    {
      schema: {
        summary: 'Supabase URL and anonymous key for the web client',
        tags: ['Meta'],
        response: {
          200: clientConfigSchema,
        },
      },
    },
    async () => ({
      supabase_url: config.supabaseUrl,
      supabase_anon_key: config.supabaseAnonKey,
    }),
  );
}
