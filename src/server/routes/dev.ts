// Developer mode: status, login with the secret (rate limited), logout.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { secretsMatch } from '../auth/dev-secret';
import { endDevSession, startDevSession } from '../auth/dev-login';
import { DEVELOPER_USER } from '../auth/user';
import { HttpError, parseOrThrow } from '../errors';

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

  app.get('/status', async (request, reply) => ({
    enabled: secret !== null,
    dev: await app.isDeveloperRequest(request, reply),
  }));

  app.post(
    '/login',
    { config: { rateLimit: { max: DEV_LOGIN_LIMIT, timeWindow: '1 minute' } } },
    async (request, reply) => {
      if (secret === null) throw new HttpError(403, 'Developer mode is disabled on this server');
      const body = parseOrThrow(loginSchema, request.body);
      if (!secretsMatch(body.secret, secret)) throw new HttpError(401, 'Invalid secret key');
      await startDevSession(app, reply);
      return { enabled: true, dev: true, user: { ...DEVELOPER_USER } };
    },
  );

  app.post('/logout', async (request, reply) => {
    await endDevSession(app, request, reply);
    return reply.status(204).send();
  });
}
