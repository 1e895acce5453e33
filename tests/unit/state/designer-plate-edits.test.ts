import { describe, expect, it } from 'vitest';
import { plateDefn } from '../../../src/domain/plate-format';
import { computePlateState, type BenchReagentInfo } from '../../../src/domain/plate-state';
import { indexOfWellId } from '../../../src/domain/well-id';
import {
  applyReagent,
  clearWells,
  copyWells,
  pasteWells,
  removeReagent,
} from '../../../src/state/plate-edits';

const D96 = plateDefn(96);
const D1536 = plateDefn(1536);

function info(slug: string, type: BenchReagentInfo['type'], stock_nM: number | null) {
  return {
    slug,
    name: slug.toUpperCase(),
    type,
    stock_nM,
    stock_pct: null,
    solvent: null,
    max_concentration_percent: null,
    min_transfer_ul: null,
    ionic_strength_mM: null,
  } satisfies BenchReagentInfo;
}

// A 10 mM compound stock (1e7 nM) and a 1 M HEPES buffer made at pH 7.4 (pKa 7.48).
const BENCH = [
  info('cpd', 'compound', 1e7),
  { ...info('hepes', 'buffer', 1e9), pKa: 7.48, dpKa_dT: -0.014, ph: 7.4 },
  info('media', 'media', null),
];
const at = (id: string, defn = D96) => indexOfWellId(id, defn);

describe('apply reagent', () => {
  it('puts uM as target_nM and the volume into every listed well', () => {
    const wells = applyReagent({}, D96, 'cpd', { uM: 10, volumeUl: 0.5 }, [at('A1'), at('B3')]);
    expect(Object.keys(wells)).toEqual(['A1', 'B3']);
    expect(wells.A1.targets.cpd).toEqual({ target_nM: 10_000, volume_uL: 0.5 });
  });

  it('overwrites the same reagent and keeps the others; well volume is their sum', () => {
    let wells = applyReagent({}, D96, 'media', { uM: 0, volumeUl: 49 }, [at('A1')]);
    wells = applyReagent(wells, D96, 'cpd', { uM: 10, volumeUl: 2 }, [at('A1')]);
    wells = applyReagent(wells, D96, 'cpd', { uM: 100, volumeUl: 1 }, [at('A1')]);
    const state = computePlateState({ defn: D96, wells, version: 1, bench: BENCH });
    const a1 = state.wells.A1;
    expect(Object.keys(a1.targets).toSorted()).toEqual(['cpd', 'media']);
    expect(a1.metrics.volumeUl).toBe(50);
    // Hand calculation: 1e7 nM * 1 uL / 50 uL = 200,000 nM against a 100,000 nM target: +100 %.
    expect(a1.predicted.cpd.nM).toBeCloseTo(200_000, 6);
    expect(a1.predicted.cpd.err_pct).toBeCloseTo(100, 6);
    expect(a1.targets.cpd.status).toBe('error');
  });

  it('a matching volume predicts the target within tolerance', () => {
    let wells = applyReagent({}, D96, 'media', { uM: 0, volumeUl: 99 }, [at('C4')]);
    wells = applyReagent(wells, D96, 'cpd', { uM: 100, volumeUl: 1 }, [at('C4')]);
    const state = computePlateState({ defn: D96, wells, version: 1, bench: BENCH });
    // 1e7 * 1 / 100 = 1e5 nM = 100 uM exactly.
    expect(state.wells.C4.predicted.cpd.nM).toBeCloseTo(100_000, 6);
    expect(state.wells.C4.targets.cpd.status).toBe('good');
  });

  it('keeps the identity of wells it does not touch', () => {
    const before = applyReagent({}, D96, 'cpd', { uM: 1, volumeUl: 1 }, [at('A1'), at('A2')]);
    const after = applyReagent(before, D96, 'hepes', { uM: 10, volumeUl: 1 }, [at('A2')]);
    expect(after.A1).toBe(before.A1);
    expect(after.A2).not.toBe(before.A2);
    expect(before.A2.targets.hepes).toBeUndefined();
  });

  it('fills a whole 1536 plate', () => {
    const all = Array.from({ length: 1536 }, (_, i) => i);
    const wells = applyReagent({}, D1536, 'cpd', { uM: 5, volumeUl: 1 }, all);
    expect(Object.keys(wells)).toHaveLength(1536);
    expect(wells.AF48.targets.cpd.target_nM).toBe(5000);
  });
});

describe('remove reagent and clear', () => {
  it('removes the reagent and recomputes pH and volume from what remains', () => {
    let wells = applyReagent({}, D96, 'hepes', { uM: 10_000, volumeUl: 10 }, [at('A1')]);
    wells = applyReagent(wells, D96, 'media', { uM: 0, volumeUl: 10 }, [at('A1')]);
    const withBuffer = computePlateState({ defn: D96, wells, version: 1, bench: BENCH });
    // One buffer diluted 1:2 keeps the pH it was made at: 7.4.
    expect(withBuffer.wells.A1.metrics.pH).toBeCloseTo(7.4, 9);
    const removed = removeReagent(wells, D96, 'hepes', [at('A1')]);
    const state = computePlateState({ defn: D96, wells: removed, version: 2, bench: BENCH });
    expect(state.wells.A1.metrics.volumeUl).toBe(10);
    // No buffer left: no computed pH.
    expect(state.wells.A1.metrics.pH).toBeNull();
  });

  it('drops a well left empty and returns the same map when nothing changed', () => {
    const wells = applyReagent({}, D96, 'cpd', { uM: 1, volumeUl: 1 }, [at('A1')]);
    expect(removeReagent(wells, D96, 'cpd', [at('A1')])).toEqual({});
    expect(removeReagent(wells, D96, 'hepes', [at('A1')])).toBe(wells);
    expect(clearWells(wells, D96, [at('H12')])).toBe(wells);
    expect(clearWells(wells, D96, [at('A1')])).toEqual({});
  });
});

describe('copy and paste', () => {
  it('pastes a block with its top-left corner on the anchor, empties included', () => {
    let wells = applyReagent({}, D96, 'cpd', { uM: 1, volumeUl: 1 }, [at('A1')]);
    wells = applyReagent(wells, D96, 'hepes', { uM: 2, volumeUl: 2 }, [at('B2')]);
    wells = applyReagent(wells, D96, 'media', { uM: 0, volumeUl: 5 }, [at('E6')]);
    const clip = copyWells(wells, D96, [at('A1'), at('A2'), at('B1'), at('B2')])!;
    expect([clip.rows, clip.cols]).toEqual([2, 2]);
    const { wells: pasted, indices } = pasteWells(wells, D96, clip, at('D5'));
    expect(indices.toSorted((a, b) => a - b)).toEqual([at('D5'), at('D6'), at('E5'), at('E6')]);
    expect(pasted.D5).toBe(wells.A1);
    expect(pasted.E6).toBe(wells.B2); // E6's media was overwritten
    expect(pasted.D6).toBeUndefined();
    expect(pasted.A1).toBe(wells.A1);
  });

  it('leaves out what falls off the plate', () => {
    const wells = applyReagent({}, D96, 'cpd', { uM: 1, volumeUl: 1 }, [at('A1'), at('A2')]);
    const clip = copyWells(wells, D96, [at('A1'), at('A2')])!;
    const { wells: pasted, indices } = pasteWells(wells, D96, clip, at('C12'));
    expect(indices).toEqual([at('C12')]);
    expect(pasted.C12).toBe(wells.A1);
    expect(copyWells(wells, D96, [])).toBeNull();
  });
});
