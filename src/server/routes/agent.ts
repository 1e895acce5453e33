// The assistant's shared state per experiment (GET with etag / 304, PUT) and the progress
// and observation feeds of an agent in a thread (/api/agents/...).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { experimentParamsSchema } from '../../domain/schemas/experiment';
import { agentStateSchema, limitQuerySchema } from '../../domain/schemas/thread';
import { userOf } from '../auth/request-user';
import { HttpError } from '../errors';
import type { AgentRepository } from '../repositories/agent';
import type { ChatRepository } from '../repositories/chat';
import type { ExperimentsRepository } from '../repositories/experiments';
import { threadNotFound } from './chat-storage';
import { ownedExperiment } from './experiment-access';

/** Default of spec section 9: observations limit 20. */
export const DEFAULT_OBSERVATIONS = 20;

const observationsQuery = limitQuerySchema(DEFAULT_OBSERVATIONS, 500);

const idParams = experimentParamsSchema;
const feedParams = z.object({ agent: z.string(), tid: z.string() });
const stateAnswer = z.object({
  state: z.record(z.string(), z.unknown()),
  etag: z.string(),
});
const recordSchema = z.object({
  id: z.number().int(),
  agent: z.string(),
  thread_id: z.string(),
  kind: z.string(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
const progressSchema = z.object({
  thread_id: z.string(),
  agent: z.string(),
  status: z.string(),
  steps: z.array(z.looseObject({ at: z.string() })),
  updated_at: z.string().nullable(),
});

/** The etags a client names (query ?etag= or If-None-Match), without quotes or W/. */
export function requestedEtags(query: unknown, ifNoneMatch: string | undefined): string[] {
  const fromQuery = (query as { etag?: unknown } | undefined)?.etag;
  const raw = [typeof fromQuery === 'string' ? fromQuery : '', ifNoneMatch ?? ''].join(',');
  return raw
    .split(',')
    .map((tag) =>
      tag
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    )
    .filter((tag) => tag !== '');
}

const quoted = (etag: string) => `"${etag}"`;

/** Registers GET/PUT /:id/agent-state (prefix /api/experiments). */
export async function agentStateRoutes(
  app: FastifyInstance,
  options: { experiments: ExperimentsRepository; agent: AgentRepository },
): Promise<void> {
  const { experiments, agent } = options;
  const tags = ['Agent'];
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.get(
    '/:id/agent-state',
    {
      schema: {
        summary: 'The assistant state; 304 when ?etag= or If-None-Match matches',
        tags,
        params: idParams,
        querystring: z.object({ etag: z.string().max(1000).optional() }),
        response: { 200: stateAnswer, 304: z.null().describe('Not modified') },
      },
    },
    async (request, reply) => {
      const experiment = await ownedExperiment(experiments, request);
      const current = await agent.getState(experiment.id);
      reply.header('etag', quoted(current.etag)).header('cache-control', 'no-cache');
      const named = requestedEtags(request.query, request.headers['if-none-match']);
      if (named.includes(current.etag) || named.includes('*')) {
        return reply.status(304).send(null);
      }
      return current;
    },
  );

  r.put(
    '/:id/agent-state',
    {
      schema: {
        summary: 'Replace the assistant state (any JSON object)',
        tags,
        params: idParams,
        body: agentStateSchema,
        response: { 200: stateAnswer },
      },
    },
    async (request, reply) => {
      const experiment = await ownedExperiment(experiments, request);
      const saved = await agent.putState(experiment.id, request.body);
      await app.events.publish(experiment.id, { type: 'agent_activity', etag: saved.etag });
      return reply.header('etag', quoted(saved.etag)).send(saved);
    },
  );
}

const AGENT_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** Registers the agent feeds (prefix /api/agents); only for threads the caller owns. */
export async function agentFeedRoutes(
  app: FastifyInstance,
  options: { agent: AgentRepository; chat: ChatRepository },
): Promise<void> {
  const { agent, chat } = options;
  const tags = ['Agent'];
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  const ownedThread = async (
    request: Parameters<typeof userOf>[0],
    { agent: name, tid }: z.output<typeof feedParams>,
  ) => {
    if (!AGENT_NAME.test(name)) throw new HttpError(404, 'Agent not found');
    const thread = await chat.getOwnersThread(userOf(request).id, tid);
    if (!thread) throw threadNotFound();
    return { name, thread };
  };

  r.get(
    '/:agent/threads/:tid/progress',
    {
      schema: {
        summary: 'Steps and status of an agent in a thread',
        tags,
        params: feedParams,
        response: { 200: progressSchema },
      },
    },
    async (request) => {
      const { name, thread } = await ownedThread(request, request.params);
      return agent.progress(name, thread.threadId);
    },
  );

  r.get(
    '/:agent/threads/:tid/observations',
    {
      schema: {
        summary: 'Latest observations of an agent in a thread (limit, default 20)',
        tags,
        params: feedParams,
        querystring: observationsQuery,
        response: { 200: z.object({ observations: z.array(recordSchema) }) },
      },
    },
    async (request) => {
      const { name, thread } = await ownedThread(request, request.params);
      const { limit } = request.query;
      return { observations: await agent.observations(name, thread.threadId, limit) };
    },
  );
}
