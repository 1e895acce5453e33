// /api/reagents: the catalog search, reagent definitions and their stocks.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connect';

/** Registers the reagent routes (prefix /api/reagents). */
export async function reagentRoutes(
  app: FastifyInstance,
  options: { database: Database },
): Promise<void> {
  void options;
  app.addHook('preHandler', app.requireUser);
}
