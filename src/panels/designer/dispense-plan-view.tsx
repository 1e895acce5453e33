/**
 * The dispense plan beside the plate, read-only: what the exports will say, planned on the
 * client with the domain's planDispense from the document, the bench and the dispensing
 * settings. Closed by default; while open it is planned again on every edit. Long lists
 * show their first rows (every row is in the exports).
 */
import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { benchReagentInfo, type BenchReagent } from '../../api/bench';
import { formatConcentration, formatVolume } from '../../domain/accuracy';
import { planDispense } from '../../domain/dispensing/plan';
import type { DispenseSettings } from '../../domain/dispensing/settings';
import { plateDefn } from '../../domain/plate-format';
import type { WireWells } from '../../domain/plate-wire';
import { bench } from '../../state/bench-store';
import { designer } from '../../state/designer-store';

/** Rows a list shows before saying how many more there are. */
const SHOWN_ROWS = 100;

const conc = (nM: number | null) => (nM == null ? '—' : formatConcentration(nM));

function Plan() {
  const doc = useSnapshot(designer);
  const { reagents } = useSnapshot(bench);
  const plan = useMemo(
    () =>
      planDispense(
        plateDefn(doc.format),
        doc.wells as WireWells,
        (reagents as readonly BenchReagent[]).map(benchReagentInfo),
        doc.dispensing as DispenseSettings | null,
      ),
    [doc.format, doc.wells, reagents, doc.dispensing],
  );
  const name = (slug: string) => reagents.find((r) => r.slug === slug)?.name ?? slug;
  const more = (n: number) =>
    n > SHOWN_ROWS ? <p className="plan-view__more">{`and ${n - SHOWN_ROWS} more`}</p> : null;
  return (
    <div className="plan-view__body" data-testid="dispense-plan">
      <p className="plan-view__summary">
        {`${plan.transfers.length} transfers from ${plan.sources.length} source wells; ` +
          `${plan.intermediates.length} intermediates to prepare; ` +
          `${plan.unmet.length} unmet targets.`}
      </p>
      {plan.unmet.length > 0 && (
        <table className="plan-view__table" aria-label="Unmet targets">
          <thead>
            <tr>
              <th>Well</th>
              <th>Reagent</th>
              <th>Why</th>
              <th>What would meet it</th>
            </tr>
          </thead>
          <tbody>
            {plan.unmet.slice(0, SHOWN_ROWS).map((u) => (
              <tr key={`${u.well}-${u.reagent}`}>
                <td>{u.well}</td>
                <td>{name(u.reagent)}</td>
                <td>{u.reason}</td>
                <td>{u.proposal ?? 'Nothing on this instrument'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {more(plan.unmet.length)}
      {plan.intermediates.length > 0 && (
        <table className="plan-view__table" aria-label="Intermediates">
          <thead>
            <tr>
              <th>Reagent</th>
              <th>Make</th>
              <th>From</th>
              <th>Diluent</th>
            </tr>
          </thead>
          <tbody>
            {plan.intermediates.map((m) => (
              <tr key={`${m.reagent}-${m.concentration}`}>
                <td>{name(m.reagent)}</td>
                <td>{`${conc(m.concentration)} (${formatVolume(m.total_uL)})`}</td>
                <td>{`${formatVolume(m.from_uL)} of ${conc(m.from_concentration)}`}</td>
                <td>{`${formatVolume(m.diluent_uL)} ${m.diluent}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <table className="plan-view__table" aria-label="Sources">
        <thead>
          <tr>
            <th>Source</th>
            <th>Reagent</th>
            <th>Concentration</th>
            <th>Fill</th>
          </tr>
        </thead>
        <tbody>
          {plan.sources.slice(0, SHOWN_ROWS).map((s) => (
            <tr key={`${s.plate}-${s.well}`}>
              <td>{`${s.plate} ${s.well}`}</td>
              <td>{name(s.reagent)}</td>
              <td>{conc(s.concentration)}</td>
              <td>{formatVolume(s.fill_uL)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {more(plan.sources.length)}
      <table className="plan-view__table" aria-label="Transfers">
        <thead>
          <tr>
            <th>From</th>
            <th>To</th>
            <th>Reagent</th>
            <th>Volume</th>
          </tr>
        </thead>
        <tbody>
          {plan.transfers.slice(0, SHOWN_ROWS).map((t, i) => (
            <tr key={i}>
              <td>{`${t.source_plate} ${t.source_well}`}</td>
              <td>{t.destination_well}</td>
              <td>{name(t.reagent)}</td>
              <td>{`${t.volume_nL} nL`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {more(plan.transfers.length)}
    </div>
  );
}

export function DispensePlanView() {
  const [open, setOpen] = useState(false);
  return (
    <details className="card plan-view" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="card__title">Dispense plan (read-only)</summary>
      {open && <Plan />}
    </details>
  );
}
