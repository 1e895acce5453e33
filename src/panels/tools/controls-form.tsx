// The controls dialog: positive, negative (vehicle) and blank controls spread over columns
// (a checkerboard across the rows, the domain's rule) or each in wells of its own.
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { benchReagentInfo, type BenchReagent } from '../../api/bench';
import { formatPercent } from '../../domain/accuracy';
import type { ControlSpec } from '../../domain/layout/controls';
import { solventLoadsOf, vehicleControl } from '../../domain/layout/vehicle-control';
import { plateDefn } from '../../domain/plate-format';
import type { MolarUnit } from '../../domain/units';
import { bench } from '../../state/bench-store';
import { designer } from '../../state/designer-store';
import type { ToolOp } from '../../state/tool-actions';
import { CheckField, SelectField, TextField, UNIT_OPTIONS, parseColumns } from './tool-fields';
import { useRememberedForm } from './remembered-form';
import { ToolShell } from './tool-shell';

export function ControlsForm() {
  const { reagents, vehicleSlug } = useSnapshot(bench);
  const doc = useSnapshot(designer);
  // the bench's solvents and the load the plate's compound wells carry of each: a vehicle
  // control is judged by them, as the server and the assistant judge it
  const solventLoads = useMemo(
    () =>
      solventLoadsOf(
        plateDefn(designer.format),
        designer.wells,
        (bench.reagents as BenchReagent[]).map(benchReagentInfo),
        designer.dispensing,
      ),
    // the stores are read directly; these keep the loads current
    // oxlint-disable-next-line react-hooks/exhaustive-deps
    [reagents, doc.wells, doc.format, doc.dispensing],
  );
  const options = [
    { value: '', label: 'None' },
    ...reagents.map((r) => ({ value: r.slug, label: r.name })),
  ];
  // a solvent as the negative control says the load it takes, or that it needs a %
  const negOptions = options.map((o) => {
    const solvent = solventLoads.find((s) => s.slug === o.value);
    if (!solvent) return o;
    const load =
      solvent.pct === null ? 'vehicle: give its % v/v' : `vehicle at ${formatPercent(solvent.pct)}`;
    return { ...o, label: `${o.label} (${load})` };
  });
  const [v, set] = useRememberedForm('controls', () => ({
    columns: '1, 2, 47, 48',
    pos: '',
    posConc: '10',
    posUnit: 'uM' as MolarUnit,
    neg: vehicleSlug ?? '',
    negPct: '',
    blank: false,
    count: '16',
  }));

  // the rule of a control without a target: a solvent at the % given, else at the compound
  // wells' load; a medium beside compound wells that carry a solvent is warned about
  const negRule = useMemo(() => {
    const text = v.negPct.trim();
    return v.neg
      ? vehicleControl(v.neg, text === '' ? undefined : Number(text), solventLoads)
      : null;
  }, [v.neg, v.negPct, solventLoads]);

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
    if (v.neg && negRule) {
      if (!negRule.ok) return negRule.message;
      const neg: ControlSpec = { kind: 'NEG', reagent: v.neg, target: null, count };
      if (negRule.pct !== null) neg.vehicle_pct = negRule.pct;
      controls.push(neg);
    }
    if (v.blank) controls.push({ kind: 'ZERO', count });
    if (controls.length === 0) return 'Choose a positive or a negative control.';
    return { op: 'controls', controls, columns };
  }, [v, negRule]);

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
          options={negOptions}
        />
        <TextField
          label="% v/v"
          value={v.negPct}
          onChange={(negPct) => set({ negPct })}
          placeholder={negPlaceholder(v.neg, solventLoads)}
        />
        <TextField label="Wells per control" value={v.count} onChange={(count) => set({ count })} />
      </div>
      {negRule?.ok && negRule.warning && (
        <p className="tool-panel__warning" data-testid="vehicle-warning">
          {negRule.warning}
        </p>
      )}
      <CheckField
        label="Blank wells (ZERO) too"
        checked={v.blank}
        onChange={(blank) => set({ blank })}
      />
    </ToolShell>
  );
}

/** What an empty % v/v means: the compound wells' load of the chosen solvent. */
function negPlaceholder(
  slug: string,
  loads: readonly { slug: string; pct: number | null }[],
): string | undefined {
  const load = loads.find((l) => l.slug === slug);
  return load?.pct != null
    ? `${Number(load.pct.toPrecision(3))}, as the compound wells`
    : undefined;
}
