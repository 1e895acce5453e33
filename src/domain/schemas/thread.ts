// Payloads of the chat threads, sessions and agent state routes (spec section 7).
import { z } from 'zod';
import { selectionSchema } from './chat';
import { LIMITS } from '../limits';

/** Statuses a thread may have: worked on, the assistant at work, waiting, put away, failed. */
export const THREAD_STATUSES = ['active', 'running', 'idle', 'archived', 'error'] as const;
export type ThreadStatus = (typeof THREAD_STATUSES)[number];

const STATUS_MESSAGE = `must be one of ${THREAD_STATUSES.join(', ')}`;

/** PATCH .../threads/{tid}: a new title (blank clears it) and/or status. */
export const threadPatchSchema = z.strictObject(
  {
    title: z
      .string({ error: 'must be text or null' })
      .trim()
      .max(LIMITS.shortText, `must be at most ${LIMITS.shortText} characters`)
      .nullish()
      .transform((v) => (v === undefined ? undefined : v || null)),
    status: z.enum(THREAD_STATUSES, { error: STATUS_MESSAGE }).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? 'only title and status can be changed' : undefined,
  },
);

/** POST .../threads/{tid}/resume: the next message of the conversation. */
export const threadResumeSchema = z.object({
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(LIMITS.message, `must be at most ${LIMITS.message} characters`),
  selection: selectionSchema,
});

/** Largest agent state, as JSON characters. */
export const AGENT_STATE_MAX_CHARS = 256 * 1024;

/** PUT .../agent-state: any JSON object up to 256 KB. */
export const agentStateSchema = z
  .record(z.string(), z.unknown(), { error: 'must be a JSON object' })
  .refine((state) => JSON.stringify(state).length <= AGENT_STATE_MAX_CHARS, {
    message: `must be at most ${AGENT_STATE_MAX_CHARS / 1024} KB of JSON`,
  });

/** A ?limit= query: a whole number from 1 to max, the default when absent. */
export function limitQuerySchema(defaultLimit: number, max: number) {
  return z.object({
    limit: z.coerce
      .number({ error: `must be a whole number from 1 to ${max}` })
      .int(`must be a whole number from 1 to ${max}`)
      .min(1, `must be a whole number from 1 to ${max}`)
      .max(max, `must be a whole number from 1 to ${max}`)
      .default(defaultLimit),
  });
}

/** A stored message as the API answers it. */
export const chatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  timestamp: z.string().describe('ISO time'),
  thread_id: z.string(),
  data: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('Facts the assistant attached (protocol ops, version id...), when any'),
});

/** A thread summary as the API answers it. */
export const threadSchema = z.object({
  thread_id: z.string(),
  title: z.string().nullable(),
  status: z.string(),
  last_active: z.string(),
  created_at: z.string(),
  message_count: z.number().int(),
});

/** A chat session as the API answers it. */
export const sessionSchema = z.object({
  session_id: z.string(),
  thread_id: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  last_active: z.string(),
});

/** GET .../threads: the most recent conversations first. */
export const threadListSchema = z.object({ threads: z.array(threadSchema) });

/** GET .../chat/history and the messages of a thread. */
export const messagesSchema = z.object({ messages: z.array(chatMessageSchema) });

/** GET .../threads/{tid}/state: a thread with its messages. */
export const threadStateSchema = z.object({
  thread_id: z.string(),
  title: z.string().nullable(),
  status: z.string(),
  state: messagesSchema,
});

export type ChatMessage = z.output<typeof chatMessageSchema>;
export type ThreadSummary = z.output<typeof threadSchema>;
export type ThreadState = z.output<typeof threadStateSchema>;
