// How the bench names the wells of a reagent before deleting it.
import { describe, expect, it } from 'vitest';
import type { WireWells } from '../../../src/domain/plate-wire';
import { plateDefn } from '../../../src/domain/plate-format';
import {
  deleteReagentQuestion,
  wellRunsLabel,
  wellsWithReagent,
} from '../../../src/panels/bench/reagent-wells';

const defn96 = plateDefn(96);

function wellsOf(ids: string[], slug: string): WireWells {
  const out: WireWells = {};
  for (const id of ids) out[id] = { targets: { [slug]: { target_nM: 100, volume_uL: 1 } } };
  return out;
}

const rowsAtoD = ['A', 'B', 'C', 'D'].flatMap((r) =>
  Array.from({ length: 10 }, (_, c) => `${r}${c + 1}`),
);

describe('wellsWithReagent', () => {
  it('finds the wells that name the reagent, in reading order', () => {
    const wells = {
      ...wellsOf(['B2', 'A10', 'A2'], 'stauro'),
      ...wellsOf(['A1'], 'dmso'),
    };
    expect(wellsWithReagent(wells, 'stauro', defn96)).toEqual(['A2', 'A10', 'B2']);
    expect(wellsWithReagent(wells, 'other', defn96)).toEqual([]);
  });
});

describe('wellRunsLabel', () => {
  it('joins adjacent wells of a row into runs and ends a long list in "…"', () => {
    expect(wellRunsLabel(rowsAtoD, defn96)).toBe('A1-A10, B1-B10, …');
  });

  it('names up to three runs in full', () => {
    expect(wellRunsLabel(['A1', 'A3', 'A4', 'H12'], defn96)).toBe('A1, A3-A4, H12');
    expect(wellRunsLabel(['A12', 'B1'], defn96)).toBe('A12, B1');
  });
});

describe('deleteReagentQuestion', () => {
  it('names the count and the wells', () => {
    expect(deleteReagentQuestion('Staurosporine', rowsAtoD, defn96)).toBe(
      'Staurosporine is in 40 wells (A1-A10, B1-B10, …). ' +
        'Delete it from the bench and leave the wells as they are?',
    );
    expect(deleteReagentQuestion('DMSO', ['C3'], defn96)).toBe(
      'DMSO is in 1 well (C3). Delete it from the bench and leave the wells as they are?',
    );
  });
});
