// Reading and managing stored conversations of an experiment: history, sessions and
// threads. Running the assistant (POST /chat, POST /threads/{tid}/resume) lives elsewhere
// and writes through the same repository.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noFieldsSchema } from '../../domain/schemas/api-error';
import { experimentParamsSchema, idParamSchema } from '../../domain/schemas/experiment';
import {
  limitQuerySchema,
  messagesSchema,
  sessionSchema,
  threadListSchema,
  threadPatchSchema,
  threadSchema,
  threadStateSchema,
} from '../../domain/schemas/thread';
import { userOf } from '../auth/request-user';
import { HttpError } from '../errors';
import type { ChatRepository } from '../repositories/chat';
import { toSessionJson, type ChatSessionsRepository } from '../repositories/chat-sessions';
import type { ExperimentsRepository } from '../repositories/experiments';
import { ownedExperiment } from './experiment-access';

/** Defaults of spec section 9: recent sessions 5, recent threads 50. */
export const DEFAULT_SESSIONS = 5;
export const DEFAULT_THREADS = 50;
const MAX_LIST = 500;

const sessionsQuery = limitQuerySchema(DEFAULT_SESSIONS, MAX_LIST);
const threadsQuery = limitQuerySchema(DEFAULT_THREADS, MAX_LIST).extend({
  status: z.string().max(32, 'must be at most 32 characters').optional(),
});

export const threadNotFound = () => new HttpError(404, 'Thread not found');
const sessionNotFound = () => new HttpError(404, 'Session not found');

const threadParams = experimentParamsSchema.extend({ tid: z.string() });
const sessionParams = experimentParamsSchema.extend({ sid: idParamSchema('Session not found') });
const idParams = experimentParamsSchema;
const deleted = z.null().describe('Deleted');

const chatTags = ['Chat'];
const threadTags = ['Threads'];

