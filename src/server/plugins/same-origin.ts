// Cross-site request refusal. The developer-mode cookie is sent by a browser with any
// request to this host, also one a foreign page makes (a form post, a fetch with no-cors), so
// a state-changing request must show that it comes from this origin. Browsers say where a
// request comes from in Sec-Fetch-Site (all current ones) and Origin (on every cross-origin
// POST, PUT, PATCH and DELETE); a request with neither is not a browser's, and a non-browser
// client holding the cookie holds the secret too. Bearer tokens are never sent by a browser
// on its own, but the check costs nothing and also guards the developer login itself.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Why this request is refused as cross-site, or null when it may go on. */
export function crossSiteReason(
  request: Pick<FastifyRequest, 'method' | 'headers'>,
): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') {
    const site = fetchSite.trim().toLowerCase();
    // "none": typed in the address bar or a bookmark; never a foreign page.
    if (site === 'same-origin' || site === 'none') return null;
    return `Sec-Fetch-Site is ${site}`;
  }
  const origin = request.headers.origin;
  if (origin === undefined) return null;
  const host = request.headers.host;
  if (!host) return `Origin ${origin} with no Host`;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return `Origin ${origin} is not a URL`;
  }
  return originHost.toLowerCase() === host.toLowerCase() ? null : `Origin ${origin} is not ${host}`;
}

/** Refuses state-changing requests made by another site with 403, before anything is read. */
export function registerSameOrigin(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const reason = crossSiteReason(request);
    if (reason) {
      throw new HttpError(
        403,
        `Cross-site request refused (${reason}): use the application from its own address`,
      );
    }
  });
}
