// @vitest-environment happy-dom
// The Chat tab's actions (spec section 4, Chat send). The HTTP layer is replaced by the fake
// fetch of tests/unit/api/fake-fetch.ts (a test double of the API client's network layer
// only: it answers in the order the requests are made), so the client's handling is real.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notePathname, setUnauthorizedHandler } from '../../../src/api/http-client';
import { plateDefn } from '../../../src/domain/plate-format';
import { computePlateState } from '../../../src/domain/plate-state';
import { indexOfWellId } from '../../../src/domain/well-id';
import { WellSet } from '../../../src/domain/plate/well-set';
import {
  closeChat,
  openChat,
  removeConversation,
  sendMessage,
} from '../../../src/state/chat-actions';
import {
  CHAT_REFRESH_DELAY_MS,
  chat,
  historyLoadErrorMessage,
  isSendable,
  mergeReplies,
  newChatThreadId,
} from '../../../src/state/chat-store';
import { closeDesignerSession, openDesignerSession } from '../../../src/state/designer-document';
import { designer, resetDesignerState } from '../../../src/state/designer-store';
import { plateSelection, resetSelection, setSelection } from '../../../src/state/selection-store';
import { installFakeFetch, type FakeFetch } from '../api/fake-fetch';

const NOW = 1_700_000_000_123;
const EXP = 7;
const THREAD = `exp_${EXP}_${NOW}`;

let net: FakeFetch;

const msg = (role: 'user' | 'assistant', content: string, thread_id = THREAD) => ({
  role,
  content,
  timestamp: '2026-01-01T00:00:00.000Z',
  thread_id,
});

function plateWithB3() {
  const wells = { B3: { targets: { stauro: { target_nM: 10_000, volume_uL: 1 } } } };
  return computePlateState({ defn: plateDefn(96), wells, version: 4, bench: [] });
}

const opsOf = [{ op: 'add' as const, sel: 'OFF', label: 'Working stock', reagent: 'stauro' }];

function answer(plate = true) {
  return {
    messages: [msg('user', 'put 10 uM stauro in B3'), msg('assistant', 'Done.\nB3 holds it.')],
    thread_id: THREAD,
    plate_v2: plate ? plateWithB3() : null,
    version_id: plate ? 12 : null,
    protocol_ops: plate ? opsOf : [],
  };
}

async function opened(threadId: string | null = null) {
  net.respond(200, { threads: [] });
  await openChat(EXP, threadId);
}

const bodyOf = (i: number) => JSON.parse(String(net.calls[i].body)) as Record<string, unknown>;

