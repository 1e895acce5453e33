// Colour by readout value: linear position of each well's value between the plate's lowest
// and highest on the heat ramp, hits (percent effect at or above the threshold) in the hit
// colour, the legend's counts and scale, and nothing but a note without a readout.
import { describe, expect, it } from 'vitest';
import { plateDefn } from '../../../src/domain/plate-format';
import { indexOfWellId } from '../../../src/domain/well-id';
import { colourWells } from '../../../src/plate-canvas/colour-by';
import { HEAT_STOPS, heatColour } from '../../../src/plate-canvas/colour-palette';
import { HIT_FILL } from '../../../src/plate-canvas/colour-by-readout';
import type { ReadoutWell } from '../../../src/state/readout-colour-store';

const defn = plateDefn(96);
// POS reads 100 (effect 100 %), NEG 1000 (0 %); samples in between
const VALUES: Record<string, ReadoutWell> = {
  A1: { raw: 100, normalised: 100 },
  B1: { raw: 1000, normalised: 0 },
  C1: { raw: 550, normalised: 50 },
  C2: { raw: 775, normalised: 25 },
  C3: { raw: 325, normalised: 75 },
};

const colour = (readout: Parameters<typeof colourWells>[0]['readout']) =>
  colourWells({ defn, wells: {}, reagents: [], mode: 'readout', readout });
const at = (fill: Int32Array, id: string) => fill[indexOfWellId(id, defn)];

describe('colour by readout value', () => {
  it('places raw values linearly between the lowest and highest reading', () => {
    const c = colour({ values: VALUES, scale: 'raw', hitMin: 200 });
    // (775 - 100) / (1000 - 100) = 0.75; (325 - 100) / 900 = 0.25
    expect(at(c.fill, 'C2')).toBe(heatColour(0.75));
    expect(at(c.fill, 'C3')).toBe(heatColour(0.25));
    expect(at(c.fill, 'A1')).toBe(HEAT_STOPS[0]);
    expect(at(c.fill, 'B1')).toBe(HEAT_STOPS[4]);
    expect(at(c.fill, 'D1')).toBe(-1);
    expect(c.valueScale).toEqual({
      label: 'Raw reading',
      min: 100,
      max: 1000,
      stops: HEAT_STOPS,
    });
  });

  it('marks hits at or above the threshold whatever the scale, and counts them', () => {
    const c = colour({ values: VALUES, scale: 'normalised', hitMin: 50 });
    expect(at(c.fill, 'A1')).toBe(HIT_FILL);
    expect(at(c.fill, 'C1')).toBe(HIT_FILL);
    expect(at(c.fill, 'C3')).toBe(HIT_FILL);
    // percent effect 25 of 0..100
    expect(at(c.fill, 'C2')).toBe(heatColour(0.25));
    expect(c.valueScale?.label).toBe('% effect (normalised to the controls)');
    expect(c.legend.map((e) => [e.key, e.count])).toEqual([
      ['value', 2],
      ['hit', 3],
    ]);
    expect(c.legend[1].label).toBe('Hits (effect ≥ 50 %)');
    const raw = colour({ values: VALUES, scale: 'raw', hitMin: 80 });
    expect(at(raw.fill, 'A1')).toBe(HIT_FILL);
    expect(at(raw.fill, 'C3')).toBe(heatColour(0.25));
  });

  it('says when the plate has no normalised values', () => {
    const c = colour({
      values: { A1: { raw: 5, normalised: null }, A2: { raw: 7, normalised: null } },
      scale: 'normalised',
      hitMin: 50,
    });
    expect(c.valueScale).toBeUndefined();
    expect(c.legend.find((e) => e.key === 'missing')?.count).toBe(2);
  });

  it('says that no readout is shown', () => {
    const c = colour({ values: null, scale: 'raw', hitMin: 50 });
    expect([...c.fill].every((f) => f === -1)).toBe(true);
    expect(c.legend[0].label).toBe('No readout shown: pick one in the Results tab');
  });
});
