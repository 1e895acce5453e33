import { describe, expect, it } from 'vitest';
import { addOrder } from '../../../src/panels/dialogs/picker-rules';

const r = (
  slug: string,
  name: string,
  reagent_type: string,
  max: number | null = null,
  stock: [number, string] | null = null,
) => ({
  slug,
  name,
  reagent_type,
  max_concentration_percent: max,
  default_concentration_value: stock?.[0] ?? null,
  default_concentration_units: stock?.[1] ?? null,
  molecular_weight_g_per_mol: null,
});

describe('addOrder (ticked reagents, default vehicle first)', () => {
  it('puts the alphabetically first media without a max concentration first', () => {
    const ticked = [
      r('dmso', 'DMSO', 'solvent'),
      r('cpd', 'Compound A', 'chemical'),
      r('rpmi', 'RPMI', 'media'),
      r('dmem', 'DMEM', 'media'),
      r('fbs', 'Alpha medium', 'media', 10),
    ];
    expect(addOrder(ticked).map((t) => t.slug)).toEqual(['dmem', 'dmso', 'cpd', 'rpmi', 'fbs']);
  });

  it('falls back to a solvent, and keeps the order when there is no candidate', () => {
    const ticked = [r('cpd', 'Compound A', 'chemical'), r('water', 'Water', 'solvent')];
    expect(addOrder(ticked).map((t) => t.slug)).toEqual(['water', 'cpd']);
    const none = [r('b', 'B', 'chemical'), r('a', 'A', 'chemical')];
    expect(addOrder(none).map((t) => t.slug)).toEqual(['b', 'a']);
  });

  it('never puts a concentrated buffer stock first: 1 M HEPES is diluted into wells', () => {
    const ticked = [
      r('cpd', 'Compound A', 'chemical', null, [10, 'mM']),
      r('dmso', 'DMSO', 'solvent', 0.5),
      r('hepes', 'HEPES', 'buffer', null, [1, 'M']),
      r('assay', 'Assay buffer', 'buffer'),
    ];
    expect(addOrder(ticked).map((t) => t.slug)).toEqual(['assay', 'cpd', 'dmso', 'hepes']);
    // with the stock alone on the bench water fills: no bench reagent goes first
    expect(addOrder(ticked.slice(0, 3)).map((t) => t.slug)).toEqual(['cpd', 'dmso', 'hepes']);
  });
});
