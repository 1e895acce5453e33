// The application factory: plugins, then the API, then the static client. Tests build it
// against a fresh database and call inject(); main.ts owns the process.
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { cookieSigningKey, resolveDevSecret, type DevSecret } from './auth/dev-secret';
import { devSessionStore, type DevSessionStore } from './auth/dev-sessions';
import { registerRequestUser } from './auth/request-user';
import { createTokenVerifier, type TokenVerifier } from './auth/supabase-jwt';
import type { Config } from './config';
import { openDatabase, type Database } from './db/connect';
import type { LoggedEventBus } from './events/event-log';
import { openEventBus } from './events/open-event-bus';
import { plateChangedEvent } from './events/plate-event';
import type { PlateChange } from './plate/plate-writer';
import { HttpError, handleError, routerErrorBody } from './errors';
import { serverMetrics, type ServerMetrics } from './metrics';
import { DEFAULT_IN_FLIGHT, registerAdmission } from './plugins/admission';
import { registerDrainRefusedBody } from './plugins/drain-refused-body';
import { registerJsonBody } from './plugins/json-body';
import { documentTransform } from './plugins/api-docs';
import { registerJsonObjectBodies } from './plugins/json-object-body';
import { registerNulInUrl } from './plugins/nul-in-url';
import { registerSameOrigin } from './plugins/same-origin';
import { databaseRateLimitStore, purgeEndedWindows } from './plugins/rate-limit-store';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticClient } from './plugins/static-client';
import { apiRoutes } from './routes/api';

/** How often ended rate-limit windows are deleted. */
const RATE_LIMIT_PURGE_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    devSecret: DevSecret;
    /** Developer sign-in sessions, in the database so every instance knows them. */
    devSessions: DevSessionStore;
    /** Events per experiment for the /events streams. */
    events: LoggedEventBus;
    /** This process's counters (GET /api/metrics). */
    metrics: ServerMetrics;
  }
}

/** What buildApp may be given instead of opening or resolving it itself. */
export interface AppDeps {
  /** An open, migrated database; the caller closes it. Otherwise opened from config. */
  database?: Database;
  devSecret?: DevSecret;
  verifyToken?: TokenVerifier;
  /** The built client; null for none. Defaults to dist/ at the repository root. */
  distDir?: string | null;
}

/** The built client next to the sources: <repo>/dist. */
export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../../dist', import.meta.url));

/** Request bodies up to 10 MB: a 1536-well plate with targets and indices is a few MB. */
const BODY_LIMIT = 10 * 1024 * 1024;

/** Trusts the nearest `hops` proxies (as Express's numeric trust proxy does). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the Fastify app for this configuration. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  let database = deps.database;
  const ownsDatabase = !database;
  if (!database) {
    database = await openDatabase(config);
    await database.migrate();
  }
  const devSecret = deps.devSecret ?? (await resolveDevSecret(config));

  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    // The router's own refusals (a malformed URL) answer the API's {"detail"} shape too.
    frameworkErrors: (error, _request, reply) => {
      const { status, body } = routerErrorBody(error);
      void (reply as FastifyReply).status(status).send(body);
    },
    // request.ip and request.protocol then come from X-Forwarded-* of trusted proxies only.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  });
  // Route schemas are zod schemas: requests are validated (400 naming the field) and answers
  // serialized by them, and the OpenAPI document is built from them (jsonSchemaTransform).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', database);
  app.decorate('devSecret', devSecret);
  const devSessions = devSessionStore(database.db);
  app.decorate('devSessions', devSessions);
  if (ownsDatabase) app.addHook('onClose', async () => database.close());
  const events = await openEventBus(database);
  app.decorate('events', events);
  // Its listening connection is its own, so it may close before or after the database.
  app.addHook('onClose', async () => events.close());
  app.setErrorHandler(handleError);
  const metrics = serverMetrics();
  app.decorate('metrics', metrics);
  const inFlightLimit = config.maxInFlight ?? DEFAULT_IN_FLIGHT[database.kind];
  // first of the hooks: a refused request costs nothing more
  registerAdmission(
    app,
    { maxInFlight: inFlightLimit, queueBudgetMs: config.queueBudgetMs },
    metrics,
  );
  registerSameOrigin(app);
  registerNulInUrl(app);
  registerJsonBody(app);
  registerDrainRefusedBody(app);

  await registerSecurityHeaders(app, config);
  await app.register(cookie, {
    secret: devSecret.secret ? cookieSigningKey(devSecret.secret) : undefined,
  });
  await app.register(rateLimit, {
    global: false,
    // Shared by every instance on the database; keyed on request.ip (see trustProxy).
    store: databaseRateLimitStore(database.db),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many attempts. Try again in ${context.after}.`),
  });
  // Ended windows would restart at 1 anyway: drop them now and then so the table stays small.
  const purge = setInterval(() => {
    purgeEndedWindows(database.db).catch((error: Error) =>
      app.log.warn({ err: error }, 'rate-limit purge failed'),
    );
  }, RATE_LIMIT_PURGE_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
  await app.register(swagger, {
    openapi: { info: { title: 'Plate Workstation API', version: '1' } },
    transform: documentTransform,
  });
  registerJsonObjectBodies(app);
  registerRequestUser(app, {
    verifyToken: deps.verifyToken ?? createTokenVerifier(config),
    devModeEnabled: devSecret.secret !== null,
    sessions: devSessions,
  });

  await app.register(apiRoutes, {
    prefix: '/api',
    config,
    database,
    devSecret: devSecret.secret,
    metrics,
    inFlightLimit,
    onPlateChanged: (change: PlateChange) => {
      app.events
        .publish(change.experimentId, plateChangedEvent(change))
        .catch((error: Error) => app.log.warn({ err: error }, 'plate_changed not published'));
    },
  });
  await registerStaticClient(app, deps.distDir === undefined ? DEFAULT_DIST_DIR : deps.distDir);
  return app;
}
