import { describe, expect, it } from 'vitest';
import { runTool } from '../../../src/server/agent/tools/tool-registry';
import type { ToolOutcome } from '../../../src/server/agent/tools/tool-types';
import type { WireWells } from '../../../src/domain/plate-wire';
import { context } from './agent-fixtures';

const well = (slug: string, nM: number) => ({
  targets: { [slug]: { target_nM: nM, tol_pct: 5, volume_uL: 1, dilution: 1 } },
  label: '',
  sample: '',
  tags: [],
});

const swap = (wells: WireWells, from: string[], to: string[]): ToolOutcome =>
  runTool(context(96, wells), { name: 'copy_wells', args: { from, to, swap: true } });

describe('swapping wells', () => {
  it('gives each well its partner contents, an empty partner emptying it', () => {
    const wells = { A1: well('staurosporine', 1000), A2: well('compound-a', 2000) } as WireWells;
    const r = swap(wells, ['A1', 'A2', 'A3'], ['B1', 'B2', 'B3']);
    if (r.kind !== 'change') throw new Error(JSON.stringify(r));
    expect(Object.keys(r.wells).toSorted()).toEqual(['B1', 'B2']);
    expect(r.wells.B1).toEqual(wells.A1);
    expect(r.wells.B2).toEqual(wells.A2);
    // A3 and B3 were both empty: nothing changed there
    expect(r.changed.toSorted()).toEqual(['A1', 'A2', 'B1', 'B2']);
    expect(r.summary).toBe('Swapped A1, A2, A3 with B1, B2, B3');
  });

  it('exchanges two filled wells both ways', () => {
    const wells = { A1: well('staurosporine', 1000), A2: well('compound-a', 2000) } as WireWells;
    const r = swap(wells, ['A1'], ['A2']);
    if (r.kind !== 'change') throw new Error(JSON.stringify(r));
    expect(r.wells.A1).toEqual(wells.A2);
    expect(r.wells.A2).toEqual(wells.A1);
  });

  it('refuses sets that overlap, differ in size or hold nothing', () => {
    const wells = { A1: well('staurosporine', 1000) } as WireWells;
    expect(swap(wells, ['A1', 'A2'], ['A2', 'A3'])).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('A2 is on both sides of the swap'),
    });
    expect(swap(wells, ['A1'], ['B1', 'B2'])).toMatchObject({ kind: 'error' });
    expect(swap(wells, ['C1'], ['C2'])).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('hold nothing to swap'),
    });
  });
});