beforeEach(() => {
  net = installFakeFetch();
  setUnauthorizedHandler(vi.fn());
  notePathname('/login');
  resetDesignerState();
  resetSelection(plateSelection, 96);
  designer.experiment = {
    id: EXP,
    name: 'Screen',
    description: null,
    plate_type: '96',
    vehicle_slug: null,
    default_vehicle_slug: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
  openDesignerSession(EXP, 0);
});

afterEach(() => {
  closeChat();
  closeDesignerSession();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

describe('chat rules', () => {
  it('makes thread ids of the form exp_{experimentId}_{timestamp}', () => {
    expect(newChatThreadId(42, 1_700_000_000_000)).toBe('exp_42_1700000000000');
    expect(newChatThreadId(3)).toMatch(/^exp_3_\d{13}$/);
  });

  it('does not send empty or whitespace messages', () => {
    expect(isSendable('')).toBe(false);
    expect(isSendable(' \n\t ')).toBe(false);
    expect(isSendable(' what is in B3 ')).toBe(true);
  });

  it('words the history load errors as the catalogue does', () => {
    expect(historyLoadErrorMessage(new Error('Thread not found'))).toBe(
      'Failed to load conversation history: Thread not found. Please refresh the page.',
    );
    expect(historyLoadErrorMessage(undefined)).toBe(
      'Failed to load chat history. Please refresh the page.',
    );
  });

  it('replaces the pending message by the stored ones', () => {
    const merged = mergeReplies(
      [msg('assistant', 'earlier'), { ...msg('user', 'hi'), pending: true }],
      [msg('user', 'hi'), msg('assistant', 'hello')],
    );
    expect(merged.map((m) => m.content)).toEqual(['earlier', 'hi', 'hello']);
    expect(merged.some((m) => 'pending' in m)).toBe(false);
  });
});

describe('sendMessage', () => {
  it('shows the message and "thinking" at once, then merges the replies, reloads the thread and applies the plate', async () => {
    await opened();
    expect(net.calls[0].url).toMatch(/\/api\/experiments\/7\/threads\?limit=50$/);
    chat.draft = '  put 10 uM stauro in B3 ';
    net.respond(200, answer());
    net.respond(200, {
      thread_id: THREAD,
      state: {
        messages: [msg('user', 'put 10 uM stauro in B3'), msg('assistant', 'Done.\nB3 holds it.')],
      },
    });

    const sent = sendMessage(() => NOW);
    // Before any answer: the user's message is listed, the thread id made, the input cleared.
    expect(chat.status).toBe('sending');
    expect(chat.threadId).toBe(THREAD);
    expect(chat.draft).toBe('');
    expect(chat.messages).toHaveLength(1);
    expect(chat.messages[0]).toMatchObject({
      role: 'user',
      content: 'put 10 uM stauro in B3',
      pending: true,
    });

    await expect(sent).resolves.toBe(true);
    expect(net.calls[1].method).toBe('POST');
    expect(net.calls[1].url).toMatch(/\/api\/experiments\/7\/chat$/);
    expect(bodyOf(1)).toEqual({
      message: 'put 10 uM stauro in B3',
      thread_id: THREAD,
      create_new_thread: false,
      plate: 'changes',
    });
    expect(net.calls[2].url).toMatch(
      new RegExp(`/api/experiments/7/threads/${THREAD}/state\\?ts=\\d+$`),
    );
    expect(chat.status).toBe('idle');
    expect(chat.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'put 10 uM stauro in B3'],
      ['assistant', 'Done.\nB3 holds it.'],
    ]);
    expect(designer.plate?.version).toBe(4);
    expect(Object.keys(designer.wells)).toEqual(['B3']);
    expect(designer.canUndo).toBe(true);
    expect(designer.protocolOps).toEqual(opsOf);
  });

  it('takes over the changed wells of plate_changes on the plate it holds, recorded for undo', async () => {
    await opened();
    chat.draft = 'put 10 uM stauro in B3';
    net.respond(200, answer());
    net.respond(200, { thread_id: THREAD, state: { messages: answer().messages } });
    await sendMessage(() => NOW);
    expect(designer.plate?.version).toBe(4);
    const c5 = { targets: { stauro: { target_nM: 1000, tol_pct: 5, volume_uL: 0.1 } } };
    chat.draft = 'put 1 uM stauro in C5';
    net.respond(200, {
      ...answer(false),
      version_id: 13,
      protocol_ops: opsOf,
      plate_changes: { from: 4, version: 5, hash: 'h5', changed: { C5: c5 }, removed: ['B3'] },
    });
    net.respond(200, { thread_id: THREAD, state: { messages: answer().messages } });
    await sendMessage(() => NOW);
    expect(designer.plate?.version).toBe(5);
    expect(Object.keys(designer.wells)).toEqual(['C5']);
    expect(designer.wells.C5.targets.stauro.volume_uL).toBe(0.1);
    expect(designer.canUndo).toBe(true);
  });

  it('refreshes the conversations 500 ms after the answer, not before', async () => {
    vi.useFakeTimers();
    await opened();
    chat.draft = 'what is in B3';
    net.respond(200, answer(false));
    net.respond(200, { thread_id: THREAD, state: { messages: answer(false).messages } });
    await sendMessage(() => NOW);
    expect(net.calls).toHaveLength(3);
    const listed = [
      { thread_id: THREAD, title: 'what is in B3', last_active: '', message_count: 2 },
    ];
    net.respond(200, { threads: listed });
    await vi.advanceTimersByTimeAsync(CHAT_REFRESH_DELAY_MS - 1);
    expect(net.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(net.calls).toHaveLength(4);
    expect(net.calls[3].url).toMatch(/\/threads\?limit=50$/);
    expect(chat.threads).toEqual(listed);
  });

  it('keeps the protocol ops when the request changed nothing', async () => {
    designer.protocolOps = opsOf;
    await opened();
    chat.draft = 'what is in B3';
    net.respond(200, answer(false));
    net.respond(200, { thread_id: THREAD, state: { messages: answer(false).messages } });
    await sendMessage(() => NOW);
    expect(designer.protocolOps).toEqual(opsOf);
    expect(designer.plate).toBeNull();
  });

  it('sends the selected wells and keeps using the open thread', async () => {
    net.respond(200, { threads: [] });
    net.respond(200, { thread_id: 'exp_7_5', state: { messages: [] } });
    await openChat(EXP, 'exp_7_5');
    setSelection(
      plateSelection,
      WellSet.of(96, [indexOfWellId('A1', plateDefn(96)), indexOfWellId('B2', plateDefn(96))]),
    );
    chat.draft = 'add 1 uM stauro to the selection';
    net.respond(200, { ...answer(false), thread_id: 'exp_7_5' });
    net.respond(200, { thread_id: 'exp_7_5', state: { messages: [] } });
    await sendMessage(() => NOW);
    expect(bodyOf(2)).toEqual({
      message: 'add 1 uM stauro to the selection',
      thread_id: 'exp_7_5',
      create_new_thread: false,
      plate: 'changes',
      selection: ['A1', 'B2'],
    });
    expect(chat.threadId).toBe('exp_7_5');
  });

  it('on failure removes the message, shows the error, puts the text back and forgets the new thread id', async () => {
    await opened();
    chat.draft = 'add 10 uM stauro to column 11';
    net.respond(500, { detail: 'The assistant is unavailable' }, 'Internal Server Error');
    await expect(sendMessage(() => NOW)).resolves.toBe(false);
    expect(chat.messages).toEqual([]);
    expect(chat.error).toBe('The assistant is unavailable');
    expect(chat.draft).toBe('add 10 uM stauro to column 11');
    expect(chat.threadId).toBeNull();
    expect(chat.status).toBe('idle');
    expect(designer.plate).toBeNull();
  });

  it('on a network failure keeps the earlier messages and the thread', async () => {
    net.respond(200, { threads: [] });
    net.respond(200, { thread_id: 'exp_7_9', state: { messages: [msg('assistant', 'hello')] } });
    await openChat(EXP, 'exp_7_9');
    chat.draft = 'clear column 1';
    net.fail(new TypeError('Failed to fetch'));
    await sendMessage(() => NOW);
    expect(chat.messages.map((m) => m.content)).toEqual(['hello']);
    expect(chat.error).toBe('Failed to fetch');
    expect(chat.threadId).toBe('exp_7_9');
  });

  it('sends nothing for a blank input', async () => {
    await opened();
    chat.draft = '   ';
    await expect(sendMessage(() => NOW)).resolves.toBe(false);
    expect(net.calls).toHaveLength(1);
    expect(chat.messages).toEqual([]);
  });
});

describe('openChat and conversations', () => {
  it('loads the messages of the thread named in the address', async () => {
    net.respond(200, { threads: [] });
    net.respond(200, {
      thread_id: 'exp_7_5',
      state: { messages: [msg('user', 'a'), msg('assistant', 'b')] },
    });
    await openChat(EXP, 'exp_7_5');
    expect(net.calls[1].url).toMatch(/\/threads\/exp_7_5\/state\?ts=\d+$/);
    expect(chat.threadId).toBe('exp_7_5');
    expect(chat.messages.map((m) => m.content)).toEqual(['a', 'b']);
    expect(chat.loadError).toBeNull();
  });

  it('says the conversation could not be loaded, with the cause', async () => {
    net.respond(200, { threads: [] });
    net.respond(404, { detail: 'Thread not found' }, 'Not Found');
    await openChat(EXP, 'exp_7_5');
    expect(chat.loadError).toBe(
      'Failed to load conversation history: Thread not found. Please refresh the page.',
    );
  });

  it('deletes a conversation and starts a new one when it was open', async () => {
    net.respond(200, {
      threads: [{ thread_id: 'exp_7_5', title: 'x', last_active: '', message_count: 1 }],
    });
    net.respond(200, { thread_id: 'exp_7_5', state: { messages: [msg('user', 'x')] } });
    await openChat(EXP, 'exp_7_5');
    net.respond(204);
    await expect(removeConversation('exp_7_5')).resolves.toBe(true);
    expect(net.calls[2]).toMatchObject({ method: 'DELETE' });
    expect(net.calls[2].url).toMatch(/\/api\/experiments\/7\/threads\/exp_7_5$/);
    expect(chat.threads).toEqual([]);
    expect(chat.threadId).toBeNull();
    expect(chat.messages).toEqual([]);
  });

  it('alerts "Failed to delete conversation" when the delete fails', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await opened();
    net.respond(500, 'nope', 'Internal Server Error');
    await expect(removeConversation('exp_7_5')).resolves.toBe(false);
    expect(alert).toHaveBeenCalledWith('Failed to delete conversation');
    expect(chat.deletingId).toBeNull();
  });
});
