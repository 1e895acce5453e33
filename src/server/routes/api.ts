// Every route under /api, in one place so each resource is registered exactly once.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/connect';
import type { ServerMetrics } from '../metrics';
import { openReagentCatalog } from '../catalog/catalog-changes';
import { plateService, type PlateChangedListener } from '../plate/plate-service';
import { versionService } from '../plate/version-service';
import { openapiRoute } from '../plugins/api-docs';
import { agentRepository } from '../repositories/agent';
import { chatRepository } from '../repositories/chat';
import { chatSessionsRepository } from '../repositories/chat-sessions';
import { experimentTextsRepository } from '../repositories/experiment-texts';
import { definitionsRepository } from '../repositories/definitions';
import { experimentsRepository } from '../repositories/experiments';
import { issueReportsRepository } from '../repositories/issue-reports';
import { stocksRepository } from '../repositories/stocks';
import { agentFeedRoutes, agentStateRoutes } from './agent';
import { benchRoutes } from './bench';
import { chatRoutes } from './chat';
import { chatStorageRoutes } from './chat-storage';
import { devRoutes } from './dev';
import { dispensingRoutes, instrumentRoutes } from './dispensing';
import { eventRoutes } from './events';
import { experimentRoutes } from './experiments';
import { exportRoutes } from './exports';
import { metaRoutes } from './meta';
import { metricsRoutes } from './metrics';
import { plateRoutes } from './plate';
import { reagentStockRoutes } from './reagent-stocks';
import { reagentRoutes } from './reagents';
import { reportIssueRoutes } from './report-issue';
import { templateRoutes } from './templates';
import { transferLogRoutes } from './transfer-logs';
import { transferLogsRepository } from '../transfer-logs/repository';
import { uploadRoutes } from './uploads';
import { versionRoutes } from './versions';
import { campaignService } from '../campaigns/campaign-service';
import { libraryRepository } from '../campaigns/library-repository';
import { campaignRoutes } from './campaigns';
import { campaignViewRoutes } from './campaign-view';
import { libraryRoutes } from './libraries';
import { readoutsRepository } from '../results/readouts-repository';
import { resultsRoutes } from '../results/results-routes';
import { campaignQcRoutes } from '../results/campaign-qc-routes';

export interface ApiOptions {
  config: Config;
  database: Database;
  devSecret: string | null;
  /** the process's counters, and its limit of requests in flight */
  metrics: ServerMetrics;
  inFlightLimit: number;
  /** Told of every committed plate write (the events stream publishes "plate_changed"). */
  onPlateChanged?: PlateChangedListener;
}

/** Registers the API (prefix /api): repositories first, then the thin routes using them. */
export async function apiRoutes(app: FastifyInstance, options: ApiOptions): Promise<void> {
  const { config, database, devSecret } = options;
  const experiments = experimentsRepository(database.db);

  await app.register(metaRoutes, { config, database });
  await app.register(metricsRoutes, {
    metrics: options.metrics,
    inFlightLimit: options.inFlightLimit,
  });
  await app.register(openapiRoute);
  await app.register(devRoutes, { prefix: '/dev', secret: devSecret });
  await app.register(experimentRoutes, { prefix: '/experiments', experiments });
  const plates = plateService(
    database.db,
    options.onPlateChanged,
    options.metrics,
    config.cacheBytes,
  );
  await app.register(plateRoutes, { prefix: '/experiments', plates });
  await app.register(versionRoutes, {
    prefix: '/experiments',
    versions: versionService(database.db, plates),
  });
  await app.register(benchRoutes, { prefix: '/experiments', experiments });
  await app.register(instrumentRoutes);
  await app.register(dispensingRoutes, {
    prefix: '/experiments',
    experiments,
    plates,
    onPlateChanged: options.onPlateChanged,
  });
  const definitions = definitionsRepository(database.db);
  const catalog = await openReagentCatalog(app, database, () => definitions.listPublic());
  await app.register(reagentRoutes, { prefix: '/reagents', catalog, definitions });
  await app.register(templateRoutes, { db: database.db, plates });
  const libraries = libraryRepository(database.db);
  await app.register(libraryRoutes, { libraries, db: database.db });
  const campaignsOf = campaignService(database.db, libraries);
  await app.register(campaignRoutes, { campaigns: campaignsOf });
  await app.register(campaignViewRoutes, { campaigns: campaignsOf, plates, db: database.db });
  await app.register(reagentStockRoutes, {
    prefix: '/reagents',
    definitions,
    stocks: stocksRepository(database.db),
    experiments,
  });

  const chat = chatRepository(database.db);
  const agent = agentRepository(database.db);
  await app.register(uploadRoutes, {
    prefix: '/experiments',
    experiments,
    texts: experimentTextsRepository(database.db),
  });
  // Exports and readouts read the plate with what a transfer log says the wells really hold.
  const transferLogs = transferLogsRepository(database.db);
  await app.register(exportRoutes, {
    prefix: '/experiments',
    experiments,
    plates,
    db: database.db,
    logs: transferLogs,
  });
  await app.register(transferLogRoutes, {
    prefix: '/experiments',
    experiments,
    plates,
    logs: transferLogs,
    db: database.db,
  });
  await app.register(chatStorageRoutes, {
    prefix: '/experiments',
    experiments,
    chat,
    sessions: chatSessionsRepository(database.db),
  });
  await app.register(chatRoutes, {
    prefix: '/experiments',
    db: database.db,
    experiments,
    chat,
    agent,
    plates,
    model: { baseUrl: config.llmBaseUrl, apiKey: config.llmApiKey, model: config.llmModel },
  });
  await app.register(resultsRoutes, {
    prefix: '/experiments',
    experiments,
    plates,
    readouts: readoutsRepository(database.db),
    logs: transferLogs,
  });
  await app.register(campaignQcRoutes, {
    campaigns: campaignsOf,
    readouts: readoutsRepository(database.db),
  });
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
