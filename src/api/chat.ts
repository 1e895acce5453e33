/** Chat and thread calls of spec section 7 (the assistant that edits the plate). */
import type { z } from 'zod';
import type { chatRequestSchema } from '../domain/schemas/chat';
import type { ChatResponse } from '../domain/schemas/chat-answer';
import type { ChatMessage, ThreadState, ThreadSummary } from '../domain/schemas/thread';
import { apiRequest } from './http-client';

export type { ChatMessage, ChatResponse, ThreadSummary };

/** What POST .../chat sends; `selection` (well ids) lets a request say "the selection". */
export type ChatSendBody = z.input<typeof chatRequestSchema>;

/** Spec section 9: the thread list shows the 50 most recent. */
export const RECENT_THREADS = 50;

const base = (experimentId: number) => `/api/experiments/${experimentId}`;
const threadPath = (experimentId: number, threadId: string) =>
  `${base(experimentId)}/threads/${encodeURIComponent(threadId)}`;

/** POST .../chat: one request to the assistant; may answer a new plate. */
export function sendChatMessage(experimentId: number, body: ChatSendBody, signal?: AbortSignal) {
  return apiRequest<ChatResponse>(`${base(experimentId)}/chat`, {
    method: 'POST',
    body: { create_new_thread: false, ...body },
    signal,
  });
}

/** GET .../threads?limit=: the most recent conversations first. */
export async function listThreads(experimentId: number, limit = RECENT_THREADS) {
  const answer = await apiRequest<{ threads: ThreadSummary[] } | undefined>(
    `${base(experimentId)}/threads?limit=${limit}`,
  );
  return answer?.threads ?? [];
}

/** GET .../threads/{tid}/state?ts=: ts defeats caches so a reload sees the latest messages. */
export function getThreadState(experimentId: number, threadId: string, ts = Date.now()) {
  return apiRequest<ThreadState>(`${threadPath(experimentId, threadId)}/state?ts=${ts}`);
}

/** DELETE .../threads/{tid}. */
export function deleteThread(experimentId: number, threadId: string) {
  return apiRequest<void>(threadPath(experimentId, threadId), { method: 'DELETE' });
}
