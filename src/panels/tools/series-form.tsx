// The dose-response series dialog: compounds (one a line, bench names or slugs; every
// compound of the bench by default), top concentration, dilution factor, points, replicates,
// direction, region and edge avoidance.
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { SeriesDirection } from '../../domain/layout/series';
import { parseDilutionFactor } from '../../domain/quantities';
import { benchCandidate, wholeName } from '../../domain/reagent-names';
import { toDisplayType } from '../../domain/reagent-types';
import type { MolarUnit } from '../../domain/units';
import { bench } from '../../state/bench-store';
import type { ToolOp } from '../../state/tool-actions';
import {
  CheckField,
  Field,
  SelectField,
  TextField,
  UNIT_OPTIONS,
  parseRegion,
} from './tool-fields';
import { listedNames } from '../dialogs/picker-rules';
import { NotOnBench } from './not-on-bench';
import { useRememberedForm } from './remembered-form';
import { ToolShell } from './tool-shell';

const DIRECTIONS: readonly { value: SeriesDirection; label: string }[] = [
  { value: 'rows', label: 'Along rows, left to right' },
  { value: 'rows-reverse', label: 'Along rows, right to left' },
  { value: 'columns', label: 'Down columns' },
  { value: 'columns-reverse', label: 'Up columns' },
];

export function SeriesForm() {
  const { reagents } = useSnapshot(bench);
  const compoundsOnBench = reagents
    .filter((r) => toDisplayType(r.type || r.reagent_type) === 'compound')
    .map((r) => r.name)
    .join('\n');
  const [v, set] = useRememberedForm('series', () => ({
    compounds: compoundsOnBench,
    top: '10',
    unit: 'uM' as MolarUnit,
    factor: '3',
    points: '10',
    replicates: '2',
    direction: 'rows' as SeriesDirection,
    region: '',
    avoidEdges: false,
  }));

  // The bench reagent a typed name is, read as the assistant reads names: its name or slug,
  // a typo of it ("staurosporin") or its first letters ("stauro").
  const onBench = useMemo(() => {
    const candidates = reagents.map((r) =>
      benchCandidate({ source: 'bench', slug: r.slug, name: r.name }),
    );
    return (name: string) => wholeName(name, candidates);
  }, [reagents]);

  const op = useMemo((): ToolOp | string => {
    const names = v.compounds
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
    if (names.length === 0) return 'List the compounds, one a line.';
    const top = Number(v.top);
    // "3", "1:3", "3-fold", "3x", "half-log": the spellings the assistant reads too.
    const factor = parseDilutionFactor(v.factor) ?? Number.NaN;
    const points = Number(v.points);
    const replicates = Number(v.replicates);
    if (!(top > 0)) return 'Enter a top concentration above 0.';
    if (factor !== 'half-log' && !(factor > 1))
      return 'The dilution factor is a number above 1 ("3", "1:3", "3-fold"), or half-log.';
    if (!Number.isInteger(points) || points < 1) return 'Points is a whole number of 1 or more.';
    if (!Number.isInteger(replicates) || replicates < 1)
      return 'Replicates is a whole number of 1 or more.';
    return {
      op: 'series',
      // A bench name stands for its slug (the domain reads slugs, or names slugified).
      compounds: names.map((name) => ({ reagent: onBench(name)?.slug ?? name, name })),
      top: { value: top, unit: v.unit },
      factor,
      points,
      replicates,
      direction: v.direction,
      region: parseRegion(v.region),
      avoid_edges: v.avoidEdges,
    };
  }, [v, onBench]);
  // Names the bench does not answer to: offered to be added.
  const missing = listedNames(v.compounds).filter((name) => !onBench(name));

  return (
    <ToolShell tool="series" op={op}>
      <Field label="Compounds (one a line)">
        {(id) => (
          <textarea
            id={id}
            className="input tool-panel__text"
            rows={4}
            value={v.compounds}
            onChange={(e) => set({ compounds: e.target.value })}
          />
        )}
      </Field>
      <NotOnBench
        names={missing}
        onFound={(found) =>
          set({
            compounds: v.compounds
              .split('\n')
              .map((line) => found.get(line.trim()) ?? line)
              .join('\n'),
          })
        }
      />
      <div className="tool-panel__row">
        <TextField
          label="Top concentration"
          value={v.top}
          onChange={(top) => set({ top })}
          autoFocus
        />
        <SelectField
          label="Unit"
          value={v.unit}
          onChange={(unit) => set({ unit: unit as MolarUnit })}
          options={UNIT_OPTIONS}
        />
        <TextField
          label="Dilution factor"
          value={v.factor}
          onChange={(factor) => set({ factor })}
        />
      </div>
      <div className="tool-panel__row">
        <TextField label="Points" value={v.points} onChange={(points) => set({ points })} />
        <TextField
          label="Replicates"
          value={v.replicates}
          onChange={(replicates) => set({ replicates })}
        />
        <SelectField
          label="Direction"
          value={v.direction}
          onChange={(direction) => set({ direction: direction as SeriesDirection })}
          options={DIRECTIONS}
        />
      </div>
      <TextField
        label="Region (wells, e.g. C3:AD46; the whole plate when empty)"
        value={v.region}
        onChange={(region) => set({ region })}
      />
      <CheckField
        label="Keep the edge wells free"
        checked={v.avoidEdges}
        onChange={(avoidEdges) => set({ avoidEdges })}
      />
    </ToolShell>
  );
}
