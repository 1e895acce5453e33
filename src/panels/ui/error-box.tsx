/** A red box that says what went wrong and, optionally, offers a way out. */
import type { ReactNode } from 'react';

export function ErrorBox({
  title,
  message,
  detail,
  action,
}: {
  title?: string;
  message?: string | null;
  /** The technical cause (e.g. the HTTP error), in smaller type below the message. */
  detail?: string | null;
  action?: ReactNode;
}) {
  return (
    <div className="error-box" role="alert">
      <div className="error-box__text">
        {title && <strong className="error-box__title">{title}</strong>}
        {message && <span className="error-box__message">{message}</span>}
        {detail && <code className="error-box__detail">{detail}</code>}
      </div>
      {action && <div className="error-box__action">{action}</div>}
    </div>
  );
}
