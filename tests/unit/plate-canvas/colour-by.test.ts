import { describe, expect, it } from 'vitest';
import { plateDefn } from '../../../src/domain/plate-format';
import type { WireWells } from '../../../src/domain/plate-wire';
import { STATUS } from '../../../src/domain/prediction';
import {
  LAYOUT_ROLE_FILL,
  OTHER_FILL,
  ROLE,
  colourWells,
  emptyCount,
  logPosition,
  roleOfWell,
} from '../../../src/plate-canvas/colour-by';
import {
  HEAT_STOPS,
  compoundColour,
  heatColour,
  reagentColour,
  seriesRamp,
} from '../../../src/plate-canvas/colour-palette';
import { TYPE_FILL } from '../../../src/plate-canvas/well-appearance';
import { readColourMode } from '../../../src/state/colour-mode-store';
import { deltaE, VISIONS } from './cvd';

const DEFN = plateDefn(96);
const REAGENTS = [
  { slug: 'cpd-a', name: 'Compound A', type: 'chemical' },
  { slug: 'cpd-b', name: 'Compound B', type: 'chemical' },
  { slug: 'dmso', name: 'DMSO', type: 'solvent' },
];
const t = (nM: number | null, uL = 1) => ({ target_nM: nM, volume_uL: uL });

// A1: A at 10 nM in DMSO, A2: A at 1000 nM, A3: B, A4: DMSO only (ZERO), B1: POS-tagged B.
const WELLS: WireWells = {
  A1: { targets: { 'cpd-a': t(10), dmso: t(null, 2) } },
  A2: { targets: { 'cpd-a': t(1000) } },
  A3: { targets: { 'cpd-b': t(5) } },
  A4: { targets: { dmso: t(null, 2) }, tags: ['ZERO'] },
  B1: { targets: { 'cpd-b': t(5) }, tags: ['pos'] },
};

describe('colour by reagent', () => {
  it('gives a compound in DMSO the compound colour, one colour per reagent, with counts', () => {
    const c = colourWells({ defn: DEFN, wells: WELLS, reagents: REAGENTS, mode: 'reagent' });
    // bench order of the reagents on the plate: cpd-a, cpd-b, dmso -> colours 0, 1, 2
    expect(c.fill[0]).toBe(reagentColour(0));
    expect(c.fill[1]).toBe(reagentColour(0));
    expect(c.fill[2]).toBe(reagentColour(1));
    expect(c.fill[3]).toBe(reagentColour(2));
    expect(c.fill[12]).toBe(reagentColour(1));
    expect(c.legend.map((e) => [e.label, e.count])).toEqual([
      ['Compound A', 2],
      ['Compound B', 2],
      ['DMSO', 1],
    ]);
    expect(emptyCount(c.fill)).toBe(96 - 5);
  });

  it('colours a compound in medium as the compound, even when the medium sorts first', () => {
    const bench = [{ slug: 'medium', name: 'Assay medium', type: 'media' }, ...REAGENTS];
    const wells: WireWells = {
      A1: { targets: { medium: t(null, 9), 'cpd-b': t(5) } },
      A2: { targets: { medium: t(null, 9) } },
    };
    const c = colourWells({ defn: DEFN, wells, reagents: bench, mode: 'reagent' });
    expect(c.legend.map((e) => [e.label, e.count])).toEqual([
      ['Compound B', 1],
      ['Assay medium', 1],
    ]);
    expect(c.fill[0]).toBe(reagentColour(0));
  });

  it('keeps 48 reagent colours apart', () => {
    const colours = new Set(Array.from({ length: 48 }, (_, i) => reagentColour(i)));
    expect(colours.size).toBe(48);
  });
});

