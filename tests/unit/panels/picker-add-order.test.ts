import { describe, expect, it } from 'vitest';
import { addOrder } from '../../../src/panels/dialogs/picker-rules';

const r = (slug: string, name: string, reagent_type: string, max: number | null = null) => ({
  slug,
  name,
  reagent_type,
  max_concentration_percent: max,
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
});
