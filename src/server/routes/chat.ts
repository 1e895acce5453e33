// Running the assistant: POST /api/experiments/{id}/chat and POST .../threads/{tid}/resume.
// Each turn may write a new plate version; stored conversations are read in chat-storage.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chatRequestSchema } from '../../domain/schemas/chat';
import { chatAnswerSchema } from '../../domain/schemas/chat-answer';
import { threadResumeSchema } from '../../domain/schemas/thread';
import { chatResponseBody, runChatTurn, type TurnDeps, type TurnInput } from '../agent/chat-turn';
import type { ModelConfig } from '../agent/decide-calls';
import { userOf } from '../auth/request-user';
import type { Db } from '../db/connect';
import type { PlateService } from '../plate/plate-service';
import type { AgentRepository } from '../repositories/agent';
import { newThreadId, type ChatRepository } from '../repositories/chat';
import type { ExperimentsRepository } from '../repositories/experiments';
import { threadNotFound } from './chat-storage';
import { experimentParamsSchema } from '../../domain/schemas/experiment';
import { ownedExperiment } from './experiment-access';

/** Registers the assistant's routes (prefix /api/experiments). */
export async function chatRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    experiments: ExperimentsRepository;
    chat: ChatRepository;
    agent: AgentRepository;
    plates: PlateService;
    model: ModelConfig;
  },
): Promise<void> {
  const { experiments, chat } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);
  const deps = (request: FastifyRequest): TurnDeps => ({
    db: options.db,
    plates: options.plates,
    chat,
    agent: options.agent,
    events: app.events,
    model: options.model,
    warn: (message, error) => request.log.warn({ err: error }, message),
  });

  const turn = async (request: FastifyRequest, reply: FastifyReply, input: TurnInput) => {
    const answer = await runChatTurn(deps(request), input);
    // Text is sent as it is, past the answer schema's serializer (which documents it).
    return reply
      .status(200)
      .header('content-type', 'application/json; charset=utf-8')
      .send(chatResponseBody(answer) as never);
  };

  r.post(
    '/:id/chat',
    {
      schema: {
        summary: 'Send a message to the assistant (may change the plate)',
        tags: ['Chat'],
        params: experimentParamsSchema,
        body: chatRequestSchema,
        response: { 200: chatAnswerSchema },
      },
    },
    async (request, reply) => {
      const experiment = await ownedExperiment(experiments, request);
      const body = request.body;
      const ownerId = userOf(request).id;
      const threadId =
        body.create_new_thread || !body.thread_id ? newThreadId(experiment.id) : body.thread_id;
      const thread = await chat.createThread(ownerId, experiment.id, { threadId });
      return turn(request, reply, {
        ownerId,
        experiment,
        threadId: thread.threadId,
        message: body.message,
        selection: body.selection,
        plate: body.plate,
      });
    },
  );

  r.post(
    '/:id/threads/:tid/resume',
    {
      schema: {
        summary: 'Continue a thread with the next message',
        tags: ['Threads'],
        params: experimentParamsSchema.extend({ tid: z.string() }),
        body: threadResumeSchema,
        response: { 200: chatAnswerSchema },
      },
    },
    async (request, reply) => {
      const experiment = await ownedExperiment(experiments, request);
      const ownerId = userOf(request).id;
      const thread = await chat.getThread(ownerId, experiment.id, request.params.tid);
      if (!thread) throw threadNotFound();
      const body = request.body;
      return turn(request, reply, {
        ownerId,
        experiment,
        threadId: thread.threadId,
        message: body.message,
        selection: body.selection,
      });
    },
  );
}