describe('colouring the next state of a plate', () => {
  it('reads each well anew when the bench ranks its reagents otherwise', () => {
    const wells: WireWells = { A1: { targets: { medium: t(null, 9), 'cpd-b': t(5) } } };
    const asMedium = [
      { slug: 'medium', name: 'Assay medium', type: 'media' },
      { slug: 'cpd-b', name: 'Compound B', type: 'chemical' },
    ];
    const first = colourWells({ defn: DEFN, wells, reagents: asMedium, mode: 'reagent' });
    expect(first.legend.map((e) => e.label)).toEqual(['Compound B']);
    // the same well objects: compound B is now a medium, and the well is about the other one
    const swapped = [
      { slug: 'medium', name: 'Assay medium', type: 'chemical' },
      { slug: 'cpd-b', name: 'Compound B', type: 'media' },
    ];
    const next = colourWells({ defn: DEFN, wells, reagents: swapped, mode: 'reagent' });
    expect(next.legend.map((e) => e.label)).toEqual(['Assay medium']);
  });

  it('colours wells kept from the last state as a fresh plate of them is coloured', () => {
    // A2 becomes a negative control of B, A3 moves to A5 (the same object), A4 is emptied
    const edited: WireWells = {
      ...WELLS,
      A2: { targets: { 'cpd-b': t(7) }, tags: ['NEG'] },
      A5: WELLS.A3,
    };
    delete edited.A4;
    const fresh = structuredClone(edited);
    for (const mode of ['layout', 'reagent', 'series', 'role'] as const) {
      // a plate coloured with another bench is read whole, whatever was coloured before
      const readWhole = (wells: WireWells) => {
        colourWells({ defn: DEFN, wells, reagents: [], mode });
        return colourWells({ defn: DEFN, wells, reagents: REAGENTS, mode });
      };
      readWhole(WELLS);
      const after = colourWells({ defn: DEFN, wells: edited, reagents: REAGENTS, mode });
      const alone = readWhole(fresh);
      expect([...after.fill]).toEqual([...alone.fill]);
      expect(after.legend).toEqual(alone.legend);
    }
  });
});

describe('colour by concentration', () => {
  it('maps the chosen reagent on a log scale from its lowest to its highest concentration', () => {
    const c = colourWells({
      defn: DEFN,
      wells: WELLS,
      reagents: REAGENTS,
      mode: 'concentration',
      reagent: 'cpd-a',
    });
    expect(c.scale).toEqual({ minNM: 10, maxNM: 1000, stops: HEAT_STOPS });
    expect(c.fill[0]).toBe(HEAT_STOPS[0]); // 10 nM: the low end
    expect(c.fill[1]).toBe(HEAT_STOPS[HEAT_STOPS.length - 1]); // 1000 nM: the high end
    expect(c.fill[2]).toBe(OTHER_FILL); // holds B only
    expect(c.legend.map((e) => [e.key, e.count])).toEqual([
      ['with', 2],
      ['other', 3],
    ]);
  });

  it('puts 100 nM half way between 10 nM and 1000 nM', () => {
    expect(logPosition(100, 10, 1000)).toBeCloseTo(0.5, 12);
    expect(heatColour(0.5)).toBe(HEAT_STOPS[2]);
    expect(logPosition(5, 5, 5)).toBe(0);
  });
});

describe('colour by role and status', () => {
  it('tells controls, vehicle and samples apart from the tags', () => {
    expect(roleOfWell(WELLS.B1)).toBe('positive');
    expect(roleOfWell(WELLS.A4)).toBe('vehicle');
    expect(roleOfWell(WELLS.A1)).toBe('sample');
    expect(roleOfWell({ targets: {}, tags: ['NEG', 'RESERVED'] })).toBe('reserved');
    expect(roleOfWell(undefined)).toBeNull();
    const c = colourWells({ defn: DEFN, wells: WELLS, reagents: REAGENTS, mode: 'role' });
    expect(c.fill[12]).toBe(ROLE.positive.colour);
    expect(c.fill[3]).toBe(ROLE.vehicle.colour);
    expect(c.legend.map((e) => [e.key, e.count])).toEqual([
      ['positive', 1],
      ['vehicle', 1],
      ['sample', 3],
    ]);
  });

  it('colours by the status the metrics computed', () => {
    const status = new Uint8Array(96);
    status[0] = STATUS.GOOD;
    status[1] = STATUS.ERROR;
    const c = colourWells({ defn: DEFN, wells: WELLS, reagents: REAGENTS, mode: 'status', status });
    expect(c.legend.map((e) => [e.key, e.count])).toEqual([
      [String(STATUS.GOOD), 1],
      [String(STATUS.ERROR), 1],
      [String(STATUS.UNKNOWN), 3],
    ]);
  });

  it('colours by type from the largest volume, as before', () => {
    const c = colourWells({ defn: DEFN, wells: WELLS, reagents: REAGENTS, mode: 'type' });
    expect(c.fill[0]).toBe(TYPE_FILL[3]); // 2 µL of DMSO over 1 µL of compound: solvent
    expect(c.fill[1]).toBe(TYPE_FILL[1]);
  });
});

