// The Chat tab's state: the open conversation (thread id, messages), the input text, what is
// under way, and the conversations list. Actions live in chat-actions.ts; the rules they
// follow are the pure functions below.
import { proxy } from 'valtio/vanilla';
import { errorMessage } from '../api/api-error';
import type { ChatMessage, ThreadSummary } from '../api/chat';

/**
 * A message on screen; `pending` marks the user's message while its request runs (it has no
 * thread until the server stored it).
 */
export interface ChatEntry extends Omit<ChatMessage, 'thread_id'> {
  thread_id?: string;
  pending?: boolean;
}

/** idle; loading a conversation; sending (the assistant is "thinking"). */
export type ChatStatus = 'idle' | 'loading' | 'sending';

export interface ChatState {
  experimentId: number | null;
  /** The open conversation; null until the first message of a new one. */
  threadId: string | null;
  messages: ChatEntry[];
  /** The input's text (kept here so a failed send can put it back). */
  draft: string;
  status: ChatStatus;
  /** Why the last request failed (shown until the next send). */
  error: string | null;
  /** Why the conversation could not be loaded (Refresh page / Dismiss). */
  loadError: string | null;
  threads: ThreadSummary[];
  threadsStatus: 'idle' | 'loading' | 'ready' | 'error';
  /** The conversation being deleted, if any. */
  deletingId: string | null;
}

function initialState(): ChatState {
  return {
    experimentId: null,
    threadId: null,
    messages: [],
    draft: '',
    status: 'idle',
    error: null,
    loadError: null,
    threads: [],
    threadsStatus: 'idle',
    deletingId: null,
  };
}

/** The Chat tab's store. */
export const chat = proxy<ChatState>(initialState());

/** Back to nothing open (another experiment, or leaving the designer). */
export function resetChatState(): void {
  Object.assign(chat, initialState());
}

/** Spec section 9: the thread list is refreshed 500 ms after a send. */
export const CHAT_REFRESH_DELAY_MS = 500;

/** The URL query parameter holding the open thread id (spec section 4). */
export const THREAD_PARAM = 'thread';

/** Spec section 8: the conversation delete failure alert. */
export const DELETE_FAILED_MESSAGE = 'Failed to delete conversation';

/** A new thread id, exp_{experimentId}_{timestamp} (spec section 4, Chat send). */
export function newChatThreadId(experimentId: number, now = Date.now()): string {
  return `exp_${experimentId}_${now}`;
}

/** True when the text is worth sending: empty or whitespace messages are not sent. */
export function isSendable(text: string): boolean {
  return text.trim().length > 0;
}

/** Spec section 8, chat history load errors: with the cause when there is one. */
export function historyLoadErrorMessage(error: unknown): string {
  // The cause ends the clause: no second full stop when it is a sentence of its own.
  const cause = requestErrorMessage(error, '').replace(/\.$/, '');
  return cause
    ? `Failed to load conversation history: ${cause}. Please refresh the page.`
    : 'Failed to load chat history. Please refresh the page.';
}

/** The text to show for a failed request: the server's words, else the error's (errorMessage). */
export function requestErrorMessage(error: unknown, fallback = 'Something went wrong'): string {
  return errorMessage(error, fallback);
}

/**
 * Merges the answer of a send into the list: the pending user message is replaced by the
 * messages the server stored (its user message and the assistant's replies).
 */
export function mergeReplies(
  messages: readonly ChatEntry[],
  replies: readonly ChatMessage[],
): ChatEntry[] {
  const kept = messages.filter((m) => !m.pending);
  return [...kept, ...replies];
}

/** The title a conversation shows in the list. */
/**
 * The choices of the question the assistant's last message asks, if it asks one: the
 * labels, in order (picking one sends its number).
 */
export function openChoices(messages: readonly ChatEntry[]): string[] {
  const last = messages.at(-1);
  if (!last || last.role !== 'assistant') return [];
  const q = last.data?.question as { choices?: { label?: unknown }[] } | undefined;
  if (!q || !Array.isArray(q.choices)) return [];
  return q.choices.map((c) => (typeof c?.label === 'string' ? c.label : '')).filter(Boolean);
}

export function threadTitle(thread: Pick<ThreadSummary, 'title'>): string {
  return thread.title?.trim() || 'Untitled conversation';
}
