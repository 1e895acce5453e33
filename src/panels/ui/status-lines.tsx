/** A form's status line (read out politely) and its error line, if any (read out at once). */
import type { ReactNode } from 'react';

export function StatusLines({ status, error }: { status: ReactNode; error: ReactNode }) {
  return (
    <>
      <p className="status-line" role="status" aria-live="polite">
        {status}
      </p>
      {error && (
        <p className="error-line" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
