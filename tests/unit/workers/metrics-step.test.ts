// The plate's metrics step by step, as the designer takes them: each state from the last one
// (computed at once for a few new wells, by the worker's kernel for many, whole for another
// bench), checked against the whole-plate computation on random plates and random edits.
import { describe, expect, it } from 'vitest';
import { benchReagentInfo, type BenchReagent } from '../../../src/api/bench';
import { computeMetrics, metricsInputFromPlate } from '../../../src/domain/metrics-kernel';
import { plateDefn, type PlateFormat } from '../../../src/domain/plate-format';
import type { WireWell, WireWells } from '../../../src/domain/plate-wire';
import { idOfIndex } from '../../../src/domain/well-id';
import { markersOfWells } from '../../../src/plate-canvas/well-appearance';
import { DEMO_REAGENTS } from '../../../src/state/bench-store';
import {
  INLINE_WELLS,
  MetricsBase,
  type MetricsSource,
  type MetricsState,
} from '../../../src/workers/metrics-step';

/** A small seeded generator (mulberry32): the same plates on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const reagents: readonly BenchReagent[] = DEMO_REAGENTS;
const [compoundA, compoundB, , dmso] = reagents.map((r) => r.slug);
const TAGS = [[], [], ['POS'], ['NEG'], ['VEHICLE'], ['RESERVED']];

/** A random well: a compound at one of a few concentrations, some DMSO, sometimes a tag. */
function randomWell(next: () => number): WireWell {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  const compound = pick([compoundA, compoundB]);
  const targets: WireWell['targets'] = {
    [compound]: {
      target_nM: pick([10, 100, 1000, 10_000, null]),
      volume_uL: pick([0.0025, 0.005, 0.05, 0.5]),
      ...(next() < 0.3 && { tol_pct: pick([2, 10]) }),
      ...(next() < 0.2 && { dilution: pick([10, 100]) }),
    },
  };
  if (next() < 0.7) targets[dmso] = { target_nM: null, volume_uL: pick([0.01, 0.05, 0.2]) };
  return { targets, tags: pick(TAGS) };
}

function randomPlate(format: PlateFormat, next: () => number, filled = 0.8): WireWells {
  const defn = plateDefn(format);
  const wells: WireWells = {};
  for (let i = 0; i < defn.rows * defn.cols; i++)
    if (next() < filled) wells[idOfIndex(defn, i)] = randomWell(next);
  return wells;
}

/** A random edit as the tools make them: wells rewritten, emptied, copied and moved. */
function randomEdit(format: PlateFormat, before: WireWells, next: () => number): WireWells {
  const defn = plateDefn(format);
  const W = defn.rows * defn.cols;
  const after: WireWells = { ...before };
  const id = () => idOfIndex(defn, Math.floor(next() * W));
  const count = Math.floor(next() * 60);
  for (let k = 0; k < count; k++) after[id()] = randomWell(next);
  for (let k = 0; k < count / 4; k++) delete after[id()];
  // replicates: the same contents in new objects
  const source = randomWell(next);
  for (let k = 0; k < count / 3; k++) after[id()] = structuredClone(source);
  // moves: wells of the earlier state at other positions
  for (let k = 0; k < count; k++) {
    const from = before[id()];
    if (from) after[id()] = from;
  }
  return after;
}

/** The whole-plate computation the steps must equal. */
function wholePlate(source: MetricsSource) {
  const defn = plateDefn(source.format);
  const bench = source.reagents.map(benchReagentInfo);
  return computeMetrics(metricsInputFromPlate(defn, source.wells, bench, source.dispensing));
}

function expectSameState(got: MetricsState, source: MetricsSource): void {
  const expected = wholePlate(source);
  for (const [key, value] of Object.entries(expected)) {
    const at = (got.metrics as unknown as Record<string, unknown>)[key];
    if (ArrayBuffer.isView(value)) {
      expect(Array.from(at as Float64Array), key).toEqual(Array.from(value as Float64Array));
    } else expect(at, key).toEqual(value);
  }
  expect(Array.from(got.markers)).toEqual(
    Array.from(markersOfWells(plateDefn(source.format), source.wells)),
  );
  expect(got.wells).toBe(source.wells);
}

