/** Which error the login page shows (spec section 2: the error box order). */

/** Local error, else the error passed in route state, else the auth-context error. */
export function loginErrorToShow(
  local: string | null,
  routeError: unknown,
  authError: string | null,
): string | null {
  if (local) return local;
  if (typeof routeError === 'string' && routeError) return routeError;
  return authError;
}
