/**
 * The conversation as a polite live log: each message as plain text (React escapes it, so
 * nothing a message holds becomes markup), line breaks kept; "Thinking…" while the
 * assistant works. It scrolls to the newest message and can be scrolled from the keyboard.
 */
import { openChoices, type ChatEntry } from '../../state/chat-store';

export interface ChatMessagesProps {
  messages: readonly ChatEntry[];
  thinking: boolean;
  loading: boolean;
  /** picks choice n (1-based) of the question the last message asks */
  onPick?: (n: number) => void;
}

// Mounted again (new key) whenever a message arrives: scrolls the log to its end, and only
// then, so reading older messages is not interrupted by unrelated renders.
function scrollLogToEnd(marker: HTMLElement | null): void {
  const log = marker?.parentElement;
  if (log) log.scrollTop = log.scrollHeight;
}

export function ChatMessages({ messages, thinking, loading, onPick }: ChatMessagesProps) {
  const choices = thinking ? [] : openChoices(messages);
  return (
    <div
      className="chat-log"
      role="log"
      aria-live="polite"
      aria-label="Conversation"
      aria-busy={loading || undefined}
      tabIndex={0}
      data-testid="chat-log"
    >
      {loading && <p className="chat-log__status">Loading conversation…</p>}
      {messages.map((m, i) => (
        <div
          key={`${m.timestamp}-${i}`}
          className={`chat-msg chat-msg--${m.role}${m.pending ? ' chat-msg--pending' : ''}`}
          data-testid={`chat-message-${m.role}`}
        >
          <span className="visually-hidden">{m.role === 'user' ? 'You: ' : 'Assistant: '}</span>
          <p className="chat-msg__text">{m.content}</p>
          {i === messages.length - 1 && choices.length > 0 && onPick && (
            <div className="chat-choices" role="group" aria-label="Choices">
              {choices.map((label, k) => (
                <button
                  key={label}
                  type="button"
                  className="btn btn--sm chat-choices__item"
                  data-testid="chat-choice"
                  onClick={() => onPick(k + 1)}
                >
                  {label}
                </button>
              ))}
            </div>
          )}
        </div>
      ))}
      {thinking && (
        <div
          className="chat-msg chat-msg--assistant chat-msg--thinking"
          data-testid="chat-thinking"
        >
          <p className="chat-msg__text">Thinking…</p>
        </div>
      )}
      <span key={`end-${messages.length}-${thinking}`} ref={scrollLogToEnd} aria-hidden="true" />
    </div>
  );
}
