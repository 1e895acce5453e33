// The application factory: plugins, then the API, then the static client. Tests build it
// against a fresh database and call inject(); main.ts owns the process.
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { cookieSigningKey, resolveDevSecret, type DevSecret } from './auth/dev-secret';
import { registerRequestUser } from './auth/request-user';
import { createTokenVerifier, type TokenVerifier } from './auth/supabase-jwt';
import type { Config } from './config';
import { openDatabase, type Database } from './db/connect';
import type { EventBus } from './events/event-bus';
import { openEventBus } from './events/open-event-bus';
import { plateChangedEvent } from './events/plate-event';
import type { PlateChange } from './plate/plate-writer';
import { HttpError, handleError } from './errors';
import { registerJsonBody } from './plugins/json-body';
import { registerApiDocs } from './plugins/api-docs';
import { registerJsonObjectBodies } from './plugins/json-object-body';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticClient } from './plugins/static-client';
import { apiRoutes } from './routes/api';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    devSecret: DevSecret;
    /** Events per experiment for the /events streams. */
    events: EventBus;
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
  });
  app.decorate('database', database);
  app.decorate('devSecret', devSecret);
  if (ownsDatabase) app.addHook('onClose', async () => database.close());
  const events = await openEventBus(database);
  app.decorate('events', events);
  // Its listening connection is its own, so it may close before or after the database.
  app.addHook('onClose', async () => events.close());
  app.setErrorHandler(handleError);
  // Routes typed with zod schemas (fastify-type-provider-zod) validate and serialize with them.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonBody(app);

  await registerSecurityHeaders(app, config);
  await app.register(cookie, {
    secret: devSecret.secret ? cookieSigningKey(devSecret.secret) : undefined,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many attempts. Try again in ${context.after}.`),
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Plate Workstation API', version: '1' } },
  });
  registerApiDocs(app);
  registerJsonObjectBodies(app);
  registerRequestUser(app, {
    verifyToken: deps.verifyToken ?? createTokenVerifier(config),
    devModeEnabled: devSecret.secret !== null,
  });

  await app.register(apiRoutes, {
    prefix: '/api',
    config,
    database,
    devSecret: devSecret.secret,
    onPlateChanged: (change: PlateChange) => {
      app.events
        .publish(change.experimentId, plateChangedEvent(change))
        .catch((error: Error) => app.log.warn({ err: error }, 'plate_changed not published'));
    },
  });
  await registerStaticClient(app, deps.distDir === undefined ? DEFAULT_DIST_DIR : deps.distDir);
  return app;
}
