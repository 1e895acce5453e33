// Starting and ending a developer session from the /api/dev routes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clearDevCookie, devCookieToken, setDevCookie } from './dev-cookie';
import { DEVELOPER_USER } from './user';

/** A new session for the developer user, its token in the cookie. */
export async function startDevSession(app: FastifyInstance, reply: FastifyReply): Promise<void> {
  const { token } = await app.devSessions.create(DEVELOPER_USER.id);
  setDevCookie(reply, token);
}

/** Revokes the request's session (the token stops working everywhere) and clears the cookie. */
export async function endDevSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = devCookieToken(request);
  if (token) await app.devSessions.revoke(token);
  clearDevCookie(reply);
}
