// Who is calling: a verified Supabase bearer token, else the signed developer cookie.
// `requireUser` guards routes; `userOf` reads the user inside a guarded handler.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import type { TokenVerifier } from './supabase-jwt';
import { DEVELOPER_USER, type AuthUser } from './user';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler: sets request.user or answers 401. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** True when this request carries a valid developer cookie and developer mode is on. */
    isDeveloperRequest: (request: FastifyRequest) => boolean;
  }
}

/** Name of the HttpOnly cookie that marks developer mode. */
export const DEV_COOKIE = 'plate_dev';
/** The signed value of the developer cookie. */
export const DEV_COOKIE_VALUE = 'developer';

export const authenticationRequired = () => new HttpError(401, 'Authentication required');

/** Decorates the app with requireUser and isDeveloperRequest (call at the root scope). */
export function registerRequestUser(
  app: FastifyInstance,
  options: { verifyToken: TokenVerifier; devModeEnabled: boolean },
): void {
  const isDeveloperRequest = (request: FastifyRequest): boolean => {
    if (!options.devModeEnabled) return false;
    const raw = request.cookies[DEV_COOKIE];
    if (!raw) return false;
    const { valid, value } = request.unsignCookie(raw);
    return valid && value === DEV_COOKIE_VALUE;
  };

  app.decorateRequest('user', null);
  app.decorate('isDeveloperRequest', isDeveloperRequest);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const fromToken = token ? await options.verifyToken(token) : null;
    const user = fromToken ?? (isDeveloperRequest(request) ? { ...DEVELOPER_USER } : null);
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
