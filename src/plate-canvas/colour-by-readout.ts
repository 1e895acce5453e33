// Colour by readout value: each read well on the concentration heat map's ramp by its raw
// reading or its normalised value (percent effect against the plate's controls), on a linear
// scale from the lowest to the highest value shown; wells whose percent effect reaches the
// user's hit threshold drawn in the hit colour instead. Pure: the readout's values in, one
// fill per well, the legend and the scale out.
import type { PlateDefn } from '../domain/plate-format';
import { indexOfWellId } from '../domain/well-id';
import type { ReadoutWell } from '../state/readout-colour-store';

export interface ReadoutColouringInput {
  /** well id -> values; null when no readout is shown */
  values: Readonly<Record<string, ReadoutWell>> | null;
  scale: 'raw' | 'normalised';
  /** a well is a hit when its percent effect is at or above this */
  hitMin: number;
}

/** The legend's linear scale: what is measured, its ends and the ramp. */
export interface ValueScale {
  label: string;
  min: number;
  max: number;
  stops: readonly number[];
}

/** The hit colour: a red the viridis-like ramp (purple to yellow) never reaches. */
export const HIT_FILL = 0xe8175d;
const NO_VALUE_FILL = 0xd5dae1;

export const READOUT_SCALE_LABELS = {
  raw: 'Raw reading',
  normalised: '% effect (normalised to the controls)',
} as const;

export function readoutColouring(
  defn: PlateDefn,
  input: ReadoutColouringInput,
  fill: Int32Array,
  heat: { colour: (t: number) => number; stops: readonly number[] },
): {
  legend: { key: string; label: string; colour: number; count: number }[];
  valueScale?: ValueScale;
} {
  if (!input.values)
    return {
      legend: [
        {
          key: 'none',
          label: 'No readout shown: pick one in the Results tab',
          colour: NO_VALUE_FILL,
          count: 0,
        },
      ],
    };
  const shown = (w: ReadoutWell) => (input.scale === 'raw' ? w.raw : w.normalised);
  let min = Infinity;
  let max = -Infinity;
  for (const w of Object.values(input.values)) {
    const v = shown(w);
    if (v !== null && Number.isFinite(v)) {
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
  }
  let valued = 0;
  let hits = 0;
  let missing = 0;
  for (const [id, w] of Object.entries(input.values)) {
    const i = indexOfWellId(id, defn);
    if (i < 0) continue;
    const v = shown(w);
    if (w.normalised !== null && w.normalised >= input.hitMin) {
      fill[i] = HIT_FILL;
      hits++;
    } else if (v !== null && Number.isFinite(v)) {
      fill[i] = heat.colour(max > min ? (v - min) / (max - min) : 0);
      valued++;
    } else {
      fill[i] = NO_VALUE_FILL;
      missing++;
    }
  }
  const legend = [
    { key: 'value', label: 'Read wells, by value', colour: heat.colour(0.5), count: valued },
    {
      key: 'hit',
      label: `Hits (effect ≥ ${input.hitMin} %)`,
      colour: HIT_FILL,
      count: hits,
    },
    ...(missing > 0
      ? [
          {
            key: 'missing',
            label:
              input.scale === 'normalised'
                ? 'No normalised value (the plate lacks POS or NEG readings)'
                : 'No value',
            colour: NO_VALUE_FILL,
            count: missing,
          },
        ]
      : []),
  ];
  return Number.isFinite(min)
    ? {
        legend,
        valueScale: { label: READOUT_SCALE_LABELS[input.scale], min, max, stops: heat.stops },
      }
    : { legend };
}
