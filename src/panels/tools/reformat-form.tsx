// The quadrant reformat dialog: four plates of a quarter of this plate's wells (four 384s into
// a 1536, four 96s into a 384) combined into this one, each into its quadrant, by the
// interleaved or the block convention. The sources are other experiments' plates.
import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { listExperiments } from '../../api/experiments';
import { getPlate } from '../../api/plate';
import type { Experiment } from '../../api/types';
import {
  CONVENTION_LABELS,
  QUADRANT_CONVENTIONS,
  type QuadrantConvention,
} from '../../domain/layout/reformat';
import { quadrupleOf, type ReformatSource } from '../../domain/layout/reformat';
import { parsePlateFormat, type PlateFormat } from '../../domain/plate-format';
import { wireWellsOf } from '../../domain/plate-state';
import type { WireWells } from '../../domain/plate-wire';
import { designer } from '../../state/designer-store';
import type { ToolOp } from '../../state/tool-actions';
import { SelectField } from './tool-fields';
import { ToolShell } from './tool-shell';

const QUARTER: Partial<Record<PlateFormat, PlateFormat>> = { 1536: 384, 384: 96 };

export function ReformatForm() {
  const doc = useSnapshot(designer);
  const small = QUARTER[doc.format];
  const [experiments, setExperiments] = useState<Experiment[]>([]);
  const [chosen, setChosen] = useState<string[]>(['', '', '', '']);
  const [plates, setPlates] = useState<Record<string, WireWells>>({});
  const [convention, setConvention] = useState<QuadrantConvention>('interleaved');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    listExperiments(abort.signal).then(
      (list) => setExperiments(list),
      () => setError('The list of experiments could not be loaded.'),
    );
    return () => abort.abort();
  }, []);

  const candidates = experiments.filter(
    (e) => e.id !== doc.experiment?.id && parsePlateFormat(e.plate_type) === small,
  );

  const choose = async (q: number, id: string) => {
    setChosen(chosen.map((c, k) => (k === q ? id : c)));
    if (!id || plates[id]) return;
    try {
      const state = await getPlate(Number(id));
      setPlates((p) => ({ ...p, [id]: state ? wireWellsOf(state) : {} }));
    } catch {
      setError('A source plate could not be loaded.');
    }
  };

  const op = useMemo((): ToolOp | string => {
    if (!small || quadrupleOf(small) !== doc.format)
      return 'Quadrant reformat fills a 384 or a 1536 plate.';
    const sources: ReformatSource[] = [];
    for (const [k, id] of chosen.entries()) {
      if (!id) continue;
      const wells = plates[id];
      if (!wells) return 'Loading the source plates…';
      const name = experiments.find((e) => String(e.id) === id)?.name ?? id;
      sources.push({ plate: name, format: small, wells, quadrant: k + 1 });
    }
    if (sources.length === 0) return `Choose the ${small}-well plates for the quadrants.`;
    return { op: 'reformat', mode: 'combine', convention, sources };
  }, [small, doc.format, chosen, plates, experiments, convention]);

  const options = [
    { value: '', label: 'None' },
    ...candidates.map((e) => ({ value: String(e.id), label: e.name })),
  ];
  return (
    <ToolShell tool="reformat" op={error ?? op}>
      <SelectField
        label="Convention"
        value={convention}
        onChange={(c) => setConvention(c as QuadrantConvention)}
        options={QUADRANT_CONVENTIONS.map((c) => ({ value: c, label: CONVENTION_LABELS[c] }))}
      />
      {[0, 1, 2, 3].map((q) => (
        <SelectField
          key={q}
          label={`Quadrant ${q + 1}`}
          value={chosen[q]}
          onChange={(id) => void choose(q, id)}
          options={options}
        />
      ))}
    </ToolShell>
  );
}
