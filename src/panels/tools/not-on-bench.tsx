// The series tool's offer for names that are not on the bench: instead of a refusal, the
// names are listed with one button that adds them from the catalog; what the catalog does
// not know is said plainly (the custom reagent form is the way to add those).
import { useState } from 'react';
import { Spinner } from '../ui/spinner';
import { designer } from '../../state/designer-store';
import { addListedToBench, type ListedOutcome } from '../dialogs/add-listed';

export interface NotOnBenchProps {
  names: readonly string[];
  /** Found names as the bench now calls them (an alias typed becomes the catalog's name). */
  onFound(catalogNames: ReadonlyMap<string, string>): void;
}

export function NotOnBench({ names, onFound }: NotOnBenchProps) {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState('');
  const [outcome, setOutcome] = useState<ListedOutcome | null>(null);
  if (names.length === 0 && !outcome) return null;
  const add = async () => {
    setBusy(true);
    const result = await addListedToBench(names, {
      experimentId: designer.experiment?.id ?? null,
      onProgress: setProgress,
    });
    setBusy(false);
    setOutcome(result);
    onFound(result.catalogNames);
  };
  return (
    <div className="tool-panel__offer" data-testid="not-on-bench">
      {names.length > 0 && (
        <p>
          {`Not on the bench: ${names.join(', ')}. `}
          <button
            type="button"
            className="btn btn--sm"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void add()}
          >
            {busy && <Spinner />}
            {names.length === 1
              ? 'Add it from the catalog'
              : `Add the ${names.length} from the catalog`}
          </button>{' '}
          <span role="status">{progress}</span>
        </p>
      )}
      {outcome && outcome.added.length > 0 && (
        <p>Added to the bench: {outcome.added.join(', ')}.</p>
      )}
      {outcome && outcome.unknown.length > 0 && (
        <p role="alert">
          Not found in the catalog: {outcome.unknown.join(', ')}. Correct the names, or add them to
          the bench with Add reagent, then Custom reagent.
        </p>
      )}
      {outcome && outcome.failed.length > 0 && (
        <p role="alert">
          Could not be added: {outcome.failed.map((f) => `${f.name} (${f.why})`).join('; ')}.
        </p>
      )}
    </div>
  );
}
