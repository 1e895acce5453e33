/**
 * "Paste a list" in the reagent picker: a screen's compound list (names or catalog ids, one
 * a line, as copied from a spreadsheet column) goes onto the bench in one action. Each line
 * is looked up in the catalog; what is found and not yet on the bench is added, and every
 * line that is not found (or could not be added) is listed and left in the box, never dropped.
 */
import { useId, useState } from 'react';
import type { searchCatalog } from '../../api/reagents';
import { Spinner } from '../../app/ui/spinner';
import { planReagentCreate } from '../../domain/reagent-validation';
import { requestErrorMessage, type addReagent } from '../../state/bench-actions';
import { bench } from '../../state/bench-store';
import {
  addOrder,
  catalogMatch,
  catalogReagentInput,
  isOnBench,
  listedNames,
} from './picker-rules';

export interface PasteListProps {
  experimentId: number | null;
  search: typeof searchCatalog;
  add: typeof addReagent;
  /** Busy while adding (the dialog's buttons wait). */
  onBusy(busy: boolean): void;
  /** Everything listed is on the bench now. */
  onDone(): void;
}

interface Outcome {
  added: string[];
  already: string[];
  unknown: string[];
  failed: { name: string; why: string }[];
}

export function PasteList({ experimentId, search, add, onBusy, onDone }: PasteListProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const id = useId();
  const names = listedNames(text);

  const run = async () => {
    setBusy(true);
    onBusy(true);
    const result: Outcome = { added: [], already: [], unknown: [], failed: [] };
    const found = [];
    for (const [i, name] of names.entries()) {
      setProgress(`Looking up ${i + 1} of ${names.length}…`);
      try {
        const match = catalogMatch(name, await search({ q: name, limit: 20 }));
        if (!match) result.unknown.push(name);
        else if (isOnBench(match, bench.reagents)) result.already.push(name);
        else found.push({ name, match });
      } catch (err) {
        result.failed.push({ name, why: requestErrorMessage(err) });
      }
    }
    const order = addOrder(found.map((f) => f.match));
    for (const [i, match] of order.entries()) {
      setProgress(`Adding ${i + 1} of ${order.length}…`);
      const name = found.find((f) => f.match === match)?.name ?? match.name;
      const plan = planReagentCreate(catalogReagentInput(match), { experimentId });
      try {
        if (!plan.ok) throw new Error(plan.errors.map((e) => e.message).join('; '));
        await add(plan.payload);
        result.added.push(name);
      } catch (err) {
        result.failed.push({ name, why: requestErrorMessage(err) });
      }
    }
    setBusy(false);
    onBusy(false);
    setProgress('');
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
          onClick={() => void run()}
        >
          {busy && <Spinner />}
          {names.length > 0 ? `Add the ${names.length} listed` : 'Add the listed'}
        </button>
        <span role="status" aria-live="polite" className="paste-list__status">
          {progress}
        </span>
      </div>
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
