/**
 * The "Well editor" tab: a bench reagent, a concentration with its unit (default 1000 µM) and a volume
 * (slider 0–100 µL, step 1, default 10) applied to every selected well; removal of a reagent
 * from them; and what the selected wells hold: metrics, targets against predictions with
 * their status, and the accuracy band of each transfer; label, sample and tags of the wells.
 * Escape anywhere in it gives the keyboard focus back to the plate.
 */
import type { DispenseSettings } from '../../domain/dispensing/settings';
import { useId, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { BenchReagent } from '../../api/bench';
import { accuracyLabel, formatConcentration, formatVolume } from '../../domain/accuracy';
import { REAGENT_TYPE_LABELS, reagentTypeColor, toDisplayType } from '../../domain/reagent-types';
import type { WireWells } from '../../domain/plate-state';
import { UNIT_LABELS, toNanomolar, type MolarUnit } from '../../domain/units';
import { bench } from '../../state/bench-store';
import { designer } from '../../state/designer-store';
import { applyReagent, removeReagent } from '../../state/plate-actions';
import { plateSelection } from '../../state/selection-store';
import { focusPlate } from '../plate/focus-moves';
import { WellTransferRows } from '../transfer-log/well-transfer-rows';
import { SelectedWellsTable } from './selected-wells-table';
import { metricsSummary, wellViews } from './selected-wells';
import { WellFieldsForm } from './well-fields-form';
import {
  EDITOR_UNITS,
  VOLUME_MAX_UL,
  concentrationProblem,
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
      wellViews(
        doc.wells as WireWells,
        doc.format,
        indices,
        reagents as readonly BenchReagent[],
        doc.dispensing as DispenseSettings | null,
      ),
    [doc.wells, doc.format, indices, reagents, doc.dispensing],
  );
  const summary = metricsSummary(views);
  const slug = reagents.some((r) => r.slug === values.slug)
    ? values.slug
    : (reagents[0]?.slug ?? '');
  const chosen = reagents.find((r) => r.slug === slug);
  const molecularWeight = chosen?.molecular_weight_g_per_mol;
  // mass units (ng/mL to mg/mL) are made molar through the chosen reagent's molecular weight
  const amount = editorAmount(values, molecularWeight);
  const present = new Set(views.flatMap((v) => v.entries.map((e) => e.slug)));
  const n = indices.length;

  return (
    <section
      className="well-editor"
      aria-label="Well editor"
      data-testid="well-editor"
      onKeyDown={(e) => {
        // Escape goes back to the plate, unless a dialog or an open list takes it.
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.preventDefault();
        focusPlate();
      }}
    >
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
            Concentration
          </label>
          <div className="well-editor__conc">
            <input
              id={`${id}-conc`}
              className="input"
              type="text"
              inputMode="decimal"
              value={values.uM}
              aria-invalid={amount ? undefined : true}
              aria-describedby={`${id}-conc-hint`}
              onChange={(e) => setValues({ ...values, uM: e.target.value })}
            />
            <select
              className="input select"
              aria-label="Concentration unit"
              value={values.unit}
              onChange={(e) => setValues({ ...values, unit: e.target.value as MolarUnit })}
            >
              {EDITOR_UNITS.map((u) => (
                <option key={u} value={u}>
                  {UNIT_LABELS[u]}
                </option>
              ))}
            </select>
          </div>
          <span id={`${id}-conc-hint`} className="hint">
            A number in the unit chosen, or with its own unit: 50 nM, 2 mM.
          </span>
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
            : (concentrationProblem(values, molecularWeight, chosen?.name) ??
              'Enter a concentration of 0 or more (pM to M; ng/mL to mg/mL when the reagent has a molecular weight) and a volume from 0 to 100 µL.')}
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
          <WellTransferRows wells={views.map((v) => v.id)} />
        </>
      )}
      <WellFieldsForm wells={doc.wells as WireWells} format={doc.format} indices={indices} />
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
