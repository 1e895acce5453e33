/** Import a compound library file, list the libraries, find a compound in one. */
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { errorMessage } from '../../api/api-error';
import {
  importLibrary,
  searchLibrary,
  type LibrarySummary,
  type LibraryWell,
} from '../../api/campaigns';
import { Spinner } from '../../panels/ui/spinner';
import { StatusLines } from '../../panels/ui/status-lines';
import { refusedLinesOf, type RefusedLine } from './refused-lines';

const SOURCE_TYPES = ['384PP_DMSO2', '384LDV_DMSO', '1536LDV_DMSO'];

export function LibraryCard(props: {
  libraries: LibrarySummary[];
  /** reloads the list; resolves when the list holds the new library */
  onImported: () => Promise<void>;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [type, setType] = useState(SOURCE_TYPES[0]);
  const [keep, setKeep] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [refused, setRefused] = useState<RefusedLine[]>([]);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<LibraryWell[] | null>(null);
  const ids = { file: useId(), name: useId(), type: useId(), keep: useId(), q: useId() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || busy) return;
    setBusy(true);
    setError('');
    setStatus('Importing the library…');
    setRefused([]);
    try {
      const made = await importLibrary(file, {
        name: name.trim() || file.name,
        default_plate_type: type,
        keep_good_lines: keep,
      });
      setRefused(made.refused_lines);
      // The list first: a campaign made right after the import takes the newest library, so
      // the status is said only once the list shows it.
      await props.onImported();
      setStatus(`Imported ${made.compounds} compounds on ${made.plates.length} plates.`);
    } catch (cause) {
      setStatus('');
      setError(errorMessage(cause));
      setRefused(refusedLinesOf(cause));
    } finally {
      setBusy(false);
    }
  };

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const library = props.libraries[0];
    if (!library || !query.trim()) return;
    try {
      setFound(await searchLibrary(library.id, query.trim()));
    } catch (cause) {
      setError(errorMessage(cause));
    }
  };

  return (
    <section className="card" aria-labelledby="libraries-title">
      <div className="card__header">
        <h2 id="libraries-title" className="card__title">
          Compound libraries
        </h2>
      </div>
      <form className="card__body stack" onSubmit={(e) => void submit(e)}>
        <div className="field">
          <label className="field__label" htmlFor={ids.file}>
            Library file (CSV or Excel: barcode, well, compound id, concentration)
          </label>
          <input
            id={ids.file}
            type="file"
            accept=".csv,.txt,.xlsx"
            className="input"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <div className="row">
          <div className="field">
            <label className="field__label" htmlFor={ids.name}>
              Name
            </label>
            <input
              id={ids.name}
              className="input"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.type}>
              Source plate type
            </label>
            <select
              id={ids.type}
              className="input select"
              value={type}
              onChange={(e) => setType(e.target.value)}
            >
              {SOURCE_TYPES.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </div>
        </div>
        <label htmlFor={ids.keep} className="row">
          <input
            id={ids.keep}
            type="checkbox"
            checked={keep}
            onChange={(e) => setKeep(e.target.checked)}
          />
          Keep the good lines when some are refused
        </label>
        <div>
          <button type="submit" className="btn btn--primary" disabled={!file || busy}>
            {busy && <Spinner />}
            Import library
          </button>
        </div>
        <StatusLines status={status} error={error} />
        {refused.length > 0 && (
          <ul aria-label="Refused lines">
            {refused.map((r) => (
              <li key={r.line}>
                Line {r.line}: {r.reason}
              </li>
            ))}
          </ul>
        )}
      </form>
      <div className="card__body stack">
        <ul aria-label="Libraries">
          {props.libraries.map((l) => (
            <li key={l.id}>
              {l.name}: {l.compounds} compounds on{' '}
              {l.plates.map((p) => `${p.barcode} (${p.type})`).join(', ')}
            </li>
          ))}
        </ul>
        {props.libraries.length > 0 && (
          <form className="row" onSubmit={(e) => void search(e)}>
            <label className="field__label" htmlFor={ids.q}>
              Find a compound in {props.libraries[0].name}
            </label>
            <input
              id={ids.q}
              className="input"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
            <button type="submit" className="btn">
              Find
            </button>
          </form>
        )}
        {found && (
          <ul aria-label="Compounds found">
            {found.map((w) => (
              <li key={`${w.barcode} ${w.well}`}>
                {w.compound_id} {w.compound_name} — {w.barcode} {w.well}, {w.current_uL} µL
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
