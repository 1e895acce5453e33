// Every route under /api, in one place so each resource is registered exactly once.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/connect';
import { experimentsRepository } from '../repositories/experiments';
import { devRoutes } from './dev';
import { experimentRoutes } from './experiments';
import { metaRoutes } from './meta';

export interface ApiOptions {
  config: Config;
  database: Database;
  devSecret: string | null;
}

/** Registers the API (prefix /api): repositories first, then the thin routes using them. */
export async function apiRoutes(app: FastifyInstance, options: ApiOptions): Promise<void> {
  const { config, database, devSecret } = options;
  const experiments = experimentsRepository(database.db);

  await app.register(metaRoutes, { config, database });
  await app.register(devRoutes, { prefix: '/dev', secret: devSecret });
  await app.register(experimentRoutes, { prefix: '/experiments', experiments });
}
