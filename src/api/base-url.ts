/** Where the API lives: same origin unless VITE_API_BASE_URL says otherwise. */

/** Port 8000 on localhost: the API's default port in local development. */
export const LOCAL_FALLBACK_BASE_URL = 'http://localhost:8000';

/**
 * Chooses the API base URL. Relative ('') by default: the server serves the client itself and
 * vite's dev server proxies /api. The fallback applies only when the page is not served over
 * http(s) (opened from disk), where a relative URL cannot reach any server.
 */
export function chooseBaseUrl(
  envBaseUrl: string | undefined,
  protocol: string | undefined,
): string {
  const configured = envBaseUrl?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  if (protocol !== undefined && protocol !== 'http:' && protocol !== 'https:') {
    return LOCAL_FALLBACK_BASE_URL;
  }
  return '';
}

/** The base URL for this page. */
export function apiBaseUrl(): string {
  const env = import.meta.env?.VITE_API_BASE_URL as string | undefined;
  const protocol = typeof window === 'undefined' ? undefined : window.location.protocol;
  return chooseBaseUrl(env, protocol);
}
