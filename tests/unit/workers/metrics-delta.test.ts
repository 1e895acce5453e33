import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeMetrics, metricsInputFromPlate } from '../../../src/domain/metrics-kernel';
import { plateDefn } from '../../../src/domain/plate-format';
import type { BenchReagentInfo, WireWell, WireWells } from '../../../src/domain/plate-wire';
import { idOfIndex } from '../../../src/domain/well-id';
import { deltaInput, mergeMetrics, wellDelta } from '../../../src/workers/metrics-delta';

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

/** A well of a compound, with or without DMSO. */
const toWell = (w: { nM: number | null; uL: number; dmso: number }): WireWell => ({
  targets: {
    cpd: { target_nM: w.nM, volume_uL: w.uL },
    ...(w.dmso > 0 && { dmso: { target_nM: null, volume_uL: w.dmso } }),
  },
});

const full = (w: WireWells) => computeMetrics(metricsInputFromPlate(defn, w, bench, null));

function expectSameMetrics(got: object, expected: object): void {
  for (const [key, value] of Object.entries(expected)) {
    const at = (got as Record<string, unknown>)[key];
    if (ArrayBuffer.isView(value)) {
      expect(Array.from(at as Float64Array), key).toEqual(Array.from(value as Float64Array));
    } else expect(at, key).toEqual(value);
  }
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

    const delta = wellDelta(defn, before, after);
    expect(Array.from(delta.indices)).toEqual([0, 5, 10, 77, 299, 383]);
    expect(delta.computed).toBe(6);
    const input = deltaInput(defn, delta, bench, null);
    // the packed grid: the changed wells only (one row of 48), not the plate's 384
    expect(input.wellCount).toBe(48);
    const merged = mergeMetrics(full(before), delta, computeMetrics(input));
    expectSameMetrics(merged, full(after));
    // the well changed in the answer: a check that the comparison can fail
    expect(merged.volumeUL[10]).toBe(0);
    expect(full(before).volumeUL[10]).toBeGreaterThan(0);
  });

  it('computes wells of the same targets once, and targets told apart by any field apart', () => {
    const t = { target_nM: 10, tol_pct: 5, volume_uL: 0.0025 };
    // the same numbers, and a field of its own: not the same targets, either way round
    const noted = { ...t, note: 'x' } as typeof t;
    const after: WireWells = {
      A1: { targets: { cpd: noted } },
      A2: { targets: { cpd: { ...t } } },
      A3: { targets: { cpd: { ...t } } },
      A4: { targets: { cpd: { ...noted } } },
      A5: { targets: { cpd: { ...t, dilution: 10 } } },
      A6: { targets: { cpd: { ...t, volume_uL: 0.005 } } },
    };
    const delta = wellDelta(defn, {}, after);
    expect(delta.computed).toBe(4);
    expect([...delta.slot]).toEqual([0, 1, 1, 0, 2, 3]);
  });

  it('copies the metrics of moved wells from where they were, computing none of them', () => {
    const before = plate(0);
    // a randomisation's result: wells 0..99 rotated by one, well 100 emptied, 200 new
    const after: WireWells = { ...before };
    for (let i = 0; i < 100; i++)
      after[idOfIndex(defn, i)] = before[idOfIndex(defn, (i + 1) % 100)];
    delete after[idOfIndex(defn, 100)];
    after[idOfIndex(defn, 200)] = plate(5)[idOfIndex(defn, 200)];

    const delta = wellDelta(defn, before, after);
    expect(delta.indices.length).toBe(102);
    expect(delta.from[0]).toBe(1);
    expect(delta.from[99]).toBe(0);
    // the emptied well and the new one are computed
    expect(delta.computed).toBe(2);
    const input = deltaInput(defn, delta, bench, null);
    expect(input.wellCount).toBe(48);
    const merged = mergeMetrics(full(before), delta, computeMetrics(input));
    expectSameMetrics(merged, full(after));
    // the rotated wells differ from before: a check that the comparison can fail
    expect(full(after).dispensedUL[0]).not.toBe(full(before).dispensedUL[0]);

    // new wells of the same targets (an import's replicates) are computed once
    const copies: WireWells = { ...before };
    const source = plate(4)[idOfIndex(defn, 0)];
    for (let i = 0; i < 50; i++) copies[idOfIndex(defn, i)] = structuredClone(source);
    const same = wellDelta(defn, before, copies);
    expect(same.indices.length).toBe(50);
    expect(same.computed).toBe(1);
    const once = computeMetrics(deltaInput(defn, same, bench, null));
    expectSameMetrics(mergeMetrics(full(before), same, once), full(copies));

    // the same numbers are one source; another field, value or reagent is another
    const cpd = { target_nM: 100, volume_uL: 0.0025 };
    const variants: WireWell[] = [
      { targets: { cpd: { ...cpd } } },
      { targets: { cpd: { ...cpd } }, tags: ['POS'] },
      { targets: { cpd: { ...cpd, tol_pct: 10 } } },
      { targets: { cpd: { ...cpd, target_nM: 1000 } } },
      { targets: { cpd: { ...cpd }, dmso: { target_nM: null, volume_uL: 0.01 } } },
      { targets: { media: { ...cpd } } },
      { targets: { cpd: { ...cpd, target_nM: null } } },
    ];
    const mixed: WireWells = { ...before };
    variants.forEach((w, i) => (mixed[idOfIndex(defn, i)] = w));
    const kinds = wellDelta(defn, before, mixed);
    // the first two differ only in their tags, which the kernel does not read
    expect(kinds.computed).toBe(variants.length - 1);
    expect(Array.from(kinds.slot)).toEqual([0, 0, 1, 2, 3, 4, 5]);
    const each = computeMetrics(deltaInput(defn, kinds, bench, null));
    expectSameMetrics(mergeMetrics(full(before), kinds, each), full(mixed));

    // moves alone: answered with no computation
    const moved: WireWells = { ...before };
    moved[idOfIndex(defn, 0)] = before[idOfIndex(defn, 1)];
    moved[idOfIndex(defn, 1)] = before[idOfIndex(defn, 0)];
    const swap = wellDelta(defn, before, moved);
    expect(swap.computed).toBe(0);
    expectSameMetrics(mergeMetrics(full(before), swap, null), full(moved));

    // a well copied from a position that kept it is computed (only changed positions are
    // looked in for moved wells), to the numbers it has there
    const copied: WireWells = { ...before };
    copied[idOfIndex(defn, 7)] = before[idOfIndex(defn, 3)];
    const copy = wellDelta(defn, before, copied);
    expect(Array.from(copy.from)).toEqual([-1]);
    expect(copy.computed).toBe(1);
    const kept = computeMetrics(deltaInput(defn, copy, bench, null));
    expectSameMetrics(mergeMetrics(full(before), copy, kept), full(copied));
  });

  it('equals the whole-plate computation over random edits and moves, written into a spare', () => {
    // a well: one of a few contents, so that edits make replicates and moves find wells again
    const wellArb = fc.option(
      fc.record({
        nM: fc.constantFrom(10, 100, 1000, null),
        uL: fc.constantFrom(0.0025, 0.05, 0.5),
        dmso: fc.constantFrom(0, 0.01, 0.2),
      }),
      { freq: 4 },
    );
    const at = fc.nat(defn.rows * defn.cols - 1);
    const editArb = fc.oneof(
      fc.record({ kind: fc.constant('write' as const), at, well: wellArb }),
      fc.record({ kind: fc.constant('move' as const), at, from: at }),
    );
    // the spare's arrays hold another plate's numbers: every one must be overwritten
    const stale = full(plate(2));
    fc.assert(
      fc.property(fc.array(editArb, { maxLength: 120 }), (edits) => {
        const before = plate(0);
        const after: WireWells = { ...before };
        for (const e of edits) {
          const id = idOfIndex(defn, e.at);
          if (e.kind === 'move') after[id] = before[idOfIndex(defn, e.from)];
          else if (e.well) after[id] = toWell(e.well);
          else delete after[id];
        }
        const base = full(before);
        const delta = wellDelta(defn, before, after);
        const computed =
          delta.computed > 0 ? computeMetrics(deltaInput(defn, delta, bench, null)) : null;
        const spare = structuredClone(stale);
        const merged = mergeMetrics(base, delta, computed, spare);
        expectSameMetrics(merged, full(after));
        // written into the spare's arrays, the base left as it was
        expect(merged.predictedNM).toBe(spare.predictedNM);
        expectSameMetrics(base, full(before));
      }),
      { numRuns: 60 },
    );
  });
});