/** One step as the designer takes it: at once, or through the kernel as the worker runs it. */
function take(
  base: MetricsBase,
  source: MetricsSource,
  answer: MetricsState | null,
): { state: MetricsState; ready: boolean; kernelWells: number } {
  const step = base.step(source, answer);
  if (step.ready) return { state: step.state, ready: true, kernelWells: 0 };
  const { input, finish } = step.request();
  const state = finish(computeMetrics(structuredClone(input)));
  if (!state) throw new Error('the answer did not fit the plate');
  // the worker's answer becomes the base: the same step again is ready at once
  const again = base.step(source, state);
  expect(again.ready).toBe(true);
  return { state, ready: false, kernelWells: input.wellCount };
}

describe('the plate metrics, one state from the last', () => {
  it('equals the whole-plate computation after every random edit, computing few edits at once', () => {
    for (const format of [384, 1536] as const) {
      const next = random(format);
      const base = new MetricsBase();
      let source: MetricsSource = {
        format,
        wells: randomPlate(format, next),
        reagents,
        dispensing: null,
      };
      // the first state: the whole plate, by the worker
      const first = take(base, source, null);
      expect(first.ready).toBe(false);
      expect(first.kernelWells).toBe(plateDefn(format).rows * plateDefn(format).cols);
      expectSameState(first.state, source);
      let answer: MetricsState | null = first.state;
      let atOnce = 0;
      // the two states before the newest: the one the plate shows, and the one before it
      let kept = [{ state: first.state, source }];
      for (let edit = 0; edit < 25; edit++) {
        source = { ...source, wells: randomEdit(format, source.wells, next) };
        const got = take(base, source, answer);
        if (got.ready) atOnce++;
        else answer = got.state;
        expectSameState(got.state, source);
        // they keep their numbers: the steps write into the arrays of older states only
        for (const k of kept) expectSameState(k.state, k.source);
        kept = [...kept, { state: got.state, source }].slice(-2);
      }
      // the edits write at most ~60 new wells: all of them computed on the main thread
      expect(atOnce).toBe(25);
    }
  });

  it('sends a change of many new wells to the worker as the new wells only', () => {
    const next = random(7);
    const base = new MetricsBase();
    const start: MetricsSource = {
      format: 1536,
      wells: randomPlate(1536, next),
      reagents,
      dispensing: null,
    };
    const first = take(base, start, null).state;
    // every well new and distinct (a volume each): more than the main thread computes
    const wells: WireWells = {};
    const defn = plateDefn(1536);
    for (let i = 0; i < 1000; i++) {
      wells[idOfIndex(defn, i)] = {
        targets: { [compoundA]: { target_nM: 100, volume_uL: 0.0025 * (1 + i) } },
      };
    }
    const many = { ...start, wells };
    const got = take(base, many, first);
    expect(got.ready).toBe(false);
    // packed: 1000 wells on 21 rows of 48, not the plate's 1536
    expect(got.kernelWells).toBe(21 * 48);
    expect(got.kernelWells).toBeGreaterThan(INLINE_WELLS);
    expectSameState(got.state, many);
  });

  it('computes the whole plate again for another bench or format, and moves alone at once', () => {
    const next = random(11);
    const base = new MetricsBase();
    const start: MetricsSource = {
      format: 384,
      wells: randomPlate(384, next),
      reagents,
      dispensing: null,
    };
    const first = take(base, start, null).state;

    // another bench (compound A's stock at 1 mM, not 10 mM): every well's numbers may change
    const restocked = reagents.map((r) => (r.slug === compoundA ? { ...r, stock_uM: 1000 } : r));
    const benchChange = { ...start, reagents: restocked };
    const rebench = take(base, benchChange, first);
    expect(rebench.ready).toBe(false);
    expect(rebench.kernelWells).toBe(384);
    expectSameState(rebench.state, benchChange);
    // the check can fail: compound A's wells predict other concentrations
    expect(Array.from(rebench.state.metrics.predictedNM)).not.toEqual(
      Array.from(first.metrics.predictedNM),
    );

    // the wells swapped in pairs: nothing to compute, no worker
    const defn = plateDefn(384);
    const swapped: WireWells = {};
    for (let i = 0; i < 384; i++) {
      const well = start.wells[idOfIndex(defn, i ^ 1)];
      if (well) swapped[idOfIndex(defn, i)] = well;
    }
    const moved = { ...benchChange, wells: swapped };
    const got = take(base, moved, rebench.state);
    expect(got.ready).toBe(true);
    expectSameState(got.state, moved);

    // another format: the whole plate by the worker
    const large: MetricsSource = { ...moved, format: 1536, wells: randomPlate(1536, next) };
    const reformat = take(base, large, null);
    expect(reformat.ready).toBe(false);
    expect(reformat.kernelWells).toBe(1536);
    expectSameState(reformat.state, large);
  });
});
