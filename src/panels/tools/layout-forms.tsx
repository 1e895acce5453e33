// The template, randomise and edge-avoidance dialogs.
import { useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { captureTemplate } from '../../domain/layout/templates';
import { plateDefn } from '../../domain/plate-format';
import { bench } from '../../state/bench-store';
import { designer } from '../../state/designer-store';
import { plateSelection, selectedWellIds } from '../../state/selection-store';
import type { ToolOp } from '../../state/tool-actions';
import { ApplyToExperimentsDialog } from './apply-to-experiments';
import { CheckField, SelectField, TextField, parseRegion } from './tool-fields';
import { useRememberedForm } from './remembered-form';
import { ToolShell } from './tool-shell';

/** Copies the selected wells as a template and lays it at another well (top-left corner). */
export function TemplateForm() {
  // The template is taken once, when the dialog opens: the preview must not capture itself.
  const [template] = useState(() =>
    captureTemplate(
      'Selection',
      plateDefn(designer.format),
      designer.wells,
      selectedWellIds(plateSelection.selection, plateSelection.format),
    ),
  );
  const [{ at }, setForm] = useRememberedForm('template', () => ({ at: '' }));
  const setAt = (text: string) => setForm({ at: text });
  const [campaign, setCampaign] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);
  const op = useMemo((): ToolOp | string => {
    if (!template) return 'Select the wells of the template on the plate first.';
    if (!at.trim()) return 'Enter the well where the template’s top-left corner goes.';
    return { op: 'template', template, at: at.trim().toUpperCase() };
  }, [template, at]);
  return (
    <>
      <ToolShell tool="template" op={op}>
        <p className="hint">
          {template
            ? `Template of ${template.wells.length} wells from the selection.`
            : 'No wells selected.'}
        </p>
        <TextField label="Place at (top-left well)" value={at} onChange={setAt} autoFocus />
        <button
          ref={opener}
          type="button"
          className="btn"
          disabled={typeof op === 'string'}
          onClick={() => setCampaign(true)}
        >
          Apply to other experiments…
        </button>
      </ToolShell>
      {/* Beside the tool's dialog, not in it: its Escape must not close the tool too. */}
      {campaign && template && (
        <ApplyToExperimentsDialog
          template={template}
          at={at.trim().toUpperCase()}
          currentId={designer.experiment?.id ?? null}
          onClose={() => {
            setCampaign(false);
            opener.current?.focus();
          }}
        />
      )}
    </>
  );
}

/** A seeded randomisation of the treatments (controls stay put). */
export function RandomiseForm() {
  const [v, set] = useRememberedForm('randomise', () => ({
    seed: String(Math.floor(Math.random() * 2 ** 31)),
    region: '',
    separate: true,
    avoidEdges: false,
  }));
  const op = useMemo((): ToolOp | string => {
    const seed = Number(v.seed);
    if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32)
      return 'The seed is a whole number from 0 to 4294967295.';
    return {
      op: 'randomise',
      seed,
      region: parseRegion(v.region),
      separate_replicates: v.separate,
      avoid_edges: v.avoidEdges,
    };
  }, [v]);
  return (
    <ToolShell tool="randomise" op={op}>
      <TextField
        label="Seed (the same seed lays out the same plate)"
        value={v.seed}
        onChange={(seed) => set({ seed })}
        autoFocus
      />
      <TextField
        label="Region (the whole plate when empty)"
        value={v.region}
        onChange={(region) => set({ region })}
      />
      <CheckField
        label="Keep replicates in different quadrants"
        checked={v.separate}
        onChange={(separate) => set({ separate })}
      />
      <CheckField
        label="Keep the edge wells free"
        checked={v.avoidEdges}
        onChange={(avoidEdges) => set({ avoidEdges })}
      />
    </ToolShell>
  );
}

/** Empties the outer ring of wells, or fills it with the vehicle. */
export function EdgesForm() {
  const { reagents, vehicleSlug } = useSnapshot(bench);
  const doc = useSnapshot(designer);
  const [{ mode, vehicle }, set] = useRememberedForm('edges', () => ({
    mode: 'empty' as 'empty' | 'vehicle',
    vehicle: vehicleSlug ?? reagents[0]?.slug ?? '',
  }));
  const setMode = (m: 'empty' | 'vehicle') => set({ mode: m });
  const setVehicle = (slug: string) => set({ vehicle: slug });
  const op = useMemo(
    (): ToolOp => ({ op: 'edges', mode, vehicle: mode === 'vehicle' ? vehicle : undefined }),
    [mode, vehicle],
  );
  const { rows, cols } = plateDefn(doc.format);
  const edge = 2 * cols + 2 * (rows - 2);
  return (
    <ToolShell tool="edges" op={op}>
      <p className="hint">{`The outer ring: ${edge} wells.`}</p>
      <SelectField
        label="Edge wells"
        value={mode}
        onChange={(m) => setMode(m as 'empty' | 'vehicle')}
        options={[
          { value: 'empty', label: 'Left empty' },
          { value: 'vehicle', label: 'Filled with the vehicle' },
        ]}
      />
      {mode === 'vehicle' && (
        <SelectField
          label="Vehicle"
          value={vehicle}
          onChange={setVehicle}
          options={reagents.map((r) => ({ value: r.slug, label: r.name }))}
        />
      )}
    </ToolShell>
  );
}
