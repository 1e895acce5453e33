/**
 * The Chat tab: a conversation with the assistant that edits the plate (spec section 4,
 * Chat send). The open thread id lives in the address as ?thread= (replaced, never pushed);
 * opening the designer with it loads that conversation.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { bench } from '../../state/bench-store';
import {
  closeChat,
  openChat,
  openConversation,
  refreshThreads,
  removeConversation,
  sendMessage,
  startNewConversation,
} from '../../state/chat-actions';
import { THREAD_PARAM, chat, type ChatEntry } from '../../state/chat-store';
import { designer } from '../../state/designer-store';
import { ChatInput } from './chat-input';
import { ChatMessages } from './chat-messages';
import { chatSuggestions } from './chat-suggestions';
import { ConversationsMenu } from './conversations-menu';
import './chat.css';

export interface ChatPanelProps {
  experimentId: number;
}

/** Keeps ?thread= equal to the open thread (replace: the history does not grow). */
function useThreadParam(experimentId: number): void {
  const [params, setParams] = useSearchParams();
  const initial = useRef(params.get(THREAD_PARAM));
  const { threadId, experimentId: openFor } = useSnapshot(chat);

  useEffect(() => {
    void openChat(experimentId, initial.current);
    return () => closeChat();
  }, [experimentId]);

  useEffect(() => {
    // Until openChat ran, the store holds nothing of this experiment: leave the address alone.
    if (openFor !== experimentId) return;
    if ((params.get(THREAD_PARAM) ?? null) === threadId) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (threadId) next.set(THREAD_PARAM, threadId);
        else next.delete(THREAD_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [threadId, openFor, params, setParams, experimentId]);
}

export function ChatPanel({ experimentId }: ChatPanelProps) {
  // sync: the text box is controlled by the store and must not lag a keystroke behind.
  const state = useSnapshot(chat, { sync: true });
  const { format } = useSnapshot(designer);
  const { reagents } = useSnapshot(bench);
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  useThreadParam(experimentId);

  const sending = state.status === 'sending';
  const loading = state.status === 'loading';

  const wasSending = useRef(false);
  useEffect(() => {
    // The box was disabled while waiting, which drops focus: give it back after a send
    // (only then: on load the keyboard belongs to the plate).
    if (wasSending.current && !sending && document.activeElement === document.body) {
      inputRef.current?.focus();
    }
    wasSending.current = sending;
  }, [sending]);

  const messages = state.messages as readonly ChatEntry[];
  const empty = messages.length === 0 && !loading && !sending && !state.loadError;

  return (
    <section className="chat-panel" aria-label="Assistant" data-testid="chat-panel">
      <div className="chat-panel__head">
        <ConversationsMenu
          threads={state.threads}
          status={state.threadsStatus}
          currentId={state.threadId}
          deletingId={state.deletingId}
          disabled={sending}
          onOpenList={() => void refreshThreads()}
          onOpen={(tid) => void openConversation(tid)}
          onNew={startNewConversation}
          onDelete={removeConversation}
        />
        <button
          type="button"
          className="btn btn--sm"
          disabled={sending || (state.threadId === null && messages.length === 0)}
          onClick={() => {
            startNewConversation();
            inputRef.current?.focus();
          }}
        >
          New conversation
        </button>
      </div>

      {state.loadError && (
        <div className="error-box chat-panel__load-error" role="alert">
          <span className="error-box__message">{state.loadError}</span>
          <div className="chat-panel__load-actions">
            <button type="button" className="btn btn--sm" onClick={() => window.location.reload()}>
              Refresh page
            </button>
            <button
              type="button"
              className="btn btn--sm"
              onClick={() => {
                chat.loadError = null;
              }}
            >
              Dismiss
            </button>
          </div>
        </div>
      )}

      <ChatMessages
        messages={messages}
        thinking={sending}
        loading={loading}
        onPick={(n) => {
          chat.draft = String(n);
          void sendMessage();
        }}
      />

      {empty && (
        <div className="chat-suggestions">
          <p className="chat-suggestions__title" id="chat-suggestions-title">
            Try asking
          </p>
          <ul className="chat-suggestions__list" aria-labelledby="chat-suggestions-title">
            {chatSuggestions(format, reagents).map((text) => (
              <li key={text}>
                <button
                  type="button"
                  className="chat-suggestions__item"
                  onClick={() => {
                    chat.draft = text;
                    inputRef.current?.focus();
                  }}
                >
                  {text}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      {state.error && (
        <p className="chat-panel__error" role="alert" data-testid="chat-error">
          {state.error}
        </p>
      )}

      <ChatInput
        ref={inputRef}
        value={state.draft}
        sending={sending}
        onChange={(value) => {
          chat.draft = value;
        }}
        onSend={() => void sendMessage()}
      />
    </section>
  );
}
