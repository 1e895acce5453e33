/** The four-step decision of /auth/callback (spec section 2), as data in, data out. */
import { AUTHENTICATION_FAILED } from '../auth/auth-messages';
import { decodeOnce } from '../auth/oauth-params';
import { DEFAULT_AFTER_SIGN_IN, safeRedirectPath } from '../auth/redirect-path';

export interface CallbackInput {
  /** The callback URL's query string. */
  search: string;
  authError: string | null;
  hasUser: boolean;
  loading: boolean;
}

export type CallbackDecision = { kind: 'wait' } | { kind: 'navigate'; to: string; error?: string };

/**
 * 1. error_description in the query -> /login with it; 2. an auth error -> /login with it;
 * 3. a user -> redirect_to (only if it starts with "/") else /experiments;
 * 4. no user and not loading -> /login with "Authentication failed. Please try again.".
 */
export function decideCallback({
  search,
  authError,
  hasUser,
  loading,
}: CallbackInput): CallbackDecision {
  const params = new URLSearchParams(search);
  const description = params.get('error_description');
  if (description) return { kind: 'navigate', to: '/login', error: decodeOnce(description) };
  if (authError) return { kind: 'navigate', to: '/login', error: authError };
  if (hasUser) {
    const target = params.get('redirect_to');
    return {
      kind: 'navigate',
      to: target ? safeRedirectPath(decodeOnce(target)) : DEFAULT_AFTER_SIGN_IN,
    };
  }
  if (!loading) return { kind: 'navigate', to: '/login', error: AUTHENTICATION_FAILED };
  return { kind: 'wait' };
}
