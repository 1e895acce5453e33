import { describe, expect, it } from 'vitest';
import { computeMetrics, metricsInputFromPlate } from '../../../src/domain/metrics-kernel';
import { plateDefn } from '../../../src/domain/plate-format';
import type { BenchReagentInfo, WireWells } from '../../../src/domain/plate-wire';
import { idOfIndex } from '../../../src/domain/well-id';
import { changedWellIndices, deltaInput, mergeMetrics } from '../../../src/workers/metrics-delta';

const defn = plateDefn(384);
const info = (slug: string, over: Partial<BenchReagentInfo>): BenchReagentInfo => ({
  slug,
  name: slug,
  type: 'chemical',
  stock_nM: 10_000_000,
  stock_pct: null,
  solvent: 'DMSO',
  max_concentration_percent: null,
  min_transfer_ul: null,
  ionic_strength_mM: null,
  ...over,
});
const bench = [
  info('cpd', {}),
  info('dmso', { type: 'solvent', stock_nM: null, stock_pct: 100, solvent: null }),
  info('media', { type: 'media', stock_nM: null, solvent: null }),
];

function plate(shift: number): WireWells {
  const wells: WireWells = {};
  for (let i = 0; i < 300; i++) {
    wells[idOfIndex(defn, i)] = {
      targets: {
        cpd: { target_nM: 100 * (1 + ((i + shift) % 7)), volume_uL: 0.0025 * (1 + (i % 9)) },
        dmso: { target_nM: null, volume_uL: 0.05 * (i % 3) },
        media: { target_nM: null, volume_uL: 40 },
      },
    };
  }
  return wells;
}

describe('metrics of a plate change as a delta', () => {
  it('gives the whole-plate computation of the new wells, computing only the changed ones', () => {
    const before = plate(0);
    const after: WireWells = { ...before };
    // a tool's apply: a few wells rewritten, one emptied, one filled; the rest the same objects
    const next = plate(3);
    for (const i of [0, 5, 77, 299]) after[idOfIndex(defn, i)] = next[idOfIndex(defn, i)];
    delete after[idOfIndex(defn, 10)];
    after[idOfIndex(defn, 383)] = next[idOfIndex(defn, 1)];
    const full = (w: WireWells) => computeMetrics(metricsInputFromPlate(defn, w, bench, null));

    const indices = changedWellIndices(defn, before, after);
    expect(Array.from(indices)).toEqual([0, 5, 10, 77, 299, 383]);
    const input = deltaInput(defn, after, indices, bench, null);
    // the packed grid: the changed wells only (one row of 48), not the plate's 384
    expect(input.wellCount).toBe(48);
    const merged = mergeMetrics(full(before), indices, computeMetrics(input));
    const expected = full(after);
    for (const [key, value] of Object.entries(expected)) {
      const got = (merged as unknown as Record<string, unknown>)[key];
      if (ArrayBuffer.isView(value)) {
        expect(Array.from(got as Float64Array), key).toEqual(Array.from(value as Float64Array));
      } else expect(got, key).toEqual(value);
    }
    // the well changed in the answer: a check that the comparison can fail
    expect(merged.volumeUL[10]).toBe(0);
    expect(full(before).volumeUL[10]).toBeGreaterThan(0);
  });
});
