// What the Chat tab does: open a conversation, send a request (spec section 4, Chat send),
// list, open and delete conversations. A late answer for a conversation no longer open is
// dropped: every action checks the epoch it started in.
import {
  deleteThread,
  getThreadState,
  listThreads,
  sendChatMessage,
  type ChatMessage,
  type ChatResponse,
} from '../api/chat';
import { getPlateCompact } from '../api/plate';
import { reloadBenchAdditions } from './bench-actions';
import { noteBenchAdditions } from './bench-undo';
import { designer } from './designer-store';
import {
  adoptServerChanges,
  adoptServerState,
  adoptWirePlate,
  flushSaves,
} from './designer-document';
import {
  CHAT_REFRESH_DELAY_MS,
  DELETE_FAILED_MESSAGE,
  chat,
  historyLoadErrorMessage,
  isSendable,
  mergeReplies,
  newChatThreadId,
  requestErrorMessage,
  resetChatState,
} from './chat-store';
import { plateSelection, selectedWellIds } from './selection-store';

let epoch = 0;
let refreshTimer: ReturnType<typeof setTimeout> | null = null;

function cancelRefresh(): void {
  if (refreshTimer !== null) clearTimeout(refreshTimer);
  refreshTimer = null;
}

/**
 * Opens the Chat tab of an experiment: the thread named in the address (its messages are
 * loaded) or a new, empty conversation; the conversations list loads alongside.
 */
export async function openChat(experimentId: number, threadId: string | null): Promise<void> {
  cancelRefresh();
  resetChatState();
  epoch++;
  chat.experimentId = experimentId;
  void refreshThreads();
  if (threadId) await openConversation(threadId);
}

/** Leaves the Chat tab: nothing pending may write into the next one. */
export function closeChat(): void {
  cancelRefresh();
  epoch++;
  resetChatState();
}

/** Shows a stored conversation (GET threads/{tid}/state). */
export async function openConversation(threadId: string): Promise<void> {
  const experimentId = chat.experimentId;
  if (experimentId == null) return;
  const mine = ++epoch;
  chat.threadId = threadId;
  chat.messages = [];
  chat.error = null;
  chat.loadError = null;
  chat.status = 'loading';
  try {
    const answer = await getThreadState(experimentId, threadId);
    if (mine !== epoch) return;
    chat.messages = answer?.state?.messages ?? [];
  } catch (error) {
    if (mine !== epoch) return;
    chat.loadError = historyLoadErrorMessage(error);
  } finally {
    if (mine === epoch) chat.status = 'idle';
  }
}

/** An empty conversation; its thread id is made by the first send. */
export function startNewConversation(): void {
  epoch++;
  chat.threadId = null;
  chat.messages = [];
  chat.error = null;
  chat.loadError = null;
  chat.status = 'idle';
}

/** Reloads the conversations list (the 50 most recent). */
export async function refreshThreads(): Promise<void> {
  const experimentId = chat.experimentId;
  if (experimentId == null) return;
  if (chat.threadsStatus !== 'ready') chat.threadsStatus = 'loading';
  try {
    const threads = await listThreads(experimentId);
    if (chat.experimentId !== experimentId) return;
    chat.threads = threads;
    chat.threadsStatus = 'ready';
  } catch (error) {
    if (chat.experimentId !== experimentId) return;
    console.error('Could not load the conversations', error);
    chat.threadsStatus = 'error';
  }
}

function selectionIds(): string[] {
  return selectedWellIds(plateSelection.selection, plateSelection.format);
}

/**
 * Sends the input's text (spec section 4): the user's message shows at once, a new
 * conversation gets its thread id, "thinking" shows until the answer; the replies are
 * merged, the thread reloaded, a returned plate and its protocol ops applied, and the list
 * refreshed 500 ms later. On failure the message leaves the list, the error shows and the
 * text goes back into the input. Resolves true when the request succeeded.
 */
