/** The top bar's save indicator: saved, saving, unsaved changes, or what went wrong. */
import { useSnapshot } from 'valtio';
import { designer } from '../../state/designer-store';
import type { SaveStatus } from '../../state/save-queue';

/** Words for each save status. */
export const SAVE_STATUS_TEXT: Record<SaveStatus, string> = {
  saved: 'All changes saved',
  saving: 'Saving…',
  unsaved: 'Unsaved changes',
  error: 'Not saved',
  conflict: 'Reloaded: changed elsewhere',
};

export function SaveStatusIndicator() {
  const { saveStatus, saveError } = useSnapshot(designer);
  return (
    <span
      className={`save-status save-status--${saveStatus}`}
      role="status"
      aria-live="polite"
      title={saveError ?? undefined}
      data-testid="save-status"
      data-status={saveStatus}
    >
      <span className="save-status__dot" aria-hidden="true" />
      {SAVE_STATUS_TEXT[saveStatus]}
    </span>
  );
}
