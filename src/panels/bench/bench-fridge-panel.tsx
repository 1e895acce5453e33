/**
 * The Bench fridge: the experiment's reagents with their type colours, stocks and
 * constraints, the default vehicle, and the way into the picker, the custom form and each
 * reagent's details. The layout gives it its height (240–320 px); the list scrolls.
 */
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { BenchReagent } from '../../api/bench';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { ErrorBox } from '../ui/error-box';
import { PlusIcon } from '../ui/icons';
import { Spinner } from '../ui/spinner';
import { plateDefn } from '../../domain/plate-format';
import { toDisplayType } from '../../domain/reagent-types';
import { deleteReagent, loadBench, setDefaultVehicle } from '../../state/bench-actions';
import { bench } from '../../state/bench-store';
import { designer } from '../../state/designer-store';
import { BenchRow } from './bench-row';
import { deleteReagentQuestion, wellsWithReagent } from './reagent-wells';
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

/** A delete waiting for the user's answer and the question it asks. */
interface PendingDelete {
  slug: string;
  question: string;
}

/** The panel (list, vehicle, add); the picker and forms are mounted by BenchFridge. */
export function BenchFridgePanel({ onAdd, onOpenReagent }: BenchFridgePanelProps) {
  const snap = useSnapshot(bench);
  const reagents = snap.reagents as readonly BenchReagent[];
  const vehicles = vehicleChoices(reagents);
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const addRef = useRef<HTMLButtonElement | null>(null);
  const listRef = useRef<HTMLUListElement | null>(null);
  const retry = () => {
    if (snap.experimentId != null) void loadBench(snap.experimentId);
  };
  // A reagent that wells use is deleted only after the user agreed; others at once.
  const requestDelete = (slug: string) => {
    const reagent = bench.reagents.find((r) => r.slug === slug);
    const defn = plateDefn(designer.format);
    const wells = reagent ? wellsWithReagent(designer.wells, slug, defn) : [];
    if (!reagent || wells.length === 0) {
      void deleteReagent(slug);
      return;
    }
    returnFocus.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPending({ slug, question: deleteReagentQuestion(reagent.name, wells, defn) });
  };
  // Cancelled: back where the user was. Deleted: to the next row (else the add button).
  const closeDialog = (deleted?: string) => {
    if (deleted) {
      const rows = [...(listRef.current?.querySelectorAll<HTMLElement>('.bench-row') ?? [])];
      const at = rows.findIndex((row) => row.dataset.slug === deleted);
      const next = at < 0 ? undefined : (rows[at + 1] ?? rows[at - 1]);
      returnFocus.current = next?.querySelector<HTMLElement>('.bench-row__main') ?? addRef.current;
    }
    setPending(null);
  };
  // After the dialog has closed (its effect runs first): the page behind is inert until then.
  useEffect(() => {
    if (pending !== null) return;
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target) (target.isConnected ? target : addRef.current)?.focus();
  }, [pending]);

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
        <button ref={addRef} type="button" className="btn btn--sm btn--primary" onClick={onAdd}>
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
        <ul ref={listRef} className="bench-panel__list" aria-label="Bench reagents">
          {reagents.map((r) => (
            <BenchRow
              key={r.slug}
              reagent={r}
              isVehicle={r.slug === snap.vehicleSlug}
              onOpen={onOpenReagent}
              onDelete={requestDelete}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pending !== null}
        title="Delete reagent"
        confirmLabel="Delete"
        danger
        onCancel={() => closeDialog()}
        onConfirm={() => {
          if (!pending) return;
          closeDialog(pending.slug);
          void deleteReagent(pending.slug);
        }}
      >
        {pending && (
          <>
            <p>{pending.question}</p>
            <p>The wells keep its volume, as a liquid of unknown concentration.</p>
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}
