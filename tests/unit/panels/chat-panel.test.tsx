// @vitest-environment happy-dom
// The Chat tab as a user meets it: keys, the thread in the address, failure restore, plain
// text messages, suggestions, the load error and the conversations menu. The HTTP layer is
// replaced by the fake fetch of tests/unit/api/fake-fetch.ts (a test double of the API
// client's network layer only; it answers in the order the requests are made).
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { ChatPanel } from '../../../src/panels/chat/chat-panel';
import { chatSuggestions } from '../../../src/panels/chat/chat-suggestions';
import { closeChat } from '../../../src/state/chat-actions';
import { chat } from '../../../src/state/chat-store';
import { resetDesignerState } from '../../../src/state/designer-store';
import { plateSelection, resetSelection } from '../../../src/state/selection-store';
import { fakeFetchPerTest } from '../api/fake-fetch';

const net = fakeFetchPerTest();
const where = { search: '', nav: '' };

function LocationProbe() {
  const location = useLocation();
  const nav = useNavigationType();
  useEffect(() => {
    where.search = location.search;
    where.nav = nav;
  }, [location.search, nav]);
  return null;
}

function show(url = '/experiments/7') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/experiments/:id"
          element={
            <>
              <ChatPanel experimentId={7} />
              <LocationProbe />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const msg = (role: 'user' | 'assistant', content: string) => ({
  role,
  content,
  timestamp: '2026-01-01T00:00:00.000Z',
});

const box = () => screen.getByLabelText('Message the assistant') as HTMLTextAreaElement;

function type(text: string) {
  fireEvent.change(box(), { target: { value: text } });
}

async function settle() {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

beforeEach(() => {
  resetDesignerState();
  resetSelection(plateSelection, 96);
});

afterEach(() => {
  cleanup();
  closeChat();
  vi.useRealTimers();
});

describe('ChatPanel', () => {
  it('Enter sends, the thread goes into the address by replace, the replies show as plain text', async () => {
    net.respond(200, { threads: [] });
    show('/experiments/7?onboard=add-reagents');
    await settle();

    type('what is in <b>B3</b>');
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(net.calls).toHaveLength(1);

    net.respond(200, {
      messages: [
        msg('user', 'what is in <b>B3</b>'),
        msg('assistant', 'B3 is empty.\nNothing else.'),
      ],
      thread_id: 'exp_7_1',
      plate_v2: null,
      version_id: null,
      protocol_ops: [],
    });
    net.respond(200, {
      thread_id: 'exp_7_1',
      state: {
        messages: [
          msg('user', 'what is in <b>B3</b>'),
          msg('assistant', 'B3 is empty.\nNothing else.'),
        ],
      },
    });
    net.respond(200, { threads: [] });
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(screen.getAllByTestId('chat-message-assistant')).toHaveLength(1));
    const threadId = String(JSON.parse(String(net.calls[1].body)).thread_id);

    expect(threadId).toMatch(/^exp_7_\d{13}$/);
    const log = screen.getByRole('log');
    expect(log.getAttribute('aria-live')).toBe('polite');
    const user = within(log).getByTestId('chat-message-user');
    expect(user.textContent).toContain('what is in <b>B3</b>');
    expect(user.querySelector('b')).toBeNull();
    expect(within(log).getByTestId('chat-message-assistant').textContent).toContain(
      'B3 is empty.\nNothing else.',
    );
    await waitFor(() => expect(new URLSearchParams(where.search).get('thread')).toBe('exp_7_1'));
    const params = new URLSearchParams(where.search);
    expect(params.get('onboard')).toBe('add-reagents');
    expect(where.nav).toBe('REPLACE');
    expect(box().value).toBe('');
  });

  it('shows "Thinking…" and disables the input while waiting', async () => {
    net.respond(200, { threads: [] });
    show();
    await settle();
    type('clear column 1');
    net.hang();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await settle();
    expect(screen.getByTestId('chat-thinking').textContent).toBe('Thinking…');
    expect(box().disabled).toBe(true);
    expect(screen.getByTestId('chat-message-user').textContent).toContain('clear column 1');
  });

  it('on failure removes the message, shows the error and puts the text back', async () => {
    net.respond(200, { threads: [] });
    show();
    await settle();
    type('add 10 uM stauro to column 11');
    net.respond(500, { detail: 'The assistant is unavailable' }, 'Internal Server Error');
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('chat-error')).toBeTruthy());
    expect(screen.getByTestId('chat-error').textContent).toBe('The assistant is unavailable');
    expect(screen.queryByTestId('chat-message-user')).toBeNull();
    expect(box().value).toBe('add 10 uM stauro to column 11');
    expect(box().disabled).toBe(false);
    await waitFor(() => expect(new URLSearchParams(where.search).get('thread')).toBeNull());
  });

  it('does not send empty or whitespace text', async () => {
    net.respond(200, { threads: [] });
    show();
    await settle();
    type('  \n ');
    fireEvent.keyDown(box(), { key: 'Enter' });
    await settle();
    expect(net.calls).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('loads the conversation named by ?thread=', async () => {
    net.respond(200, { threads: [] });
    net.respond(200, {
      thread_id: 'exp_7_5',
      state: {
        messages: [msg('user', 'clear rows A to B'), msg('assistant', 'Cleared 24 wells.')],
      },
    });
    show('/experiments/7?thread=exp_7_5');
    await waitFor(() => expect(screen.getAllByTestId(/chat-message-/)).toHaveLength(2));
    expect(net.calls[1].url).toMatch(/\/threads\/exp_7_5\/state\?ts=\d+$/);
    expect(new URLSearchParams(where.search).get('thread')).toBe('exp_7_5');
    expect(screen.queryByText('Try asking')).toBeNull();
  });

  it('shows the load error with Refresh page and Dismiss', async () => {
    net.respond(200, { threads: [] });
    net.respond(404, { detail: 'Thread not found' }, 'Not Found');
    show('/experiments/7?thread=exp_7_5');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Failed to load conversation history: Thread not found. Please refresh the page.',
    );
    expect(within(alert).getByRole('button', { name: 'Refresh page' })).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers example requests in an empty conversation; one fills the input', async () => {
    net.respond(200, { threads: [] });
    show();
    await settle();
    const suggestion = chatSuggestions(96, [])[0];
    expect(suggestion).toBe('add 10 uM staurosporine to column 11');
    fireEvent.click(screen.getByRole('button', { name: suggestion }));
    expect(box().value).toBe(suggestion);
    expect(document.activeElement).toBe(box());
    expect(net.calls).toHaveLength(1);
  });

  it('lists conversations, opens one and deletes one after confirming', async () => {
    const threads = [
      {
        thread_id: 'exp_7_5',
        title: 'clear rows A to B',
        last_active: new Date(Date.now() - 5 * 60_000).toISOString(),
        message_count: 2,
      },
      {
        thread_id: 'exp_7_6',
        title: 'what is in B3',
        last_active: new Date().toISOString(),
        message_count: 1,
      },
    ];
    net.respond(200, { threads });
    show();
    await settle();
    net.respond(200, { threads });
    fireEvent.click(screen.getByRole('button', { name: /Conversations/ }));
    await settle();
    const region = screen.getByRole('region', { name: 'Conversations' });
    const rows = within(region).getAllByTestId('chat-thread');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('5m · 2 messages'),
      expect.stringContaining('Just now · 1 message'),
    ]);

    net.respond(200, {
      thread_id: 'exp_7_5',
      state: { messages: [msg('user', 'clear rows A to B')] },
    });
    fireEvent.click(within(rows[0]).getByRole('button', { name: /^clear rows A to B/ }));
    await waitFor(() => expect(screen.getAllByTestId('chat-message-user')).toHaveLength(1));
    expect(new URLSearchParams(where.search).get('thread')).toBe('exp_7_5');

    net.respond(200, { threads });
    fireEvent.click(screen.getByRole('button', { name: /Conversations/ }));
    await settle();
    fireEvent.click(
      screen.getByRole('button', { name: 'Delete conversation “clear rows A to B”' }),
    );
    net.respond(204);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(chat.threads).toHaveLength(1));
    expect(net.calls.at(-1)).toMatchObject({ method: 'DELETE' });
    expect(screen.queryByTestId('chat-message-user')).toBeNull();
    await waitFor(() => expect(new URLSearchParams(where.search).get('thread')).toBeNull());
  });

  it('opens the conversations list from the keyboard; Escape closes it and returns focus', async () => {
    net.respond(200, { threads: [] });
    show();
    await settle();
    net.respond(200, { threads: [] });
    const trigger = screen.getByRole('button', { name: /Conversations/ });
    fireEvent.click(trigger);
    await settle();
    const region = screen.getByRole('region', { name: 'Conversations' });
    expect(within(region).getByText('No conversations yet')).toBeTruthy();
    expect(document.activeElement).toBe(
      within(region).getByRole('button', { name: 'New conversation' }),
    );
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Conversations' })).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });
});
