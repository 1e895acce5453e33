import { describe, expect, it } from 'vitest';
import { plateDefn } from '../../../src/domain/plate-format';
import type { WireWells } from '../../../src/domain/plate-wire';
import { commonValue, parseTags, setWellFields } from '../../../src/state/well-fields';

const DEFN = plateDefn(96);

describe('well fields', () => {
  it('parses tags typed with commas or semicolons, once each', () => {
    expect(parseTags(' POS, neg ; pos,, x ')).toEqual(['POS', 'neg', 'x']);
  });

  it('sets label, sample and tags; creates empty wells and keeps untouched ones', () => {
    const a2 = { targets: { x: { target_nM: 1, volume_uL: 1 } } };
    const wells: WireWells = { A2: a2 };
    const next = setWellFields(wells, DEFN, [0, 1], { label: 'L', sample: 'S1', tags: ['POS'] });
    expect(next.A1).toEqual({ targets: {}, label: 'L', sample: 'S1', tags: ['POS'] });
    expect(next.A2).toEqual({ ...a2, label: 'L', sample: 'S1', tags: ['POS'] });
    expect(wells.A2).toBe(a2); // the input is not changed
    expect(setWellFields(next, DEFN, [0], { label: 'L' })).toBe(next);
  });

  it('swaps a role tag and removes a well left with nothing', () => {
    const wells: WireWells = { A1: { targets: {}, tags: ['neg', 'batch2'] } };
    const roles = { removeTags: ['POS', 'NEG'], addTags: ['POS'] };
    expect(setWellFields(wells, DEFN, [0], roles).A1?.tags).toEqual(['batch2', 'POS']);
    expect(setWellFields(wells, DEFN, [0], { tags: [] }).A1).toBeUndefined();
  });

  it('reads one shared value or null when the wells differ', () => {
    const wells: WireWells = { A1: { targets: {}, label: 'x' }, A2: { targets: {}, label: 'x' } };
    expect(commonValue(wells, DEFN, [0, 1], (w) => w?.label ?? '')).toBe('x');
    expect(commonValue(wells, DEFN, [0, 2], (w) => w?.label ?? '')).toBeNull();
  });
});