describe('colour by layout (the default)', () => {
  const bench = [
    ...REAGENTS,
    { slug: 'medium', name: 'Medium', type: 'media' },
    { slug: 'stauro', name: 'Staurosporine', type: 'chemical' },
  ];
  // B: two series (cpd-b in row A, cpd-a in row B), controls, medium-only and empty wells.
  const wells: WireWells = {
    A1: { targets: { 'cpd-b': t(1000), medium: t(null, 9) } },
    A2: { targets: { 'cpd-b': t(100), medium: t(null, 9) } },
    B1: { targets: { 'cpd-a': t(1000), medium: t(null, 9) } },
    B2: { targets: { 'cpd-a': t(100), medium: t(null, 9) } },
    C1: { targets: { stauro: t(10_000), medium: t(null, 9) }, tags: ['POS'] },
    C2: { targets: { dmso: t(null, 0.1), medium: t(null, 9) }, tags: ['NEG'] },
    C3: { targets: { dmso: t(null, 0.1), medium: t(null, 9) }, tags: ['DMSO'] },
    D1: { targets: { medium: t(null, 10) } },
  };

  it('tells controls, each compound (in plate order) and other contents apart, with counts', () => {
    const c = colourWells({ defn: DEFN, wells, reagents: bench, mode: 'layout' });
    expect(c.legend.map((e) => [e.label, e.count])).toEqual([
      ['Compound B', 2],
      ['Compound A', 2],
      ['Positive control', 1],
      ['Negative control', 1],
      ['Vehicle / zero', 1],
      ['Other contents (no compound)', 1],
    ]);
    expect(c.fill[0]).toBe(compoundColour(0));
    expect(c.fill[1]).toBe(compoundColour(0));
    expect(c.fill[12]).toBe(compoundColour(1));
    expect(c.fill[24]).toBe(LAYOUT_ROLE_FILL.positive.colour);
    expect(c.fill[26]).toBe(LAYOUT_ROLE_FILL.vehicle.colour);
    expect(new Set(c.legend.map((e) => e.colour)).size).toBe(c.legend.length);
    expect(emptyCount(c.fill)).toBe(96 - 8);
  });

  it('keeps 32 compounds apart for every common colour vision, and apart from the controls', () => {
    const colours = Array.from({ length: 32 }, (_, k) => compoundColour(k));
    const controls = [...Object.values(LAYOUT_ROLE_FILL).map((r) => r.colour), 0xffffff];
    for (const vision of VISIONS) {
      for (let i = 0; i < 32; i++) {
        for (let j = i + 1; j < 32; j++) {
          // Clearly different (CIE76 > 10) for any two; more for neighbouring series.
          expect(deltaE(colours[i], colours[j], vision)).toBeGreaterThan(j === i + 1 ? 15 : 10);
        }
        for (const k of controls) expect(deltaE(colours[i], k, vision)).toBeGreaterThan(10);
      }
    }
  });

  it('is the colouring a first visit gets', () => {
    expect(readColourMode(null).mode).toBe('layout');
    expect(readColourMode('{"mode":"role"}').mode).toBe('role');
  });
});

describe('colour by the concentration of every compound', () => {
  const bench = [...REAGENTS, { slug: 'medium', name: 'Medium', type: 'media' }];
  // cpd-b from 1 uM down to 10 nM in row A, cpd-a from 100 nM to 1 nM in row B, a control
  const wells: WireWells = {
    A1: { targets: { 'cpd-b': t(1000), medium: t(null, 9) } },
    A2: { targets: { 'cpd-b': t(100), medium: t(null, 9) } },
    A3: { targets: { 'cpd-b': t(10), medium: t(null, 9) } },
    B1: { targets: { 'cpd-a': t(100), medium: t(null, 9) } },
    B2: { targets: { 'cpd-a': t(1), medium: t(null, 9) } },
    C1: { targets: { dmso: t(null, 0.1), medium: t(null, 9) }, tags: ['NEG'] },
  };
  const c = colourWells({ defn: DEFN, wells, reagents: bench, mode: 'series' });

  it('gives each compound its own ramp on its own scale, darker for more', () => {
    const [lowB, highB] = seriesRamp(compoundColour(0));
    const [lowA, highA] = seriesRamp(compoundColour(1));
    // each series' top is its ramp's dark end and its bottom the light end, whatever the
    // other compound's range (cpd-a's 100 nM top is dark though cpd-b reaches 1 uM)
    expect(c.fill[0]).toBe(highB);
    expect(c.fill[2]).toBe(lowB);
    expect(c.fill[12]).toBe(highA);
    expect(c.fill[13]).toBe(lowA);
    // the middle point half way along its ramp (a log scale), between the two ends
    expect(c.fill[1]).not.toBe(lowB);
    expect(c.fill[1]).not.toBe(highB);
    expect(c.fill[24]).toBe(LAYOUT_ROLE_FILL.negative.colour);
  });

  it('lists each compound with its range, then the controls', () => {
    expect(c.legend.map((e) => [e.label, e.count])).toEqual([
      ['Compound B 10.0 nM to 1.00 µM', 3],
      ['Compound A 1.00 nM to 100 nM', 2],
      ['Negative control', 1],
    ]);
    expect(c.legend[0].ramp).toEqual(seriesRamp(compoundColour(0)));
  });
});
