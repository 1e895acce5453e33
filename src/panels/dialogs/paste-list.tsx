/**
 * "Paste a list" in the reagent picker: a screen's compound list (names or catalog ids, one
 * a line, as copied from a spreadsheet column) goes onto the bench in one action. Each line
 * is looked up in the catalog; what is found and not yet on the bench is added, and every
 * line that is not found (or could not be added) is listed and left in the box, never dropped.
 */
import { useId, useState } from 'react';
import type { searchCatalog } from '../../api/reagents';
import { Spinner } from '../ui/spinner';
import type { addReagent } from '../../state/bench-actions';
import { addListedToBench, type ListedOutcome } from './add-listed';
import { LibraryPlatePick } from './library-plate-pick';
import { listedNames } from './picker-rules';

export interface PasteListProps {
  experimentId: number | null;
  search: typeof searchCatalog;
  add: typeof addReagent;
  /** Busy while adding (the dialog's buttons wait). */
  onBusy(busy: boolean): void;
  /** Everything listed is on the bench now. */
  onDone(): void;
}

export function PasteList({ experimentId, search, add, onBusy, onDone }: PasteListProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState('');
  const [outcome, setOutcome] = useState<ListedOutcome | null>(null);
  const id = useId();
  const names = listedNames(text);

  const run = async (listed: readonly string[]) => {
    setBusy(true);
    onBusy(true);
    const result = await addListedToBench(listed, {
      experimentId,
      search,
      add,
      onProgress: setProgress,
    });
    setBusy(false);
    onBusy(false);
    setOutcome(result);
    // What could not be added stays in the box, to be corrected and added again.
    const left = [...result.unknown, ...result.failed.map((f) => f.name)];
    setText(left.join('\n'));
    if (left.length === 0) onDone();
  };

  return (
    <section className="paste-list" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="paste-list__title">
        Paste a list
      </h3>
      <label className="field" htmlFor={`${id}-text`}>
        <span className="field__label">Names or catalog ids, one a line</span>
        <textarea
          id={`${id}-text`}
          className="input paste-list__text"
          rows={5}
          value={text}
          disabled={busy}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <div className="paste-list__actions">
        <button
          type="button"
          className="btn btn--sm"
          disabled={busy || names.length === 0}
          aria-busy={busy || undefined}
          onClick={() => void run(names)}
        >
          {busy && <Spinner />}
          {names.length > 0 ? `Add the ${names.length} listed` : 'Add the listed'}
        </button>
        <span role="status" aria-live="polite" className="paste-list__status">
          {progress}
        </span>
      </div>
      <LibraryPlatePick busy={busy} onNames={(listed) => void run(listed)} />
      {outcome && (
        <div className="paste-list__outcome" data-testid="paste-outcome">
          {outcome.added.length > 0 && <p>Added to the bench: {outcome.added.join(', ')}.</p>}
          {outcome.already.length > 0 && <p>Already on the bench: {outcome.already.join(', ')}.</p>}
          {outcome.unknown.length > 0 && (
            <p role="alert">
              Not found in the catalog (left in the box; correct them, or add them with Custom
              reagent): {outcome.unknown.join(', ')}.
            </p>
          )}
          {outcome.failed.length > 0 && (
            <p role="alert">
              Could not be added: {outcome.failed.map((f) => `${f.name} (${f.why})`).join('; ')}.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
