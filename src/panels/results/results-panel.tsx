/**
 * The results tab: bring a plate-reader file back to the layout, pick a readout, and read its
 * QC, its fits (sortable table and curves) and export the tidy well table and the fit table.
 * Everything is computed by the server from the domain's functions; this panel only shows it.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../api/api-error';
import {
  deleteReadout,
  downloadResults,
  importReadouts,
  listReadouts,
  readoutResults,
  type ResultsExport,
} from '../../api/results';
import { ic50Text } from '../../domain/results/result-tables';
import type { PlateResults, ReadoutList } from '../../domain/schemas/results';
import { showReadout } from '../../state/readout-colour-store';
import { DoseCurve } from './dose-curve';
import { ExpectedZPrimeForm } from './expected-z-prime-form';
import './results.css';

type Fit = PlateResults['fits'][number];
type SortKey = 'compound' | 'ic50' | 'hill' | 'rse';

const num = (x: number | null | undefined, digits = 3) =>
  x === null || x === undefined ? '—' : String(Number(x.toPrecision(digits)));

function problemText(error: unknown): string[] {
  if (error instanceof ApiError) {
    try {
      const body = JSON.parse(error.body) as { detail?: string; issues?: { message: string }[] };
      return [body.detail ?? error.message, ...(body.issues ?? []).map((i) => i.message)];
    } catch {
      return [error.detail ?? error.message];
    }
  }
  return [error instanceof Error ? error.message : String(error)];
}

function sortValue(fit: Fit, key: SortKey): number | string {
  if (key === 'compound') return fit.compound;
  if (!fit.fit.ok) return Infinity;
  if (key === 'ic50') return fit.fit.e.value;
  if (key === 'hill') return fit.fit.b.value;
  return fit.fit.rse ?? Infinity;
}

export function ResultsPanel({ experimentId }: { experimentId: number }) {
  const [list, setList] = useState<ReadoutList['readouts']>([]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [results, setResults] = useState<PlateResults | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [zMin, setZMin] = useState(0.5);
  const [sort, setSort] = useState<{ key: SortKey; up: boolean }>({ key: 'compound', up: true });

  const refresh = useCallback(async () => {
    const answer = await listReadouts(experimentId);
    setList(answer.readouts);
    return answer.readouts;
  }, [experimentId]);

  /** Shows a readout's results (none: clears them). */
  const show = useCallback(
    async (id: number | null, z: number) => {
      setChosen(id);
      if (id === null) {
        setResults(null);
        showReadout(experimentId, null);
        return;
      }
      setBusy('Reading the results…');
      try {
        const answer = await readoutResults(experimentId, id, z);
        setResults(answer);
        // the plate can be coloured by these values (Colour by: Readout value)
        showReadout(experimentId, answer.wells);
      } catch (e) {
        setProblems(problemText(e));
      } finally {
        setBusy(null);
      }
    },
    [experimentId],
  );

  useEffect(() => {
    void listReadouts(experimentId).then((answer) => {
      setList(answer.readouts);
      return show(answer.readouts.at(-1)?.id ?? null, 0.5);
    });
  }, [experimentId, show]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setProblems([]);
    setBusy(`Importing ${file.name}…`);
    try {
      const answer = await importReadouts(experimentId, file);
      await refresh();
      await show(answer.readouts[0]?.id ?? null, zMin);
    } catch (e) {
      setProblems(problemText(e));
    } finally {
      setBusy(null);
    }
  };

  const onExport = async (kind: ResultsExport) => {
    if (chosen === null) return;
    setProblems([]);
    setBusy('Writing the export…');
    try {
      await downloadResults(experimentId, chosen, kind);
    } catch (e) {
      setProblems(problemText(e));
    } finally {
      setBusy(null);
    }
  };

  const onDelete = async () => {
    if (chosen === null) return;
    await deleteReadout(experimentId, chosen);
    const readouts = await refresh();
    await show(readouts.at(-1)?.id ?? null, zMin);
  };

  const fits = useMemo(() => {
    const rows = [...(results?.fits ?? [])];
    rows.sort((a, b) => {
      const x = sortValue(a, sort.key);
      const y = sortValue(b, sort.key);
      const c = typeof x === 'string' ? x.localeCompare(String(y)) : x - (y as number);
      return sort.up ? c : -c;
    });
    return rows;
  }, [results, sort]);

  const header = (key: SortKey, label: string) => (
    <th aria-sort={sort.key === key ? (sort.up ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        onClick={() => setSort({ key, up: sort.key === key ? !sort.up : true })}
      >
        {label}
      </button>
    </th>
  );

  const qc = results?.qc;
  return (
    <section className="results-panel" aria-label="Results">
      <div className="results-panel__bar">
        <label className="results-panel__import">
          Import reader file
          <input
            type="file"
            accept=".csv,.txt,.tsv,.xlsx"
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        <label>
          Readout{' '}
          <select
            value={chosen ?? ''}
            onChange={(e) => void show(e.target.value === '' ? null : Number(e.target.value), zMin)}
          >
            {list.length === 0 && <option value="">none yet</option>}
            {list.map((r) => (
              <option key={r.id} value={r.id}>
                Run {r.run}: {r.barcode || 'open plate'}
                {r.channel ? ` (${r.channel})` : ''}, {r.wells} wells
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => void onDelete()} disabled={chosen === null}>
          Delete readout
        </button>
        <label>
          Pass at Z' ≥{' '}
          <input
            type="number"
            step="0.05"
            min="-1"
            max="1"
            value={zMin}
            onChange={(e) => {
              setZMin(Number(e.target.value));
              void show(chosen, Number(e.target.value));
            }}
          />
        </label>
      </div>
      <ExpectedZPrimeForm />
      {busy && <p role="status">{busy}</p>}
      {problems.length > 0 && (
        <div role="alert" className="results-panel__problems">
          <p>{problems[0]}</p>
          {problems.length > 1 && (
            <ul>
              {problems.slice(1).map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {list.length === 0 && !busy && (
        <p>
          No readouts yet. Import the reader's file: a long table (plate or barcode, well, value,
          optional channel) or grids with column numbers and row letters.
        </p>
      )}
      {qc && results && (
        <>
          <h3>Plate QC</h3>
          <dl className="results-panel__qc" data-testid="results-qc">
            <dt>Z'</dt>
            <dd data-testid="qc-z-prime">{num(qc.z_prime)}</dd>
            <dt>Robust Z'</dt>
            <dd>{num(qc.robust_z_prime)}</dd>
            <dt>S/B</dt>
            <dd>{num(qc.s_b)}</dd>
            <dt>SSMD</dt>
            <dd>{num(qc.ssmd)}</dd>
            <dt>CV POS / NEG</dt>
            <dd>
              {num(qc.pos?.cv_pct)} % / {num(qc.neg?.cv_pct)} %
            </dd>
            <dt>QC</dt>
            <dd data-testid="qc-pass">
              {qc.pass === null ? 'not known' : qc.pass ? 'passes' : 'fails'}
            </dd>
          </dl>
          {[...qc.notes, ...(qc.b_score_note ? [qc.b_score_note] : [])].map((n) => (
            <p key={n} className="results-panel__note">
              {n}
            </p>
          ))}
          <div className="results-panel__exports">
            {(
              [
                ['wells', 'Export results CSV'],
                ['fits', 'Export fits CSV'],
                ['excel', 'Export both as Excel'],
              ] as const
            ).map(([kind, label]) => (
              <button
                key={kind}
                type="button"
                onClick={() => void onExport(kind)}
                disabled={busy !== null}
              >
                {label}
              </button>
            ))}
          </div>
          <h3>Fits ({fits.length})</h3>
          {fits.length === 0 ? (
            <p>No compound has more than one concentration on this plate: nothing to fit.</p>
          ) : (
            <table className="results-panel__fits" data-testid="fit-table">
              <thead>
                <tr>
                  {header('compound', 'Compound')}
                  {header('ic50', 'IC50')}
                  <th>95 % interval (nM)</th>
                  {header('hill', 'Hill')}
                  <th>Bottom</th>
                  <th>Top</th>
                  {header('rse', 'RSE')}
                </tr>
              </thead>
              <tbody>
                {fits.map((f) => (
                  <tr key={f.compound} data-compound={f.compound}>
                    <td>{f.compound}</td>
                    <td data-testid="fit-ic50">{ic50Text(f.fit)}</td>
                    <td>{f.fit.ok ? `${num(f.fit.e.lower)} – ${num(f.fit.e.upper)}` : '—'}</td>
                    <td>{f.fit.ok ? num(f.fit.b.value) : '—'}</td>
                    <td>{f.fit.ok ? num(f.fit.c.value) : '—'}</td>
                    <td>{f.fit.ok ? num(f.fit.d.value) : '—'}</td>
                    <td>{f.fit.ok ? num(f.fit.rse) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="results-panel__curves">
            {fits.slice(0, 24).map((f) => (
              <figure key={f.compound}>
                <DoseCurve series={f} />
                <figcaption>
                  {f.compound}: IC50 {ic50Text(f.fit)} (
                  {f.response === 'normalised' ? '% activity' : 'raw'})
                </figcaption>
              </figure>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
