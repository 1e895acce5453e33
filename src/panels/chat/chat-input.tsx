/**
 * The message box: Enter sends, Shift+Enter adds a newline; disabled while the assistant
 * is working; empty or whitespace text is not sent.
 */
import { forwardRef, useId, type KeyboardEvent } from 'react';
import { Spinner } from '../ui/spinner';
import { isSendable } from '../../state/chat-store';

export interface ChatInputProps {
  value: string;
  sending: boolean;
  onChange(value: string): void;
  onSend(): void;
}

export const ChatInput = forwardRef<HTMLTextAreaElement, ChatInputProps>(function ChatInput(
  { value, sending, onChange, onSend },
  ref,
) {
  const canSend = !sending && isSendable(value);
  const id = useId();

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method composes a word confirms the word, it does not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };

  return (
    <form
      className="chat-input"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) onSend();
      }}
    >
      <label className="visually-hidden" htmlFor={`${id}-text`}>
        Message the assistant
      </label>
      <textarea
        ref={ref}
        id={`${id}-text`}
        className="textarea chat-input__text"
        rows={2}
        placeholder="Ask the assistant to change the plate…"
        value={value}
        disabled={sending}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <span id={`${id}-hint`} className="visually-hidden">
        Enter sends, Shift+Enter adds a new line.
      </span>
      <button
        type="submit"
        className="btn btn--primary btn--sm chat-input__send"
        disabled={!canSend}
        aria-busy={sending || undefined}
      >
        {sending && <Spinner />}
        Send
      </button>
    </form>
  );
});
