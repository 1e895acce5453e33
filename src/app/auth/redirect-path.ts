/** Where to send a user after sign-in: only paths inside this application. */

export const DEFAULT_AFTER_SIGN_IN = '/experiments';

/**
 * Accepts a redirect target only if it starts with "/" (spec section 5). Protocol-relative
 * targets ("//host", "/\host") start with "/" too but leave the site, so they are refused.
 */
export function safeRedirectPath(target: string | null | undefined): string {
  if (!target || !target.startsWith('/')) return DEFAULT_AFTER_SIGN_IN;
  if (target.startsWith('//') || target.startsWith('/\\')) return DEFAULT_AFTER_SIGN_IN;
  return target;
}

/** A location as the router stores it in `state.from`. */
export interface FromLocation {
  pathname?: unknown;
  search?: unknown;
  hash?: unknown;
}

/**
 * The login page's target for an authenticated user: the originally requested path, search and
 * hash, else /experiments. Pages of the sign-in flow itself are never a target.
 */
export function loginRedirectTarget(from: FromLocation | null | undefined): string {
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  if (!pathname || pathname === '/login' || pathname.startsWith('/auth/')) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  return safeRedirectPath(`${pathname}${search}${hash}`);
}
