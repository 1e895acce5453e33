// The developer session cookie: HttpOnly, SameSite=Lax, signed, and Secure whenever the
// request came over HTTPS ('auto' reads request.protocol, which honours TRUST_PROXY for the
// X-Forwarded-Proto of a proxy in front).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_IDLE_MS } from './dev-sessions';

/** Name of the HttpOnly cookie that carries the developer session token. */
export const DEV_COOKIE = 'plate_dev';

const BASE = { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto' } as const;

/** Sets (or renews) the cookie for a session token, living as long as the session. */
export function setDevCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(DEV_COOKIE, token, {
    ...BASE,
    signed: true,
    maxAge: Math.floor(SESSION_IDLE_MS / 1000),
  });
}

export function clearDevCookie(reply: FastifyReply): void {
  reply.clearCookie(DEV_COOKIE, BASE);
}

/** The session token of the request's cookie when its signature is valid. */
export function devCookieToken(request: FastifyRequest): string | null {
  const raw = request.cookies[DEV_COOKIE];
  if (!raw) return null;
  const { valid, value } = request.unsignCookie(raw);
  return valid && value ? value : null;
}
