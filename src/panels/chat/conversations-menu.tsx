/**
 * The conversations menu of the Chat tab: the recent threads (title, when last active, how
 * many messages), open one, start a new one, delete one after a confirmation. A disclosure
 * (not an ARIA menu) because each row holds two buttons; Escape or a click outside closes it.
 */
import { useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { usePopover } from '../ui/use-popover';
import { formatRelativeShort } from '../../domain/relative-time';
import type { ThreadSummary } from '../../api/chat';
import { threadTitle } from '../../state/chat-store';

export interface ConversationsMenuProps {
  threads: readonly ThreadSummary[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  currentId: string | null;
  deletingId: string | null;
  disabled?: boolean;
  onOpenList(): void;
  onOpen(threadId: string): void;
  onNew(): void;
  onDelete(threadId: string): Promise<boolean>;
}

const messageCount = (n: number) => `${n} message${n === 1 ? '' : 's'}`;

export function ConversationsMenu({
  threads,
  status,
  currentId,
  deletingId,
  disabled,
  onOpenList,
  onOpen,
  onNew,
  onDelete,
}: ConversationsMenuProps) {
  const {
    open,
    setOpen,
    triggerRef: buttonRef,
    panelRef,
    closeAndFocusTrigger: close,
  } = usePopover();
  const [confirming, setConfirming] = useState<ThreadSummary | null>(null);
  // "Now" of the relative times: taken when the list opens, not on every render.
  const [now, setNow] = useState(() => Date.now());
  const panelId = useId();

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('button')?.focus();
  }, [open, panelRef]);

  return (
    <div className="chat-threads">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn--sm"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        disabled={disabled}
        onClick={() => {
          if (!open) {
            setNow(Date.now());
            onOpenList();
          }
          setOpen(!open);
        }}
      >
        Conversations ▾
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          className="chat-threads__panel"
          role="region"
          aria-label="Conversations"
        >
          <button
            type="button"
            className="btn btn--sm chat-threads__new"
            onClick={() => {
              onNew();
              close();
            }}
          >
            New conversation
          </button>
          {status === 'loading' && threads.length === 0 && (
            <p className="chat-threads__note">Loading conversations…</p>
          )}
          {status === 'error' && (
            <p className="chat-threads__note">Conversations could not be loaded.</p>
          )}
          {status === 'ready' && threads.length === 0 && (
            <p className="chat-threads__note">No conversations yet</p>
          )}
          {threads.length > 0 && (
            <ul className="chat-threads__list" aria-label="Recent conversations">
              {threads.map((t) => (
                <li
                  key={t.thread_id}
                  className="chat-threads__item"
                  data-testid="chat-thread"
                  data-thread-id={t.thread_id}
                >
                  <button
                    type="button"
                    className="chat-threads__open"
                    aria-current={t.thread_id === currentId ? 'true' : undefined}
                    onClick={() => {
                      onOpen(t.thread_id);
                      close();
                    }}
                  >
                    <span className="chat-threads__title">{threadTitle(t)}</span>
                    <span className="chat-threads__meta">
                      {formatRelativeShort(t.last_active, now)} · {messageCount(t.message_count)}
                    </span>
                  </button>
                  <button
                    type="button"
                    className="btn btn--sm btn--icon chat-threads__delete"
                    aria-label={`Delete conversation “${threadTitle(t)}”`}
                    title="Delete conversation"
                    disabled={deletingId !== null}
                    onClick={() => setConfirming(t)}
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Delete conversation"
        confirmLabel="Delete"
        danger
        busy={confirming !== null && deletingId === confirming.thread_id}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const target = confirming;
          if (!target) return;
          void onDelete(target.thread_id).finally(() => {
            setConfirming(null);
            // The deleted row is gone: keep the keyboard inside the menu (or on its button).
            const next =
              panelRef.current?.querySelector<HTMLElement>('button') ?? buttonRef.current;
            next?.focus();
          });
        }}
      >
        {confirming && (
          <p>
            Delete “{threadTitle(confirming)}”? Its messages are removed. This action cannot be
            undone.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
