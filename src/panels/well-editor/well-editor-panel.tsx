/**
 * The "Well editor" tab: a bench reagent, a concentration in µM (default 1000) and a volume
 * (slider 0–100 µL, step 1, default 10) applied to every selected well; removal of a reagent
 * from them; and what the selected wells hold: metrics, targets against predictions with
 * their status, and the accuracy band of each transfer.
 */
import { useId, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { BenchReagent } from '../../api/bench';
import { accuracyLabel, formatConcentration, formatVolume } from '../../domain/accuracy';
import { REAGENT_TYPE_LABELS, reagentTypeColor, toDisplayType } from '../../domain/reagent-types';
import type { WireWells } from '../../domain/plate-state';
import { toNanomolar } from '../../domain/units';
import { bench } from '../../state/bench-store';
import { designer } from '../../state/designer-store';
import { applyReagent, removeReagent } from '../../state/plate-actions';
import { plateSelection } from '../../state/selection-store';
import { SelectedWellsTable } from './selected-wells-table';
import { metricsSummary, wellViews } from './selected-wells';
import {
  VOLUME_MAX_UL,
  editorAmount,
  initialEditorValues,
  type EditorValues,
} from './well-editor-form';
import '../dialogs/dialogs.css';
import './well-editor.css';

/** The editor; reads the selection, the document and the bench from their stores. */
export function WellEditorPanel() {
  const doc = useSnapshot(designer);
  const sel = useSnapshot(plateSelection);
  const { reagents, status } = useSnapshot(bench);
  const [values, setValues] = useState<EditorValues>(initialEditorValues);
  const id = useId();

  const indices = useMemo(
    () => (sel.format === doc.format ? sel.selection.indices() : []),
    [sel.selection, sel.format, doc.format],
  );
  const views = useMemo(
    () =>
      wellViews(doc.wells as WireWells, doc.format, indices, reagents as readonly BenchReagent[]),
    [doc.wells, doc.format, indices, reagents],
  );
  const summary = metricsSummary(views);
  const slug = reagents.some((r) => r.slug === values.slug)
    ? values.slug
    : (reagents[0]?.slug ?? '');
  const amount = editorAmount(values);
  const present = new Set(views.flatMap((v) => v.entries.map((e) => e.slug)));
  const n = indices.length;

  return (
    <section className="well-editor" aria-label="Well editor" data-testid="well-editor">
      <p className="well-editor__selection" aria-live="polite">
        {n === 0
          ? 'Select wells on the plate to edit them.'
          : `${n} well${n === 1 ? '' : 's'} selected: ${views
              .slice(0, 8)
              .map((v) => v.id)
              .join(', ')}${n > 8 ? ', …' : ''}`}
      </p>
      {status === 'demo' && (
        <p className="hint" role="note">
          The bench shows demo reagents: wells that use them cannot be saved until the bench loads.
        </p>
      )}
      <form
        className="well-editor__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (amount && slug && n > 0) applyReagent(slug, amount, indices);
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={`${id}-reagent`}>
            Reagent
          </label>
          <select
            id={`${id}-reagent`}
            className="input select"
            value={slug}
            onChange={(e) => setValues({ ...values, slug: e.target.value })}
            disabled={reagents.length === 0}
          >
            {reagents.length === 0 && <option value="">No reagents on the bench</option>}
            {reagents.map((r) => (
              <option key={r.slug} value={r.slug}>
                {r.name} ({REAGENT_TYPE_LABELS[toDisplayType(r.type || r.reagent_type)]})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-conc`}>
            Concentration (µM)
          </label>
          <input
            id={`${id}-conc`}
            className="input"
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            value={values.uM}
            aria-invalid={amount ? undefined : true}
            onChange={(e) => setValues({ ...values, uM: e.target.value })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-vol`}>
            Volume (µL)
          </label>
          <div className="row">
            <input
              type="range"
              min={0}
              max={VOLUME_MAX_UL}
              step={1}
              aria-label="Volume slider (µL)"
              value={Number(values.volumeUl) || 0}
              onChange={(e) => setValues({ ...values, volumeUl: e.target.value })}
              className="well-editor__slider"
            />
            <input
              id={`${id}-vol`}
              className="input well-editor__volume"
              type="number"
              min={0}
              max={VOLUME_MAX_UL}
              step={1}
              value={values.volumeUl}
              aria-invalid={amount ? undefined : true}
              onChange={(e) => setValues({ ...values, volumeUl: e.target.value })}
            />
          </div>
        </div>
        <p className="hint" data-testid="well-editor-preview">
          {amount
            ? `${formatConcentration(toNanomolar(amount.uM, 'uM'), amount.volumeUl)} with ${formatVolume(amount.volumeUl)}${
                accuracyLabel(amount.volumeUl)
                  ? ` · pipetting ${accuracyLabel(amount.volumeUl)}`
                  : ''
              }`
            : 'Enter a concentration of 0 µM or more and a volume from 0 to 100 µL.'}
        </p>
        <div className="row">
          <button type="submit" className="btn btn--primary" disabled={!amount || !slug || n === 0}>
            {n > 0 ? `Apply to ${n} well${n === 1 ? '' : 's'}` : 'Apply'}
          </button>
          <button
            type="button"
            className="btn"
            disabled={!slug || n === 0 || !present.has(slug)}
            onClick={() => removeReagent(slug, indices)}
          >
            Remove from selected wells
          </button>
        </div>
      </form>
      {n > 0 && (
        <>
          <dl className="facts well-editor__metrics" aria-label="Selected wells' metrics">
            <dt>Volume</dt>
            <dd>{summary.volume}</dd>
            <dt>pH</dt>
            <dd>{summary.pH}</dd>
            <dt>Ionic strength</dt>
            <dd>{summary.ionicStrength}</dd>
            <dt>Vehicle</dt>
            <dd>{summary.vehicle}</dd>
          </dl>
          <SelectedWellsTable views={views} />
        </>
      )}
      {reagents.length > 0 && (
        <ul className="well-editor__legend" aria-label="Reagent colours">
          {reagents.map((r) => (
            <li key={r.slug}>
              <span
                className="type-dot"
                style={{ background: reagentTypeColor(r.type || r.reagent_type) }}
                aria-hidden
              />
              {r.name}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
