// Small labelled inputs shared by the tool dialogs.
import { useId, type ReactNode } from 'react';
import type { MolarUnit } from '../../domain/units';
import { UNIT_LABELS } from '../../domain/units';

export function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

export function TextField(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  autoFocus?: boolean;
}) {
  return (
    <Field label={props.label}>
      {(id) => (
        <input
          id={id}
          className="input"
          value={props.value}
          placeholder={props.placeholder}
          // The dialog opens from the keyboard: its first field takes the focus.
          // oxlint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={props.autoFocus}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

export function SelectField(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Field label={props.label}>
      {(id) => (
        <select
          id={id}
          className="input select"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        >
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function CheckField(props: { label: string; checked: boolean; onChange(v: boolean): void }) {
  return (
    <label className="tool-panel__check">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      {props.label}
    </label>
  );
}

export const UNIT_OPTIONS: readonly { value: MolarUnit; label: string }[] = (
  ['nM', 'uM', 'mM', 'M'] as const
).map((u) => ({ value: u, label: UNIT_LABELS[u] }));

/** "1, 2, 47-48" -> [1, 2, 47, 48]; null when a part is not a column number. */
export function parseColumns(text: string): number[] | null {
  const out: number[] = [];
  for (const part of text.split(/[,\s]+/).filter(Boolean)) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) return null;
    const a = Number(m[1]);
    const b = m[2] ? Number(m[2]) : a;
    for (let c = Math.min(a, b); c <= Math.max(a, b); c++) out.push(c);
  }
  return out;
}

/** "A1:H12, B3" -> ["A1:H12", "B3"] (the domain reads the well list). */
export function parseRegion(text: string): string[] | undefined {
  const parts = text
    .split(/[,;\s]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length > 0 ? parts : undefined;
}
