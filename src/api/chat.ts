/** Chat and thread calls of spec section 7 (the assistant that edits the plate). */
import type { PlateState } from '../domain/plate-state';
import type { ProtocolOp } from '../domain/plate-wire';
import { apiRequest } from './http-client';
import type { PlateChanges } from './plate';

/** One message of a conversation (spec section 3, Chat message). */
export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
  /** ISO time */
  timestamp: string;
  thread_id?: string;
  /** facts the assistant attached (version id, protocol ops...), when any */
  data?: Record<string, unknown>;
}

/** A conversation as the thread list shows it (spec section 3, Thread summary). */
export interface ThreadSummary {
  thread_id: string;
  title: string | null;
  last_active: string;
  message_count: number;
  status?: string;
  created_at?: string;
}

/** POST .../chat answer (spec section 3, Chat response). */
export interface ChatResponse {
  messages: ChatMessage[];
  thread_id: string;
  plate_v2: PlateState | null;
  version_id: number | null;
  protocol_ops: ProtocolOp[];
  /** asked for with plate: "changes": the wells the turn changed (plate_v2 is then null) */
  plate_changes?: PlateChanges;
}

/** GET .../threads/{tid}/state answer. */
export interface ThreadState {
  thread_id: string;
  title?: string | null;
  status?: string;
  state: { messages: ChatMessage[] };
}

/** What POST .../chat sends; `selection` (well ids) lets a request say "the selection". */
export interface ChatSendBody {
  message: string;
  thread_id: string | null;
  create_new_thread?: boolean;
  selection?: string[];
  /** "changes": answer the changed wells (plate_changes) rather than the whole plate */
  plate?: 'full' | 'changes';
}

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
  const answer = await apiRequest<{ threads: ThreadSummary[] }>(
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

/** PATCH .../threads/{tid}: rename (blank clears the title) or change the status. */
export function updateThread(
  experimentId: number,
  threadId: string,
  changes: { title?: string | null; status?: string },
) {
  return apiRequest<ThreadSummary>(threadPath(experimentId, threadId), {
    method: 'PATCH',
    body: changes,
  });
}

/** GET .../chat/history: every message of the experiment, oldest first. */
export async function getChatHistory(experimentId: number) {
  const answer = await apiRequest<{ messages: ChatMessage[] }>(
    `${base(experimentId)}/chat/history`,
  );
  return answer?.messages ?? [];
}
