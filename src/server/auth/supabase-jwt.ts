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
    return (token) =>
      verifyWith(token, (t) =>
        jwtVerify(t, key, { algorithms: ['HS256'], audience: AUDIENCE, requiredClaims: ['exp'] }),
      );
  }
  if (config.supabaseUrl) {
    const jwks = createRemoteJWKSet(new URL(`${config.supabaseUrl}/auth/v1/.well-known/jwks.json`));
    const issuer = `${config.supabaseUrl}/auth/v1`;
    return (token) =>
      verifyWith(token, (t) =>
        jwtVerify(t, jwks, {
          algorithms: ['RS256', 'ES256'],
          audience: AUDIENCE,
          issuer,
          requiredClaims: ['exp'],
        }),
      );
  }
  return async () => null;
}

async function verifyWith(
  token: string,
  verify: (token: string) => Promise<{ payload: JWTPayload }>,
): Promise<AuthUser | null> {
  try {
    const { payload } = await verify(token);
    return userFromClaims(payload);
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
