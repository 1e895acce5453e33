// Admission control: at most `limit` requests in flight in this process. Past it a request
// answers 503 with Retry-After at once, before any work, instead of queueing without bound
// (an overloaded process used to serve a third of an open-loop load at p50 20 s and reset
// connections). The served requests keep their latency; clients retry after Retry-After.
// Not counted: health and metrics (a load balancer and an operator must still reach them),
// event streams (open for hours, capped per user in events/stream-limit.ts) and the built
// client's files (cheap, and a page whose script was refused would not load at all; the API
// calls it makes are what a busy server sheds, and the client retries those).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DatabaseKind } from '../db/connect';
import type { ServerMetrics } from '../metrics';

/**
 * Requests in flight per process by default. PGlite runs one query at a time in this
 * process, so a few requests keep it busy and more only wait; PostgreSQL runs the pool's
 * queries in parallel elsewhere.
 */
export const DEFAULT_IN_FLIGHT: Record<DatabaseKind, number> = { pglite: 16, postgres: 64 };

/** Seconds a refused client is asked to wait before trying again. */
export const RETRY_AFTER_S = 1;

const exempt = (request: FastifyRequest) => {
  const url = request.routeOptions.url ?? '';
  return (
    !request.url.startsWith('/api/') ||
    url === '/api/health' ||
    url === '/api/metrics' ||
    url.endsWith('/events')
  );
};

export function registerAdmission(
  app: FastifyInstance,
  limit: number,
  metrics: Pick<ServerMetrics, 'inFlight' | 'inFlightPeak' | 'requestsShed'>,
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (exempt(request)) return;
    if (metrics.inFlight >= limit) {
      metrics.requestsShed++;
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_S))
        .send({
          detail: `The server is busy (${limit} requests in progress): try again in ${RETRY_AFTER_S} s`,
        });
    }
    metrics.inFlight++;
    metrics.inFlightPeak = Math.max(metrics.inFlightPeak, metrics.inFlight);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      metrics.inFlight--;
    };
    // 'finish' once the answer is sent; 'close' also when the client went away before it
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
  });
}
