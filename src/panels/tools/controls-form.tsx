// The controls dialog: positive, negative (vehicle) and blank controls spread over columns
// (a checkerboard across the rows, the domain's rule) or each in wells of its own.
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { ControlSpec } from '../../domain/layout/controls';
import type { MolarUnit } from '../../domain/units';
import { bench } from '../../state/bench-store';
import type { ToolOp } from '../../state/tool-actions';
import { CheckField, SelectField, TextField, UNIT_OPTIONS, parseColumns } from './tool-fields';
import { useRememberedForm } from './remembered-form';
import { ToolShell } from './tool-shell';

export function ControlsForm() {
  const { reagents, vehicleSlug } = useSnapshot(bench);
  const options = [
    { value: '', label: 'None' },
    ...reagents.map((r) => ({ value: r.slug, label: r.name })),
  ];
  const [v, set] = useRememberedForm('controls', () => ({
    columns: '1, 2, 47, 48',
    pos: '',
    posConc: '10',
    posUnit: 'uM' as MolarUnit,
    neg: vehicleSlug ?? '',
    blank: false,
    count: '16',
  }));

  const op = useMemo((): ToolOp | string => {
    const columns = parseColumns(v.columns);
    if (!columns || columns.length === 0)
      return 'List the columns for the controls, e.g. 1, 2, 47, 48.';
    const count = v.count.trim() === '' ? undefined : Number(v.count);
    if (count !== undefined && !(Number.isInteger(count) && count > 0))
      return 'The number of wells per control is a whole number.';
    const controls: ControlSpec[] = [];
    if (v.pos) {
      const conc = Number(v.posConc);
      if (!(conc > 0)) return 'Enter the positive control’s concentration.';
      controls.push({
        kind: 'POS',
        reagent: v.pos,
        target: { value: conc, unit: v.posUnit },
        count,
      });
    }
    if (v.neg) controls.push({ kind: 'NEG', reagent: v.neg, target: null, count });
    if (v.blank) controls.push({ kind: 'ZERO', count });
    if (controls.length === 0) return 'Choose a positive or a negative control.';
    return { op: 'controls', controls, columns };
  }, [v]);

  return (
    <ToolShell tool="controls" op={op}>
      <TextField
        label="Columns"
        value={v.columns}
        onChange={(columns) => set({ columns })}
        autoFocus
      />
      <div className="tool-panel__row">
        <SelectField
          label="Positive control"
          value={v.pos}
          onChange={(pos) => set({ pos })}
          options={options}
        />
        <TextField
          label="Its concentration"
          value={v.posConc}
          onChange={(posConc) => set({ posConc })}
        />
        <SelectField
          label="Unit"
          value={v.posUnit}
          onChange={(u) => set({ posUnit: u as MolarUnit })}
          options={UNIT_OPTIONS}
        />
      </div>
      <div className="tool-panel__row">
        <SelectField
          label="Negative control (vehicle)"
          value={v.neg}
          onChange={(neg) => set({ neg })}
          options={options}
        />
        <TextField label="Wells per control" value={v.count} onChange={(count) => set({ count })} />
      </div>
      <CheckField
        label="Blank wells (ZERO) too"
        checked={v.blank}
        onChange={(blank) => set({ blank })}
      />
    </ToolShell>
  );
}
