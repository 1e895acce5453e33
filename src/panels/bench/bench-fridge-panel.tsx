/**
 * The Bench fridge: the experiment's reagents with their type colours, stocks and
 * constraints, the default vehicle, and the way into the picker, the custom form and each
 * reagent's details. The layout gives it its height (240–320 px); the list scrolls.
 */
import { useSnapshot } from 'valtio';
import type { BenchReagent } from '../../api/bench';
import { ErrorBox } from '../../app/ui/error-box';
import { PlusIcon } from '../../app/ui/icons';
import { Spinner } from '../../app/ui/spinner';
import { toDisplayType } from '../../domain/reagent-types';
import { deleteReagent, loadBench, setDefaultVehicle } from '../../state/bench-actions';
import { bench } from '../../state/bench-store';
import { BenchRow } from './bench-row';
import './bench.css';

export interface BenchFridgePanelProps {
  onAdd(): void;
  onOpenReagent(slug: string): void;
}

function vehicleChoices(reagents: readonly BenchReagent[]): BenchReagent[] {
  return reagents.filter((r) => {
    const t = toDisplayType(r.type || r.reagent_type);
    return t === 'media' || t === 'solvent';
  });
}

/** The panel (list, vehicle, add); the dialogs are mounted by BenchFridge. */
export function BenchFridgePanel({ onAdd, onOpenReagent }: BenchFridgePanelProps) {
  const snap = useSnapshot(bench);
  const reagents = snap.reagents as readonly BenchReagent[];
  const vehicles = vehicleChoices(reagents);
  const retry = () => {
    if (snap.experimentId != null) void loadBench(snap.experimentId);
  };

  return (
    <section
      className="bench-panel"
      aria-labelledby="bench-fridge-title"
      data-testid="bench-fridge"
    >
      <header className="bench-panel__head">
        <h2 id="bench-fridge-title" className="bench-panel__title">
          Bench fridge
        </h2>
        {snap.status === 'demo' && <span className="badge badge--dev">Demo</span>}
        <span className="count">{reagents.length}</span>
        <span className="bench-panel__spacer" />
        <button type="button" className="btn btn--sm btn--primary" onClick={onAdd}>
          <PlusIcon />
          Add reagent
        </button>
      </header>
      {snap.status === 'demo' && (
        <div className="bench-panel__demo" role="status">
          <span>
            Demo reagents shown: the bench could not load{snap.error ? ` (${snap.error})` : ''}.
          </span>
          <button type="button" className="btn btn--sm" onClick={retry}>
            Retry
          </button>
        </div>
      )}
      {snap.status !== 'demo' && snap.error && <ErrorBox message={snap.error} />}
      <div className="bench-panel__vehicle">
        <label htmlFor="bench-vehicle">Default vehicle</label>
        <select
          id="bench-vehicle"
          className="input select"
          value={snap.vehicleSlug ?? ''}
          disabled={snap.status === 'loading'}
          onChange={(e) => void setDefaultVehicle(e.target.value || null)}
        >
          <option value="">None</option>
          {vehicles.map((r) => (
            <option key={r.slug} value={r.slug}>
              {r.name}
            </option>
          ))}
          {snap.vehicleSlug && !vehicles.some((r) => r.slug === snap.vehicleSlug) && (
            <option value={snap.vehicleSlug}>{snap.vehicleSlug}</option>
          )}
        </select>
      </div>
      {snap.status === 'loading' && reagents.length === 0 ? (
        <p className="bench-panel__empty">
          <Spinner /> Loading reagents…
        </p>
      ) : reagents.length === 0 ? (
        <p className="bench-panel__empty">No reagents on the bench yet.</p>
      ) : (
        <ul className="bench-panel__list" aria-label="Bench reagents">
          {reagents.map((r) => (
            <BenchRow
              key={r.slug}
              reagent={r}
              isVehicle={r.slug === snap.vehicleSlug}
              onOpen={onOpenReagent}
              onDelete={(slug) => void deleteReagent(slug)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
