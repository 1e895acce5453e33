/** A full-area progress message, e.g. "Checking your session…". */
import { Spinner } from './spinner';

export function PageStatus({ message }: { message: string }) {
  return (
    <div className="page-status" role="status" aria-live="polite">
      <Spinner size="md" />
      <span>{message}</span>
    </div>
  );
}
