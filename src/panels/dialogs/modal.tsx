/**
 * The shell of the designer's dialogs on the native <dialog>: the page behind is inert,
 * Escape closes (unless busy), the title names the dialog for assistive technology.
 */
import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import './dialogs.css';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  actions?: ReactNode;
  /** While busy Escape does nothing (a request is running). */
  busy?: boolean;
  size?: 'md' | 'lg';
  testId?: string;
}

/** A modal dialog with a title, a body and actions. */
export function Modal({ open, title, onClose, children, actions, busy, size, testId }: ModalProps) {
  const ref = useRef<HTMLDialogElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // happy-dom and old browsers lack showModal: fall back to the open attribute.
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`dialog panel-dialog${size === 'lg' ? ' panel-dialog--lg' : ''}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        // Escape: React state closes it so the two never disagree.
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      {open && (
        <>
          <div className="panel-dialog__head">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button
              type="button"
              className="btn btn--icon"
              aria-label="Close"
              title="Close"
              onClick={onClose}
              disabled={busy}
            >
              ×
            </button>
          </div>
          <div className="dialog__body panel-dialog__body">{children}</div>
          {actions && <div className="dialog__actions">{actions}</div>}
        </>
      )}
    </dialog>
  );
}
