// The plate map import dialog: a CSV (or tab-separated) file, pasted or chosen, in long form
// (one row per well and reagent), as a grid, or as a compound list; lines that cannot be read
// are listed with their reason and may be left out.
import { useMemo } from 'react';
import { IMPORT_FORMS, type ImportForm as Form } from '../../domain/layout/plate-map-import';
import type { ToolOp } from '../../state/tool-actions';
import { csvRows } from './csv-rows';
import { CheckField, Field, SelectField } from './tool-fields';
import { useRememberedForm } from './remembered-form';
import { ToolShell } from './tool-shell';

const FORM_LABELS: Record<Form, string> = {
  long: 'Long: one line per well and reagent (well, reagent, concentration, unit)',
  grid: 'Grid: the plate as rows and columns',
  compounds: 'Compound list',
};

export function ImportForm() {
  const [{ text, form, partial }, set] = useRememberedForm('import', () => ({
    text: '',
    form: 'long' as Form,
    partial: false,
  }));
  const setText = (t: string) => set({ text: t });
  const setForm = (f: Form) => set({ form: f });
  const setPartial = (p: boolean) => set({ partial: p });
  const op = useMemo((): ToolOp | string => {
    if (!text.trim()) return 'Paste the plate map or choose a file.';
    return { op: 'import', form, rows: csvRows(text), accept_partial: partial };
  }, [text, form, partial]);
  return (
    <ToolShell tool="import" op={op}>
      <SelectField
        label="Layout of the file"
        value={form}
        onChange={(f) => setForm(f as Form)}
        options={IMPORT_FORMS.map((f) => ({ value: f, label: FORM_LABELS[f] }))}
      />
      <Field label="File">
        {(id) => (
          <input
            id={id}
            type="file"
            accept=".csv,.tsv,.txt,text/csv"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void file.text().then(setText);
            }}
          />
        )}
      </Field>
      <Field label="Plate map (CSV)">
        {(id) => (
          <textarea
            id={id}
            className="input tool-panel__text"
            rows={6}
            value={text}
            // oxlint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </Field>
      <CheckField
        label="Import the lines that can be read, leave out the others"
        checked={partial}
        onChange={setPartial}
      />
    </ToolShell>
  );
}
