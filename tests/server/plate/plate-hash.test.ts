import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../src/domain/canonical-json';
import { plateDefn } from '../../../src/domain/plate-format';
import { computePlateState, type WireWells } from '../../../src/domain/plate-state';
import { sha256HexNode } from '../../../src/server/plate/sha256-hex';

describe('sha256HexNode', () => {
  it('gives the portable hex for any text, non-ASCII included (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(sha256HexNode(text)).toBe(sha256Hex(text));
      }),
    );
  });

  it('gives a plate the same hash as the default hasher', () => {
    const defn = plateDefn(96);
    const wells: WireWells = {
      b07: {
        targets: { 'média µ': { target_nM: 1000, volume_uL: 2.5, dilution: 10 } },
        label: 'dose ✓',
        tags: ['x'],
      },
      A1: { targets: { water: { target_nM: null, volume_uL: 100 } } },
    };
    const portable = computePlateState({ defn, wells, version: 1, bench: [] });
    const node = computePlateState({ defn, wells, version: 1, bench: [], hasher: sha256HexNode });
    expect(node.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(node).toEqual(portable);
  });

  it('leaves the hash empty with no hasher, the rest unchanged', () => {
    const defn = plateDefn(24);
    const wells: WireWells = { A1: { targets: { water: { target_nM: null, volume_uL: 1 } } } };
    const full = computePlateState({ defn, wells, version: 3, bench: [] });
    const bare = computePlateState({ defn, wells, version: 3, bench: [], hasher: null });
    expect(bare.hash).toBe('');
    expect({ ...bare, hash: full.hash }).toEqual(full);
  });
});
