/** Targets against predictions of the selected wells, with status and pipetting accuracy. */
import type { WellView } from './selected-wells';
import { STATUS_TEXT } from './selected-wells';

/** At most this many rows: a 1536-well selection would otherwise render thousands. */
const MAX_ROWS = 60;

export function SelectedWellsTable({ views }: { views: readonly WellView[] }) {
  const entries = views.flatMap((v) => v.entries);
  if (entries.length === 0) return <p className="hint">The selected wells are empty.</p>;
  const shown = entries.slice(0, MAX_ROWS);
  return (
    <div className="well-editor__table">
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Well</th>
            <th scope="col">Reagent</th>
            <th scope="col">Volume</th>
            <th scope="col">Target</th>
            <th scope="col">Predicted</th>
            <th scope="col">Status</th>
            <th scope="col">Accuracy</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((e) => (
            <tr key={`${e.wellId}:${e.slug}`}>
              <td>{e.wellId}</td>
              <td>{e.name}</td>
              <td>{e.volume}</td>
              <td>{e.target}</td>
              <td>
                {e.predicted}
                {e.error && <span className="hint"> ({e.error})</span>}
              </td>
              <td>
                <span className={`status-text status-text--${e.status}`}>
                  {STATUS_TEXT[e.status]}
                </span>
              </td>
              <td>{e.accuracy}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {entries.length > MAX_ROWS && (
        <p className="hint">and {entries.length - MAX_ROWS} more entries</p>
      )}
      <UnmetReasons views={views} />
    </div>
  );
}

/** At most this many wells' reasons: the same reason repeats over a selection of one design. */
const MAX_REASONS = 8;

/** Why the plan cannot meet a selected well, and what would: the plan's own words. */
function UnmetReasons({ views }: { views: readonly WellView[] }) {
  const unmet = views.filter((v) => (v.state?.unmet_reasons?.length ?? 0) > 0);
  if (unmet.length === 0) return null;
  return (
    <ul className="well-editor__reasons">
      {unmet.slice(0, MAX_REASONS).map((v) => (
        <li key={v.id}>
          <span className="status-text status-text--error">{v.id} is unmet:</span>{' '}
          {v.state!.unmet_reasons!.join('. ')}
        </li>
      ))}
      {unmet.length > MAX_REASONS && <li>and {unmet.length - MAX_REASONS} more unmet wells</li>}
    </ul>
  );
}