/** Registers history, sessions and thread routes (prefix /api/experiments). */
export async function chatStorageRoutes(
  app: FastifyInstance,
  options: {
    experiments: ExperimentsRepository;
    chat: ChatRepository;
    sessions: ChatSessionsRepository;
  },
): Promise<void> {
  const { experiments, chat, sessions } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.get(
    '/:id/chat/history',
    {
      schema: {
        summary: 'Every message of the experiment, oldest first',
        tags: chatTags,
        params: idParams,
        response: { 200: messagesSchema },
      },
    },
    async (request) => {
      const experiment = await ownedExperiment(experiments, request);
      return { messages: await chat.history(userOf(request).id, experiment.id) };
    },
  );

  r.post(
    '/:id/chat/sessions',
    {
      schema: {
        summary: 'Start a chat session (with a new thread)',
        tags: chatTags,
        params: idParams,
        body: noFieldsSchema,
        response: {
          201: sessionSchema.pick({ session_id: true, thread_id: true, created_at: true }),
        },
      },
    },
    async (request, reply) => {
      const experiment = await ownedExperiment(experiments, request);
      const row = await sessions.createSession(userOf(request).id, experiment.id);
      await app.events.publish(experiment.id, {
        type: 'thread_updated',
        thread_id: row.threadId,
        change: 'created',
      });
      const json = toSessionJson(row);
      return reply.status(201).send({
        session_id: json.session_id,
        thread_id: json.thread_id,
        created_at: json.created_at,
      });
    },
  );

  r.get(
    '/:id/chat/sessions',
    {
      schema: {
        summary: 'Recent chat sessions (limit, default 5)',
        tags: chatTags,
        params: idParams,
        querystring: sessionsQuery,
        response: { 200: z.object({ sessions: z.array(sessionSchema) }) },
      },
    },
    async (request) => {
      const experiment = await ownedExperiment(experiments, request);
      const { limit } = request.query;
      const rows = await sessions.listSessions(userOf(request).id, experiment.id, limit);
      return { sessions: rows.map(toSessionJson) };
    },
  );

  r.get(
    '/:id/chat/sessions/:sid/messages',
    {
      schema: {
        summary: 'Messages of a chat session',
        tags: chatTags,
        params: sessionParams,
        response: { 200: messagesSchema },
      },
    },
    async (request) => {
      const experiment = await ownedExperiment(experiments, request);
      const session = await sessions.getSession(
        userOf(request).id,
        experiment.id,
        request.params.sid,
      );
      if (!session) throw sessionNotFound();
      return { messages: session.threadId ? await chat.listMessages(session.threadId) : [] };
    },
  );

  r.patch(
    '/:id/chat/sessions/:sid',
    {
      schema: {
        summary: 'Mark a chat session active',
        tags: chatTags,
        params: sessionParams,
        body: noFieldsSchema,
        response: {
          200: z.object({
            session_id: z.string(),
            thread_id: z.string().nullable(),
            active: z.literal(true),
          }),
        },
      },
    },
    async (request) => {
      const experiment = await ownedExperiment(experiments, request);
      const row = await sessions.activateSession(
        userOf(request).id,
        experiment.id,
        request.params.sid,
      );
      if (!row) throw sessionNotFound();
      return { session_id: String(row.id), thread_id: row.threadId, active: true as const };
    },
  );

  r.get(
    '/:id/threads',
    {
      schema: {
        summary: 'Recent threads (limit, default 50; status filter)',
        tags: threadTags,
        params: idParams,
        querystring: threadsQuery,
        response: { 200: threadListSchema },
      },
    },
    async (request) => {
      const experiment = await ownedExperiment(experiments, request);
      const { limit, status } = request.query;
      const threads = await chat.listThreads(userOf(request).id, experiment.id, { limit, status });
      return { threads };
    },
  );

  r.get(
    '/:id/threads/:tid/state',
    {
      schema: {
        summary: 'A thread with its messages (ts only defeats caches)',
        tags: threadTags,
        params: threadParams,
        querystring: z.object({ ts: z.string().max(64).optional() }),
        response: {
          200: threadStateSchema,
        },
      },
    },
    async (request, reply) => {
      const experiment = await ownedExperiment(experiments, request);
      const thread = await chat.getThread(userOf(request).id, experiment.id, request.params.tid);
      if (!thread) throw threadNotFound();
      reply.header('cache-control', 'no-store');
      return {
        thread_id: thread.threadId,
        title: thread.title,
        status: thread.status,
        state: { messages: await chat.listMessages(thread.threadId) },
      };
    },
  );

  r.patch(
    '/:id/threads/:tid',
    {
      schema: {
        summary: 'Rename a thread or change its status',
        tags: threadTags,
        params: threadParams,
        body: threadPatchSchema,
        response: { 200: threadSchema },
      },
    },
    async (request) => {
      const experiment = await ownedExperiment(experiments, request);
      const changes = request.body;
      const thread = await chat.updateThread(
        userOf(request).id,
        experiment.id,
        request.params.tid,
        changes,
      );
      if (!thread) throw threadNotFound();
      await app.events.publish(experiment.id, {
        type: 'thread_updated',
        thread_id: thread.thread_id,
        change: 'updated',
      });
      return thread;
    },
  );

  r.delete(
    '/:id/threads/:tid',
    {
      schema: {
        summary: 'Delete a thread and its messages',
        tags: threadTags,
        params: threadParams,
        response: { 204: deleted },
      },
    },
    async (request, reply) => {
      const experiment = await ownedExperiment(experiments, request);
      const tid = request.params.tid;
      if (!(await chat.deleteThread(userOf(request).id, experiment.id, tid))) {
        throw threadNotFound();
      }
      await app.events.publish(experiment.id, {
        type: 'thread_updated',
        thread_id: tid,
        change: 'deleted',
      });
      return reply.status(204).send(null);
    },
  );
}
