// GET /api/experiments/{id}/events: a server-sent event stream of the experiment. Events are
// stateless notices ("the plate changed", "the agent did something"): a client that
// reconnects gets a fresh "hello" and reloads what it shows, so nothing needs replaying.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ExperimentEvent } from '../events/event-bus';
import { streamSlots } from '../events/stream-limit';
import type { ExperimentsRepository } from '../repositories/experiments';
import { ownedExperiment } from './experiment-access';

/** Comment heartbeats keep proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
/** How long a client waits before reconnecting, ms. */
export const RETRY_MS = 2000;

/** One event in the text/event-stream format. */
export function sseMessage(event: ExperimentEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

/** Registers the stream (prefix /api/experiments). */
export async function eventRoutes(
  app: FastifyInstance,
  options: { experiments: ExperimentsRepository; heartbeatMs?: number },
): Promise<void> {
  const { experiments } = options;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const open = new Set<ServerResponse>();
  const slots = streamSlots();
  app.addHook('preHandler', app.requireUser);
  // Streams never finish by themselves: end them so the server can close.
  app.addHook('preClose', async () => {
    for (const raw of open) raw.end();
  });

  app.get(
    '/:id/events',
    {
      schema: {
        summary: 'Server-sent events of the experiment (agent activity, plate changed)',
        tags: ['Events'],
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const experiment = await ownedExperiment(experiments, request);
      const release = slots.acquire(request);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Tells nginx-style proxies not to buffer the stream.
        'x-accel-buffering': 'no',
      });
      open.add(raw);
      const send = (event: ExperimentEvent) => {
        if (!raw.writableEnded) raw.write(sseMessage(event));
      };
      const hello = () =>
        send({ type: 'hello', experiment_id: experiment.id, at: new Date().toISOString() });
      const unsubscribe = app.events.subscribe(experiment.id, send);
      const stopResume = app.events.onResume(hello);
      raw.write(`retry: ${RETRY_MS}\n\n`);
      hello();
      const heartbeat = setInterval(() => {
        if (!raw.writableEnded) raw.write(`: heartbeat ${new Date().toISOString()}\n\n`);
      }, heartbeatMs);
      heartbeat.unref();
      const stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        stopResume();
        open.delete(raw);
        release();
      };
      raw.on('close', stop);
      raw.on('error', stop);
    },
  );
}
