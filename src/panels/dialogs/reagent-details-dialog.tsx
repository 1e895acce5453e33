/**
 * Reagent details and the constraints editor: what the bench knows of a reagent, its max
 * concentration (0–100 % v/v, step 0.01, empty = no limit) and min transfer volume (>= 0,
 * step 0.1). Save sends only the fields that changed.
 */
import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { BenchReagent } from '../../api/bench';
import { Spinner } from '../ui/spinner';
import { formatConcentration } from '../../domain/accuracy';
import { REAGENT_TYPE_LABELS, reagentTypeColor, toDisplayType } from '../../domain/reagent-types';
import { updateConstraints } from '../../state/bench-actions';
import { bench, findBenchReagent } from '../../state/bench-store';
import { benchStockLabel } from '../bench/bench-format';
import { constraintDraft, planConstraints, type ConstraintDraft } from './constraints-form';
import { Modal } from './modal';

export interface ReagentDetailsDialogProps {
  /** Slug of the reagent shown; null: closed. */
  slug: string | null;
  onClose(): void;
  update?: typeof updateConstraints;
}

function Fact({ label, value }: { label: string; value: string | number | null | undefined }) {
  if (value == null || value === '') return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

function Details({
  reagent,
  onClose,
  update,
}: {
  reagent: BenchReagent;
  onClose(): void;
  update: typeof updateConstraints;
}) {
  const [draft, setDraft] = useState<ConstraintDraft>(() => constraintDraft(reagent));
  const [busy, setBusy] = useState(false);
  const id = useId();
  const plan = planConstraints(reagent, draft);
  const changed = Object.keys(plan.changes).length > 0;
  const invalid = Object.keys(plan.errors).length > 0;
  const display = toDisplayType(reagent.type || reagent.reagent_type);

  const save = async () => {
    if (invalid) return;
    if (!changed) return onClose();
    setBusy(true);
    const ok = await update(reagent.slug, plan.changes);
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <form
      className="panel-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="details__head">
        <span className="type-dot" style={{ background: reagentTypeColor(display) }} aria-hidden />
        <strong>{reagent.name}</strong>
        <span className="tag">{REAGENT_TYPE_LABELS[display]}</span>
      </div>
      <dl className="facts">
        <Fact label="Slug" value={reagent.slug} />
        <Fact label="Stock" value={benchStockLabel(reagent)} />
        <Fact
          label="Stock molarity"
          value={
            reagent.stock_molarity_M != null
              ? formatConcentration(reagent.stock_molarity_M * 1e9)
              : null
          }
        />
        <Fact label="Solvent" value={reagent.solvent} />
        <Fact
          label="Molecular weight"
          value={
            reagent.molecular_weight_g_per_mol != null
              ? `${reagent.molecular_weight_g_per_mol} g/mol`
              : null
          }
        />
        <Fact label="Cells per mL" value={reagent.cells_per_ml} />
        <Fact label="pH" value={reagent.ph} />
        <Fact
          label="Ionic strength"
          value={reagent.ionic_strength_mM != null ? `${reagent.ionic_strength_mM} mM` : null}
        />
        <Fact label="Analyte" value={reagent.analyte_id} />
        <Fact label="Description" value={reagent.description} />
      </dl>
      <fieldset className="panel-form__group">
        <legend>Constraints</legend>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-max`}>
            Max concentration (% v/v)
          </label>
          <input
            id={`${id}-max`}
            className="input"
            type="number"
            min={0}
            max={100}
            step={0.01}
            placeholder="No limit"
            value={draft.maxPercent}
            aria-invalid={plan.errors.maxPercent ? true : undefined}
            onChange={(e) => setDraft({ ...draft, maxPercent: e.target.value })}
          />
          {plan.errors.maxPercent && <span className="field__error">{plan.errors.maxPercent}</span>}
          <span className="hint">Empty means no limit.</span>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-min`}>
            Min transfer volume (µL)
          </label>
          <input
            id={`${id}-min`}
            className="input"
            type="number"
            min={0}
            step={0.1}
            placeholder="No minimum"
            value={draft.minTransfer}
            aria-invalid={plan.errors.minTransfer ? true : undefined}
            onChange={(e) => setDraft({ ...draft, minTransfer: e.target.value })}
          />
          {plan.errors.minTransfer && (
            <span className="field__error">{plan.errors.minTransfer}</span>
          )}
        </div>
      </fieldset>
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onClose} disabled={busy}>
          Close
        </button>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={busy || invalid || !changed}
          aria-busy={busy || undefined}
        >
          {busy && <Spinner />}
          Save constraints
        </button>
      </div>
    </form>
  );
}

/** The dialog of one bench reagent, opened from its row in the bench fridge. */
export function ReagentDetailsDialog({
  slug,
  onClose,
  update = updateConstraints,
}: ReagentDetailsDialogProps) {
  const { reagents } = useSnapshot(bench);
  const reagent = findBenchReagent(reagents as BenchReagent[], slug);
  return (
    <Modal
      open={slug != null && reagent != null}
      title="Reagent details"
      onClose={onClose}
      testId="reagent-details"
    >
      {reagent && (
        <Details key={reagent.slug} reagent={reagent} onClose={onClose} update={update} />
      )}
    </Modal>
  );
}
