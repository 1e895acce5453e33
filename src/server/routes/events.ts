// GET /api/experiments/{id}/events: a server-sent event stream of the experiment. plate_changed
// events carry `id: <plate version>`; a stream that reconnects with Last-Event-ID gets a
// fresh "hello" (with the current plate version) and then what it missed, composed from the
// plate log into one plate_changed event. When the log does not reach back that far, the
// hello's version is all it gets: the client then reloads the plate.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { errorAnswers } from '../../domain/schemas/api-error';
import { experimentEventSchema } from '../../domain/schemas/event';
import { experimentParamsSchema } from '../../domain/schemas/experiment';
import { stampEvent, type ExperimentEvent } from '../events/event-bus';
import { eventIdText, eventsAfter, loggedIdOf, MAX_REPLAY } from '../events/event-log';
import { plateChangedEvent } from '../events/plate-event';
import { netChange } from '../plate/plate-service';
import { plateHead, readPlateLog } from '../repositories/plates';
import { streamSlots } from '../events/stream-limit';
import type { ExperimentsRepository } from '../repositories/experiments';
import { ownedExperiment } from './experiment-access';

/** Comment heartbeats keep proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
/** How long a client waits before reconnecting, ms. */
export const RETRY_MS = 2000;
/** Log ids a replay after the listener's return reads back before the newest sent. */
const REORDER_WINDOW = 100;

/**
 * One event in the text/event-stream format: a logged event carries its log id ("e<id>"), a
 * plate change not logged its plate version.
 */
export function sseMessage(event: ExperimentEvent): string {
  const id =
    typeof event.event_id === 'number'
      ? `id: ${eventIdText(event.event_id)}\n`
      : event.type === 'plate_changed' && typeof event.version === 'number'
        ? `id: ${event.version}\n`
        : '';
  return `${id}data: ${JSON.stringify(event)}\n\n`;
}

/** The Last-Event-ID of a reconnecting stream as a plate version; undefined when none. */
function lastVersionOf(header: unknown): number | undefined {
  const text = String(header ?? '').trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}

/** Registers the stream (prefix /api/experiments). */
export async function eventRoutes(
  fastify: FastifyInstance,
  options: { experiments: ExperimentsRepository; heartbeatMs?: number },
): Promise<void> {
  const { experiments } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The app sets these for every route; set here too, the stream also runs in a bare app.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  // the plate log for replays: the app's database (a bare test app may have none)
  const db = app.hasDecorator('database') ? app.database.db : null;
  const open = new Set<ServerResponse>();
  const slots = streamSlots();
  app.addHook('onRequest', app.requireUser);
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
        params: experimentParamsSchema,
        produces: ['text/event-stream'],
        // The stream is written by hand (the reply is hijacked): the schema says what each
        // `data:` line holds, for the document and the client's types.
        response: {
          200: {
            description: 'One JSON event per data: line; plate_changed carries id: <version>',
            content: { 'text/event-stream': { schema: experimentEventSchema } },
          },
          ...errorAnswers(404),
        },
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
      // Logged events sent on this stream, so a replay never sends one twice; a replay reads
      // from a little before the newest sent, as events of several processes may arrive out of
      // their log order.
      const sent = new Set<number>();
      let newest = loggedIdOf(request.headers['last-event-id']);
      const send = (event: ExperimentEvent) => {
        if (raw.writableEnded) return;
        if (typeof event.event_id === 'number') {
          if (sent.has(event.event_id)) return;
          sent.add(event.event_id);
          if (sent.size > 2 * MAX_REPLAY) sent.delete(sent.values().next().value as number);
          newest = Math.max(newest ?? 0, event.event_id);
        }
        raw.write(sseMessage(event));
      };
      const replay = async (after: number) => {
        if (db) for (const event of await eventsAfter(db, experiment.id, after)) send(event);
      };
      const hello = async () => {
        const head = db ? await plateHead(db, experiment.id) : null;
        send({
          type: 'hello',
          experiment_id: experiment.id,
          at: new Date().toISOString(),
          version: head?.version ?? null,
        });
        return head;
      };
      const unsubscribe = app.events.subscribe(experiment.id, send);
      // the listener was away: say hello again and send what was published meanwhile
      const stopResume = app.events.onResume(() => {
        const from = Math.max(0, (newest ?? 0) - REORDER_WINDOW);
        void hello()
          .then(() => (newest === undefined ? undefined : replay(from)))
          .catch(() => {});
      });
      raw.write(`retry: ${RETRY_MS}\n\n`);
      const head = await hello();
      if (newest !== undefined) await replay(newest);
      const last = lastVersionOf(request.headers['last-event-id']);
      if (head && last !== undefined && last < head.version) {
        const entries = await readPlateLog(db!, experiment.id, last, head.version);
        if (entries) {
          const change = netChange(last, entries, { version: head.version, hash: head.hash });
          send(stampEvent(experiment.id, plateChangedEvent({ ...change, base_version: last })));
        }
      }
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
