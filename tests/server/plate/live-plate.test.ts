// The live plate after a chain of small writes (hash from checkpoints, wells layered on the
// last version) equals the plate computed from scratch from the same wells: the hash, the
// derived state and the row-major key order of wire and state wells. On a 1536-well plate,
// so that writes fall in every hash chunk, empty the first well (the comma moves) and add
// and remove wells (the key order is rebuilt). Pure: no database.
import { describe, expect, it } from 'vitest';
import { plateDefn } from '../../../src/domain/plate-format';
import type { BenchReagentInfo, WireWell, WireWells } from '../../../src/domain/plate-wire';
import { idOfIndex } from '../../../src/domain/well-id';
import { advanceLivePlate, buildLivePlate } from '../../../src/server/plate/live-plate';
import { plateStateText } from '../../../src/server/plate/plate-text';

const BENCH: BenchReagentInfo[] = [
  {
    slug: 'compound-a',
    name: 'Compound A',
    type: 'chemical',
    stock_nM: 1e7,
    stock_pct: null,
    solvent: 'dmso',
    max_concentration_percent: null,
    min_transfer_ul: null,
    ionic_strength_mM: null,
  },
];

const well = (n: number): WireWell => ({
  label: n % 5 === 0 ? `L${n}` : '',
  sample: `S${n % 9}`,
  tags: n % 3 === 0 ? [`T${n % 4}`] : [],
  targets: {
    'compound-a': { target_nM: 100 * (n + 1), tol_pct: 10, volume_uL: 0.0025 * (1 + (n % 5)) },
  },
});

// 2.5 nL of 10 mM in 5 uL of medium: 4.998 uM predicted
const dosed = (target_nM: number): WireWell => ({
  label: '',
  sample: '',
  tags: [],
  targets: {
    medium: { target_nM: null, tol_pct: 10, volume_uL: 5 },
    'compound-a': { target_nM, tol_pct: 10, volume_uL: 0.0025 },
  },
});

describe('live plate after many small writes', () => {
  it('equals the plate computed from scratch (hash, state, key order)', () => {
    const defn = plateDefn(1536);
    const wells: WireWells = {};
    for (let i = 0; i < 1536; i += 3) wells[idOfIndex(defn, i)] = well(i);
    let live = buildLivePlate(defn, wells, 0, BENCH, 'k');
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let step = 1; step <= 120; step++) {
      const updated: Record<string, WireWell> = {};
      const changed: string[] = [];
      const removed: string[] = [];
      // 1 to 3 wells; step 7 empties the first well of the plate (A01), then refills it
      const picks = step === 7 ? [0] : Array.from({ length: 1 + rand(3) }, () => rand(1536));
      for (const i of new Set(picks)) {
        const id = idOfIndex(defn, i);
        const present = live.wireLayer.get(id) !== undefined;
        if (present && (step === 7 || rand(4) === 0)) removed.push(id);
        else {
          updated[id] = well(step * 31 + i);
          changed.push(id);
        }
      }
      for (const id of changed) wells[id] = updated[id];
      for (const id of removed) delete wells[id];
      live = advanceLivePlate(live, updated, changed, removed, step);
      // the answer's text is made from the wells' texts kept since earlier versions
      if (step % 4 === 0) expect(plateStateText(live)).toBe(JSON.stringify(live.state));
      if (step % 10 !== 0 && step !== 7 && step !== 8) continue;
      const scratch = buildLivePlate(defn, wells, step, BENCH, 'k');
      expect(live.state.hash).toBe(scratch.state.hash);
      expect(Object.keys(live.wire)).toEqual(Object.keys(scratch.wire));
      expect(Object.keys(live.state.wells)).toEqual(Object.keys(scratch.state.wells));
      expect(JSON.parse(JSON.stringify(live.state))).toEqual(scratch.state);
    }
  });

  it('equals it after large writes too (hundreds of wells entering and leaving each index)', () => {
    const defn = plateDefn(1536);
    const wells: WireWells = {};
    for (let i = 0; i < 1536; i += 2) wells[idOfIndex(defn, i)] = well(i);
    let live = buildLivePlate(defn, wells, 0, BENCH, 'k');
    for (let step = 1; step <= 12; step++) {
      const updated: Record<string, WireWell> = {};
      const changed: string[] = [];
      const removed: string[] = [];
      // every k-th well from an offset: 100 to 1536 wells, a third of them emptied
      const k = 1 + (step % 5);
      for (let i = step % 3; i < 1536; i += k) {
        const id = idOfIndex(defn, i);
        if (i % 3 === 0 && live.wireLayer.get(id) !== undefined) removed.push(id);
        else {
          updated[id] = well(step * 17 + i);
          changed.push(id);
        }
      }
      for (const id of changed) wells[id] = updated[id];
      for (const id of removed) delete wells[id];
      live = advanceLivePlate(live, updated, changed, removed, step);
      const scratch = buildLivePlate(defn, wells, step, BENCH, 'k');
      expect(live.state.hash).toBe(scratch.state.hash);
      expect(JSON.parse(JSON.stringify(live.state))).toEqual(scratch.state);
      expect(plateStateText(live)).toBe(JSON.stringify(live.state));
    }
  });

  it('lists a well whose target is only a warning as unmet, as the full index does', () => {
    const defn = plateDefn(1536);
    const bench: BenchReagentInfo[] = [
      ...BENCH,
      { ...BENCH[0], slug: 'medium', name: 'Medium', type: 'media', stock_nM: null },
    ];
    const [a, b] = [idOfIndex(defn, 0), idOfIndex(defn, 1)];
    const wells: WireWells = { [a]: dosed(5000), [b]: dosed(5000) };
    const live = buildLivePlate(defn, wells, 0, bench, 'k');
    expect(live.state.indices.unmet).toEqual([]);
    // 15 % above its target with a 10 % tolerance: a warning, which is not dispensed
    const warned = dosed(5000 / 1.15);
    const after = advanceLivePlate(live, { [b]: warned }, [b], [], 1);
    expect(after.state.wells[b].status).toBe('warning');
    const scratch = buildLivePlate(defn, { ...wells, [b]: warned }, 1, bench, 'k');
    expect(scratch.state.indices.unmet).toEqual([b]);
    expect(after.state.indices.unmet).toEqual([b]);
    // and back to met: it leaves the index
    const met = advanceLivePlate(after, { [b]: dosed(5000) }, [b], [], 2);
    expect(met.state.indices.unmet).toEqual([]);
  });
});