export async function sendMessage(now: () => number = Date.now): Promise<boolean> {
  const experimentId = chat.experimentId;
  const text = chat.draft.trim();
  if (experimentId == null || chat.status !== 'idle' || !isSendable(text)) return false;
  const mine = ++epoch;
  const typed = chat.draft;
  const createdThread = chat.threadId === null;
  const threadId = chat.threadId ?? newChatThreadId(experimentId, now());

  chat.threadId = threadId;
  chat.error = null;
  chat.loadError = null;
  chat.draft = '';
  chat.messages.push({
    role: 'user',
    content: text,
    timestamp: new Date(now()).toISOString(),
    pending: true,
  });
  chat.status = 'sending';

  try {
    // The assistant plans on the stored plate: let the user's last edits land first.
    await flushSaves();
    const selection = selectionIds();
    const answer = await sendChatMessage(experimentId, {
      message: text,
      thread_id: threadId,
      create_new_thread: false,
      // the wells the turn changed, not the whole plate (a megabyte on 1536 wells)
      plate: 'changes',
      ...(selection.length > 0 ? { selection } : {}),
    });
    if (mine !== epoch) return true;
    chat.threadId = answer.thread_id || threadId;
    chat.messages = mergeReplies(chat.messages, answer.messages ?? []);
    await applyPlate(experimentId, answer);
    await reloadThread(experimentId, chat.threadId, mine);
    if (mine !== epoch) return true;
    chat.status = 'idle';
    scheduleRefresh();
    return true;
  } catch (error) {
    if (mine !== epoch) return false;
    chat.messages = chat.messages.filter((m) => !m.pending);
    chat.error = requestErrorMessage(error);
    if (!chat.draft) chat.draft = typed;
    if (createdThread && chat.messages.length === 0) chat.threadId = null;
    chat.status = 'idle';
    return false;
  }
}

async function applyPlate(experimentId: number, answer: ChatResponse): Promise<void> {
  if (designer.experiment?.id !== experimentId) return;
  const { plate_v2: plate, plate_changes: changes, protocol_ops: ops } = answer;
  let adopted = false;
  if (plate) {
    adoptServerState(plate);
    adopted = true;
  } else if (changes) {
    adopted = true;
    if (!adoptServerChanges(changes)) {
      // the designer's plate is not the one the turn changed: take the whole plate
      const whole = await getPlateCompact(experimentId);
      if (whole && designer.experiment?.id === experimentId) adoptWirePlate(whole);
    }
  }
  if (adopted) {
    // The assistant may have put catalog reagents on the bench with this change: shown now,
    // and taken off again by an Undo of it.
    const wells = designer.wells;
    void reloadBenchAdditions().then((added) => noteBenchAdditions(wells, added));
  }
  // A request that changed nothing answers no ops: the current preparations stay.
  if (adopted || (Array.isArray(ops) && ops.length > 0)) {
    designer.protocolOps = Array.isArray(ops) ? ops : [];
  }
}

async function reloadThread(experimentId: number, threadId: string, mine: number): Promise<void> {
  try {
    const answer = await getThreadState(experimentId, threadId);
    const messages: ChatMessage[] | undefined = answer?.state?.messages;
    if (mine === epoch && Array.isArray(messages) && messages.length > 0) {
      chat.messages = messages;
    }
  } catch (error) {
    // The merged replies are on screen already; the stored copy is only a refresh.
    console.warn('Could not reload the conversation', error);
  }
}

function scheduleRefresh(): void {
  cancelRefresh();
  refreshTimer = setTimeout(() => {
    refreshTimer = null;
    void refreshThreads();
  }, CHAT_REFRESH_DELAY_MS);
}

/**
 * Deletes a conversation (the caller has asked for confirmation); alerts "Failed to delete
 * conversation" when the server refuses. Deleting the open one starts a new conversation.
 */
export async function removeConversation(threadId: string): Promise<boolean> {
  const experimentId = chat.experimentId;
  if (experimentId == null || chat.deletingId) return false;
  chat.deletingId = threadId;
  try {
    await deleteThread(experimentId, threadId);
    if (chat.experimentId !== experimentId) return true;
    chat.threads = chat.threads.filter((t) => t.thread_id !== threadId);
    if (chat.threadId === threadId) startNewConversation();
    return true;
  } catch (error) {
    console.error('Could not delete the conversation', error);
    if (typeof window !== 'undefined') window.alert(DELETE_FAILED_MESSAGE);
    return false;
  } finally {
    if (chat.deletingId === threadId) chat.deletingId = null;
  }
}
