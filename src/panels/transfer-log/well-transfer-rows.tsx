/**
 * Planned and actual side by side for the wells the editor shows, once a transfer log is
 * imported: each reagent's planned and actual concentration and the well's transfer status.
 */
import { useSnapshot } from 'valtio';
import { formatConcentration } from '../../domain/accuracy';
import { transferLogs } from '../../state/transfer-log-store';

/** At most this many wells are listed (a large selection says how many more). */
const SHOWN = 8;

export function WellTransferRows({ wells }: { wells: readonly string[] }) {
  const { reconciliation } = useSnapshot(transferLogs);
  if (!reconciliation || wells.length === 0) return null;
  const byWell = new Map(reconciliation.wells.map((w) => [w.well, w]));
  const shown = wells.filter((w) => byWell.has(w));
  if (shown.length === 0) return null;
  return (
    <table className="well-transfer" data-testid="well-transfer" aria-label="Planned and actual">
      <thead>
        <tr>
          <th scope="col">Well</th>
          <th scope="col">Reagent</th>
          <th scope="col">Planned</th>
          <th scope="col">Actual</th>
          <th scope="col">Transfer</th>
        </tr>
      </thead>
      <tbody>
        {shown.slice(0, SHOWN).flatMap((id) => {
          const w = byWell.get(id)!;
          const status = w.off_pct != null ? `off ${w.off_pct.toFixed(1)} %` : w.status;
          return w.reagents.map((r) => (
            <tr key={`${id}|${r.reagent}`}>
              <td>{id}</td>
              <td>{r.reagent}</td>
              <td>{formatConcentration(r.planned_nM)}</td>
              <td>{formatConcentration(r.actual_nM)}</td>
              <td>{status}</td>
            </tr>
          ));
        })}
        {shown.length > SHOWN && (
          <tr>
            <td colSpan={5}>and {shown.length - SHOWN} more wells</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
