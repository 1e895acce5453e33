/**
 * The dispensing settings of the experiment: the instrument that dispenses compounds and
 * controls, the assay volume, the source plate type, the destination barcode and the solvent
 * backfill. Every number the plate and the exports show is planned with them.
 */
import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { errorMessage } from '../../api/api-error';
import { INSTRUMENTS } from '../../domain/dispensing/instruments';
import { SOURCE_PLATE_TYPES } from '../../domain/dispensing/plate-types';
import { toDisplayType } from '../../domain/reagent-types';
import { bench } from '../../state/bench-store';
import type { DispenseSettings } from '../../domain/dispensing/settings';
import { saveDispensing } from '../../state/dispensing-actions';
import { designer } from '../../state/designer-store';
import { Modal } from './modal';

/** Mounted when opened (the form starts from the current settings each time). */
export interface DispensingDialogProps {
  open: boolean;
  onClose(): void;
}

interface Form {
  instrument: string;
  assayVolume: string;
  sourceType: string;
  barcode: string;
  backfill: boolean;
  solvent: string;
  percent: string;
}

function formOf(s: DispenseSettings | null): Form {
  return {
    instrument: s?.instrument ?? 'echo-650',
    assayVolume: s?.assay_volume_uL == null ? '' : String(s.assay_volume_uL),
    sourceType: s?.source_plate_type ?? '384PP_DMSO2',
    barcode: s?.destination_barcode ?? '',
    backfill: s?.backfill != null,
    solvent: s?.backfill?.solvent ?? 'dmso',
    percent: s?.backfill ? String(s.backfill.percent) : '1',
  };
}

/** The body of the PUT, or the message saying which field is wrong. */
export function settingsOfForm(form: Form): Partial<DispenseSettings> | string {
  const volume = form.assayVolume.trim() === '' ? null : Number(form.assayVolume);
  if (volume !== null && !(volume > 0)) return 'Assay volume must be a number of uL above 0';
  let backfill: DispenseSettings['backfill'] = null;
  if (form.backfill) {
    const percent = Number(form.percent);
    if (!(percent > 0 && percent <= 100)) return 'Backfill must be a percentage above 0';
    if (form.solvent.trim() === '') return 'Backfill needs a solvent';
    backfill = { solvent: form.solvent.trim(), percent };
  }
  return {
    instrument: form.instrument,
    assay_volume_uL: volume,
    source_plate_type: form.sourceType,
    destination_barcode: form.barcode.trim(),
    backfill,
  };
}

export function DispensingDialog({ open, onClose }: DispensingDialogProps) {
  const { dispensing } = useSnapshot(designer);
  const { reagents } = useSnapshot(bench);
  // The backfill solvent is one of the bench's solvents (a setting saved before that is not
  // on the bench any more stays listed, marked, so it is never changed silently).
  const solvents = reagents
    .filter((r) => toDisplayType(r.type || r.reagent_type) === 'solvent')
    .map((r) => ({ value: r.slug, label: r.name }));
  const [form, setForm] = useState<Form>(() => {
    const f = formOf(dispensing as DispenseSettings | null);
    const known = solvents.some((s) => s.value === f.solvent);
    return dispensing?.backfill || known || !solvents[0] ? f : { ...f, solvent: solvents[0].value };
  });
  const solventChoices = solvents.some((s) => s.value === form.solvent)
    ? solvents
    : [...solvents, { value: form.solvent, label: `${form.solvent} (not on the bench)` }];
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const submit = async () => {
    const body = settingsOfForm(form);
    if (typeof body === 'string') {
      setError(body);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await saveDispensing(body);
      onClose();
    } catch (e) {
      setError(`The settings were not saved: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Dispensing"
      onClose={onClose}
      busy={busy}
      testId="dispensing-dialog"
      actions={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => void submit()}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            Save settings
          </button>
        </>
      }
    >
      <form
        className="panel-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label className="field" htmlFor={`${id}-instrument`}>
          <span className="field__label">Instrument</span>
          <select
            id={`${id}-instrument`}
            className="input select"
            value={form.instrument}
            onChange={(e) => set('instrument', e.target.value)}
          >
            {INSTRUMENTS.filter((i) => i.kind !== 'bulk').map((i) => (
              <option key={i.id} value={i.id}>
                {i.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field" htmlFor={`${id}-volume`}>
          <span className="field__label">Assay volume (µL)</span>
          <input
            id={`${id}-volume`}
            className="input"
            inputMode="decimal"
            value={form.assayVolume}
            placeholder="as the wells say"
            onChange={(e) => set('assayVolume', e.target.value)}
          />
        </label>
        <label className="field" htmlFor={`${id}-source`}>
          <span className="field__label">Source plate type</span>
          <select
            id={`${id}-source`}
            className="input select"
            value={form.sourceType}
            onChange={(e) => set('sourceType', e.target.value)}
          >
            {SOURCE_PLATE_TYPES.map((t) => (
              <option key={t.id} value={t.id}>
                {`${t.id} (${t.min_uL}-${t.max_uL} µL, dead ${t.dead_uL} µL)`}
              </option>
            ))}
          </select>
        </label>
        <label className="field" htmlFor={`${id}-barcode`}>
          <span className="field__label">Destination barcode</span>
          <input
            id={`${id}-barcode`}
            className="input"
            value={form.barcode}
            onChange={(e) => set('barcode', e.target.value)}
          />
        </label>
        <label className="field field--inline" htmlFor={`${id}-backfill`}>
          <input
            id={`${id}-backfill`}
            type="checkbox"
            checked={form.backfill}
            onChange={(e) => set('backfill', e.target.checked)}
          />
          <span className="field__label">Backfill every well to the same solvent %</span>
        </label>
        {form.backfill && (
          <>
            <label className="field" htmlFor={`${id}-solvent`}>
              <span className="field__label">Backfill solvent</span>
              <select
                id={`${id}-solvent`}
                className="input select"
                value={form.solvent}
                onChange={(e) => set('solvent', e.target.value)}
              >
                {solventChoices.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
            {solvents.length === 0 && (
              <p className="field__hint">
                No solvent is on the bench: add one (e.g. DMSO) to backfill with it.
              </p>
            )}
            <label className="field" htmlFor={`${id}-percent`}>
              <span className="field__label">Backfill percent (v/v)</span>
              <input
                id={`${id}-percent`}
                className="input"
                inputMode="decimal"
                value={form.percent}
                onChange={(e) => set('percent', e.target.value)}
              />
            </label>
          </>
        )}
        {error && (
          <p role="alert" className="field__error">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
