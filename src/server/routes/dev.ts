// Developer mode: status, login with the secret (rate limited), logout.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, noFieldsSchema } from '../../domain/schemas/api-error';
import { devLoginAnswerSchema, devStatusSchema } from '../../domain/schemas/meta';
import { secretsMatch } from '../auth/dev-secret';
import { endDevSession, startDevSession } from '../auth/dev-login';
import { DEVELOPER_USER } from '../auth/user';
import { HttpError } from '../errors';

const loginSchema = z.object({
  secret: z.string({ error: 'is required' }).min(1, 'must not be empty').max(1000),
});

/**
 * Attempts per client address per minute on POST /api/dev/login. Successful logins count
 * too, so the limit leaves room for a team behind one address (and a test suite) signing in
 * often; guessing even the shortest accepted secret (8 characters) stays out of reach.
 */
export const DEV_LOGIN_LIMIT = 30;

/** Routes under /api/dev. */
export async function devRoutes(
  app: FastifyInstance,
  options: { secret: string | null },
): Promise<void> {
  const { secret } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Developer mode'];

  r.get(
    '/status',
    {
      schema: {
        summary: 'Whether developer mode is available and this request is in it',
        tags,
        response: { 200: devStatusSchema },
      },
    },
    async (request, reply) => ({
      enabled: secret !== null,
      dev: await app.isDeveloperRequest(request, reply),
    }),
  );

  r.post(
    '/login',
    {
      schema: {
        summary: 'Enter developer mode with the secret (sets the plate_dev cookie)',
        tags,
        body: loginSchema,
        response: { 200: devLoginAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      config: { rateLimit: { max: DEV_LOGIN_LIMIT, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      if (secret === null) throw new HttpError(403, 'Developer mode is disabled on this server');
      if (!secretsMatch(request.body.secret, secret)) {
        throw new HttpError(401, 'Invalid secret key');
      }
      await startDevSession(app, reply);
      return { enabled: true, dev: true, user: { ...DEVELOPER_USER } };
    },
  );

  r.post(
    '/logout',
    {
      schema: {
        summary: 'Leave developer mode',
        tags,
        body: noFieldsSchema,
        response: { 204: z.null().describe('Signed out') },
      },
    },
    async (request, reply) => {
      await endDevSession(app, request, reply);
      return reply.status(204).send(null);
    },
  );
}
