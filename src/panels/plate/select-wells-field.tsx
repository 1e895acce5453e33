// "Select wells" by typing them: the plate bar's text field reads a phrase with the domain's
// well-set grammar ("rows C-F in columns 5-10", "columns 1-2 and 47-48 except the POS wells",
// "quadrant 2") and selects what it names. A phrase with two readings offers both as buttons
// instead of guessing; one it cannot read says why and keeps the text for mending.
import { useId, useState, type FormEvent } from 'react';
import { plateDefn, type PlateFormat } from '../../domain/plate-format';
import type { WireWells } from '../../domain/plate-wire';
import { parseWellSet, plateLookup, type WellReading } from '../../domain/plate/well-set-grammar';
import { WellSet } from '../../domain/plate/well-set';
import { setSelection, type SelectionStore } from '../../state/selection-store';

export interface SelectWellsFieldProps {
  format: PlateFormat;
  /** the plate's wells, for "the staurosporine wells" and "wells tagged POS" */
  wells: WireWells;
  /** reagent slug -> display name */
  names: Record<string, string>;
  store: SelectionStore;
}

type Said = { kind: 'read'; text: string } | { kind: 'error'; text: string } | null;

export function SelectWellsField({ format, wells, names, store }: SelectWellsFieldProps) {
  const [text, setText] = useState('');
  const [said, setSaid] = useState<Said>(null);
  const [choices, setChoices] = useState<readonly WellReading[]>([]);
  const hint = useId();
  const defn = plateDefn(format);

  const select = (r: WellReading) => {
    setSelection(store, WellSet.of(defn.rows * defn.cols, r.wells));
    setChoices([]);
    const n = r.wells.length;
    setSaid({ kind: 'read', text: `Selected ${n} ${n === 1 ? 'well' : 'wells'}: ${r.reading}` });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const answer = parseWellSet(text, defn, plateLookup(defn, wells, names));
    if ('error' in answer) {
      setChoices([]);
      setSaid({ kind: 'error', text: `${answer.error}. Try e.g. "rows C-F in columns 5-10".` });
    } else if ('ambiguous' in answer) {
      setChoices(answer.ambiguous);
      setSaid({ kind: 'read', text: `"${text.trim()}" can be read two ways: choose one.` });
    } else {
      select(answer);
    }
  };

  return (
    <form className="select-wells" role="search" aria-label="Select wells" onSubmit={onSubmit}>
      <input
        className="input select-wells__input"
        type="text"
        aria-label="Select wells by name"
        aria-describedby={hint}
        placeholder="Select wells: rows C-F in columns 5-10"
        data-testid="select-wells"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <span
        id={hint}
        className={said?.kind === 'error' ? 'select-wells__error' : 'select-wells__said'}
        role={said?.kind === 'error' ? 'alert' : 'status'}
      >
        {said?.text ?? ''}
      </span>
      {choices.map((c) => (
        <button
          key={c.reading}
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => select(c)}
        >
          {c.reading} ({c.wells.length})
        </button>
      ))}
    </form>
  );
}
