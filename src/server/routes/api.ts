// Every route under /api, in one place so each resource is registered exactly once.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/connect';
import { agentRepository } from '../repositories/agent';
import { chatRepository } from '../repositories/chat';
import { experimentTextsRepository } from '../repositories/experiment-texts';
import { experimentsRepository } from '../repositories/experiments';
import { issueReportsRepository } from '../repositories/issue-reports';
import { agentFeedRoutes, agentStateRoutes } from './agent';
import { chatStorageRoutes } from './chat-storage';
import { devRoutes } from './dev';
import { eventRoutes } from './events';
import { experimentRoutes } from './experiments';
import { metaRoutes } from './meta';
import { reportIssueRoutes } from './report-issue';
import { uploadRoutes } from './uploads';

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

  const chat = chatRepository(database.db);
  const agent = agentRepository(database.db);
  await app.register(uploadRoutes, {
    prefix: '/experiments',
    experiments,
    texts: experimentTextsRepository(database.db),
  });
  await app.register(chatStorageRoutes, { prefix: '/experiments', experiments, chat });
  await app.register(agentStateRoutes, { prefix: '/experiments', experiments, agent });
  await app.register(eventRoutes, { prefix: '/experiments', experiments });
  await app.register(agentFeedRoutes, { prefix: '/agents', agent, chat });
  await app.register(reportIssueRoutes, {
    enabled: config.reportingEnabled,
    db: database.db,
    experiments,
    chat,
    reports: issueReportsRepository(database.db),
  });
}
