// Verifies Supabase access tokens: HS256 with SUPABASE_JWT_SECRET, otherwise the project's
// JWKS (asymmetric keys). Tokens must be unexpired, for audience "authenticated", with a sub.
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../config';
import type { AuthUser } from './user';

/** Returns the token's user, or null when the token is not valid. */
export type TokenVerifier = (token: string) => Promise<AuthUser | null>;

const AUDIENCE = 'authenticated';

/** Builds the verifier for this configuration; without Supabase settings no token passes. */
export function createTokenVerifier(
  config: Pick<Config, 'supabaseJwtSecret' | 'supabaseUrl'>,
): TokenVerifier {
  if (config.supabaseJwtSecret) {
    const key = new TextEncoder().encode(config.supabaseJwtSecret);
    return rememberVerified((token) =>
      verifyWith(token, (t) =>
        jwtVerify(t, key, { algorithms: ['HS256'], audience: AUDIENCE, requiredClaims: ['exp'] }),
      ),
    );
  }
  if (config.supabaseUrl) {
    const jwks = createRemoteJWKSet(new URL(`${config.supabaseUrl}/auth/v1/.well-known/jwks.json`));
    const issuer = `${config.supabaseUrl}/auth/v1`;
    return rememberVerified((token) =>
      verifyWith(token, (t) =>
        jwtVerify(t, jwks, {
          algorithms: ['RS256', 'ES256'],
          audience: AUDIENCE,
          issuer,
          requiredClaims: ['exp'],
        }),
      ),
    );
  }
  return async () => null;
}

/** Verified tokens kept at most; the oldest is dropped first. */
const REMEMBERED_TOKENS = 1000;

/**
 * Keeps the user of each verified token until the token expires, so a client sending the same
 * token with every request pays the signature check once (about 0.5 ms of CPU per request on
 * a small host). A verified token cannot be revoked before its `exp` anyway, so remembering it
 * until then accepts nothing the check itself would refuse. Refused tokens are not kept.
 */
export function rememberVerified(
  verify: (token: string) => Promise<(AuthUser & { expiresAt?: number }) | null>,
  now: () => number = Date.now,
): TokenVerifier {
  const kept = new Map<string, { user: AuthUser; expiresAt: number }>();
  return async (token) => {
    const hit = kept.get(token);
    if (hit && hit.expiresAt > now()) return hit.user;
    if (hit) kept.delete(token);
    const verified = await verify(token);
    if (!verified) return null;
    const { expiresAt, ...user } = verified;
    if (expiresAt !== undefined) {
      if (kept.size >= REMEMBERED_TOKENS) kept.delete(kept.keys().next().value as string);
      kept.set(token, { user, expiresAt });
    }
    return user;
  };
}

async function verifyWith(
  token: string,
  verify: (token: string) => Promise<{ payload: JWTPayload }>,
): Promise<(AuthUser & { expiresAt?: number }) | null> {
  try {
    const { payload } = await verify(token);
    const user = userFromClaims(payload);
    // exp is required by the check above; seconds since the epoch
    return user && typeof payload.exp === 'number'
      ? { ...user, expiresAt: payload.exp * 1000 }
      : user;
  } catch {
    return null;
  }
}

const record = (value: unknown) =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** Maps Supabase claims to the API user; null without a subject. */
export function userFromClaims(payload: JWTPayload): AuthUser | null {
  if (typeof payload.sub !== 'string' || payload.sub === '') return null;
  return {
    id: payload.sub,
    email: typeof payload.email === 'string' ? payload.email : null,
    user_metadata: record(payload.user_metadata),
    app_metadata: record(payload.app_metadata),
    aud: AUDIENCE,
    role: typeof payload.role === 'string' ? payload.role : undefined,
  };
}
