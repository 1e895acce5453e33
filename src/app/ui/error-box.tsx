/** A red box that says what went wrong and, optionally, offers a way out. */
import type { ReactNode } from 'react';

export function ErrorBox({
  title,
  message,
  action,
}: {
  title?: string;
  message?: string | null;
  action?: ReactNode;
}) {
  return (
    <div className="error-box" role="alert">
      <div className="error-box__text">
        {title && <strong className="error-box__title">{title}</strong>}
        {message && <span className="error-box__message">{message}</span>}
      </div>
      {action && <div className="error-box__action">{action}</div>}
    </div>
  );
}
