// Who is calling: a verified Supabase bearer token, else the developer session cookie.
// `requireUser` guards routes; `userOf` reads the user inside a guarded handler.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { devCookieToken, setDevCookie } from './dev-cookie';
import type { DevSessionStore } from './dev-sessions';
import type { TokenVerifier } from './supabase-jwt';
import { DEVELOPER_USER, type AuthUser } from './user';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler: sets request.user or answers 401; renews a developer session's cookie. */
    requireUser: (request: FastifyRequest, reply?: FastifyReply) => Promise<void>;
    /** True when this request carries a live developer session and developer mode is on. */
    isDeveloperRequest: (request: FastifyRequest, reply?: FastifyReply) => Promise<boolean>;
  }
}

export const authenticationRequired = () => new HttpError(401, 'Authentication required');

/** Decorates the app with requireUser and isDeveloperRequest (call at the root scope). */
export function registerRequestUser(
  app: FastifyInstance,
  options: { verifyToken: TokenVerifier; devModeEnabled: boolean; sessions?: DevSessionStore },
): void {
  const isDeveloperRequest = async (
    request: FastifyRequest,
    reply?: FastifyReply,
  ): Promise<boolean> => {
    if (!options.devModeEnabled || !options.sessions) return false;
    const token = devCookieToken(request);
    if (!token) return false;
    const hit = await options.sessions.find(token);
    if (!hit || hit.userId !== DEVELOPER_USER.id) return false;
    if (hit.renewedUntil && reply) setDevCookie(reply, token);
    return true;
  };

  app.decorateRequest('user', null);
  app.decorate('isDeveloperRequest', isDeveloperRequest);
  app.decorate('requireUser', async (request: FastifyRequest, reply?: FastifyReply) => {
    const token = bearerToken(request.headers.authorization);
    const fromToken = token ? await options.verifyToken(token) : null;
    const user =
      fromToken ?? ((await isDeveloperRequest(request, reply)) ? { ...DEVELOPER_USER } : null);
    if (!user) throw authenticationRequired();
    request.user = user;
  });
}

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
}

/** The user set by requireUser; throws 401 if the route was not guarded. */
export function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw authenticationRequired();
  return request.user;
}
