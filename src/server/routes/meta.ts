// Health and the client's run-time configuration.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/connect';

/** GET /api/health and GET /api/client-config. */
export async function metaRoutes(
  app: FastifyInstance,
  options: { config: Config; database: Database },
): Promise<void> {
  const { config, database } = options;

  app.get('/health', async (request, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { status: 'ok', database: database.kind };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply
        .status(503)
        .send({ status: 'error', database: database.kind, detail: 'Database unreachable' });
    }
  });

  app.get('/client-config', async () => ({
    supabase_url: config.supabaseUrl,
    supabase_anon_key: config.supabaseAnonKey,
  }));
}
