// The colourings read each well object once and keep what they read with it: the same
// objects coloured again under another bench are read again, and a moved well keeps its look.
import { describe, expect, it } from 'vitest';
import { plateDefn } from '../../../src/domain/plate-format';
import type { WireWells } from '../../../src/domain/plate-wire';
import { colourWells, reagentColour } from '../../../src/plate-canvas/colour-by';

const defn = plateDefn(96);
const t = (nM: number | null, uL = 1) => ({ target_nM: nM, volume_uL: uL });
const wells: WireWells = {
  A1: { targets: { a: t(10), b: t(10, 2) } },
  A2: { targets: { b: t(5) } },
  A3: { targets: { a: t(1, 3) }, tags: ['POS'] },
};
const bench = (types: [string, string]) => [
  { slug: 'a', name: 'A', type: types[0] },
  { slug: 'b', name: 'B', type: types[1] },
];
const colour = (
  w: WireWells,
  mode: 'reagent' | 'layout' | 'type' | 'series' | 'role',
  types: [string, string],
) => colourWells({ defn, wells: w, reagents: bench(types), mode });

describe('colourings of shared well objects', () => {
  it('reads a well again when the bench ranks its reagents otherwise', () => {
    // both compounds: A1 is about a (first on the bench); b a solvent: still a
    const first = colour(wells, 'reagent', ['chemical', 'chemical']);
    expect(first.legend.map((e) => [e.key, e.count])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    // a the solvent: A1 is about b now, the same well object
    const again = colour(wells, 'reagent', ['solvent', 'chemical']);
    expect(again.legend.map((e) => [e.key, e.count])).toEqual([
      ['b', 2],
      ['a', 1],
    ]);
    expect(again.fill[0]).toBe(reagentColour(0));
    expect(again.fill[2]).toBe(reagentColour(1));
  });

  it('colours moved and kept wells as it colours new copies of them, in every mode', () => {
    const modes = ['reagent', 'layout', 'type', 'series', 'role'] as const;
    const benches: [string, string][] = [
      ['chemical', 'chemical'],
      ['chemical', 'solvent'],
      ['solvent', 'chemical'],
    ];
    // the first pass reads the wells; then moved, kept and new wells, and fresh copies
    for (const mode of modes) for (const types of benches) colour(wells, mode, types);
    const moved: WireWells = {
      A1: wells.A3,
      A3: wells.A1,
      A2: wells.A2,
      B1: { targets: { a: t(2) } },
    };
    for (const mode of modes)
      for (const types of benches) {
        const fresh = structuredClone(moved);
        const reagents = bench(types);
        const shared = colourWells({ defn, wells: moved, reagents, mode });
        const copied = colourWells({ defn, wells: fresh, reagents, mode });
        expect(shared).toEqual(copied);
      }
  });
});
