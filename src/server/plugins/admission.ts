// Admission control. A process that gets too little CPU (a loaded machine, a burst) queues
// requests without bound, and every request then waits for all the others: an open-loop load
// was once served at p50 20 s with connection resets. Here a request is refused at once, with
// 503 and Retry-After, before any work, when the process already holds a standing queue:
// - the requests that ended in the last interval (100 ms) all took longer than the budget
//   (the queue wait a served request may meet, QUEUE_BUDGET_MS, 50 ms by default) while
//   others are in flight: the minimum, not the mean, so that one slow export among quick
//   reads is not a queue (the rule of CoDel, the router queue discipline);
// - or none ended in the last interval and the oldest request in flight is older than it;
// - or the process holds its limit of requests in flight (MAX_IN_FLIGHT), a ceiling on memory.
// A measured wait holds on any machine, where a fixed count of requests is too many on a busy
// one and too few on an idle one. The served requests keep their latency; the clients retry
// after Retry-After (the designer's save queue and event stream do).
// Not counted: health and metrics (a load balancer and an operator must still reach them),
// event streams (open for hours, capped per user in events/stream-limit.ts) and the built
// client's files (cheap, and a page whose script was refused would not load at all; the API
// calls it makes are what a busy server sheds, and the client retries those).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DatabaseKind } from '../db/connect';
import type { ServerMetrics } from '../metrics';

/**
 * Requests in flight per process at most, by default. PGlite runs one query at a time in
 * this process, so a few requests keep it busy and more only wait; PostgreSQL runs the
 * pool's queries in parallel elsewhere.
 */
export const DEFAULT_IN_FLIGHT: Record<DatabaseKind, number> = { pglite: 16, postgres: 64 };

/** Seconds a refused client is asked to wait before trying again. */
export const RETRY_AFTER_S = 1;

/** How long a standing queue must last to count: longer than any one request's burst. */
const INTERVAL_MS = 100;
/** Fewer requests in flight than this are not a queue, however slow they are. */
const MIN_QUEUE = 4;

const exempt = (request: FastifyRequest) => {
  const url = request.routeOptions.url ?? '';
  return (
    !request.url.startsWith('/api/') ||
    url === '/api/health' ||
    url === '/api/metrics' ||
    url.endsWith('/events')
  );
};

/** The standing-queue signal of one process: the requests in flight and the recent waits. */
export class QueueSignal {
  /** arrival times of the requests in flight, oldest first */
  private readonly inFlight = new Map<number, number>();
  private nextId = 0;
  private intervalStart: number;
  /** the least time a request that ended this interval took (Infinity: none ended) */
  private intervalMin = Infinity;
  /** the same for the last whole interval */
  private lastMin = Infinity;

  constructor(
    readonly budgetMs: number,
    now = performance.now(),
  ) {
    this.intervalStart = now;
  }

  get size(): number {
    return this.inFlight.size;
  }

  private roll(now: number): void {
    if (now - this.intervalStart < INTERVAL_MS) return;
    // an interval with nothing at all in it tells nothing: forget the older one too
    this.lastMin = now - this.intervalStart < 2 * INTERVAL_MS ? this.intervalMin : Infinity;
    this.intervalMin = Infinity;
    this.intervalStart = now;
  }

  /** The wait a request arriving now would meet, as far as it shows; 0 when no queue. */
  wait(now = performance.now()): number {
    this.roll(now);
    if (this.inFlight.size < MIN_QUEUE) return 0;
    if (this.lastMin !== Infinity) return this.lastMin;
    const oldest = this.inFlight.values().next().value as number;
    return now - oldest >= INTERVAL_MS ? now - oldest : 0;
  }

  enter(now = performance.now()): number {
    const id = this.nextId++;
    this.inFlight.set(id, now);
    return id;
  }

  leave(id: number, now = performance.now()): void {
    const started = this.inFlight.get(id);
    if (started === undefined) return;
    this.inFlight.delete(id);
    this.roll(now);
    this.intervalMin = Math.min(this.intervalMin, now - started);
  }
}

export function registerAdmission(
  app: FastifyInstance,
  limits: { maxInFlight: number; queueBudgetMs: number },
  metrics: Pick<ServerMetrics, 'inFlight' | 'inFlightPeak' | 'requestsShed'>,
): void {
  const queue = new QueueSignal(limits.queueBudgetMs);
  app.addHook('onRequest', async (request, reply) => {
    if (exempt(request)) return;
    const wait = queue.wait();
    const full = queue.size >= limits.maxInFlight;
    if (full || wait > limits.queueBudgetMs) {
      metrics.requestsShed++;
      const why = full
        ? `${limits.maxInFlight} requests in progress`
        : `requests wait ${Math.round(wait)} ms`;
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_S))
        .send({ detail: `The server is busy (${why}): try again in ${RETRY_AFTER_S} s` });
    }
    const id = queue.enter();
    metrics.inFlight = queue.size;
    metrics.inFlightPeak = Math.max(metrics.inFlightPeak, queue.size);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      queue.leave(id);
      metrics.inFlight = queue.size;
    };
    // 'finish' once the answer is sent; 'close' also when the client went away before it
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
  });
}
