/** The OAuth parameters the provider leaves in the URL after a sign-in round trip. */

/** Removed from the address bar after sign-in, token refresh or an error (spec section 4). */
export const OAUTH_PARAMS = [
  'code',
  'state',
  'error_description',
  'scope',
  'authuser',
  'prompt',
] as const;

/**
 * Splits a query string into the error description it carries (decoded) and the query that
 * remains without the given parameters (all OAuth ones by default). `changed` is false when
 * nothing had to be removed.
 */
export function stripOAuthParams(
  search: string,
  names: readonly string[] = OAUTH_PARAMS,
): {
  search: string;
  errorDescription: string | null;
  changed: boolean;
} {
  const params = new URLSearchParams(search);
  const errorDescription = params.get('error_description');
  let changed = false;
  for (const name of names) {
    if (params.has(name)) {
      params.delete(name);
      changed = true;
    }
  }
  const rest = params.toString();
  return {
    search: rest ? `?${rest}` : '',
    errorDescription: errorDescription === null ? null : decodeOnce(errorDescription),
    changed,
  };
}

/** Decodes a value that the provider encoded twice; leaves malformed or plain text as it is. */
export function decodeOnce(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
