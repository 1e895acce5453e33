import { describe, expect, it } from 'vitest';
import {
  expandReformat,
  quadrupleOf,
  toLarge,
  toSmall,
  wellsLostByFormatChange,
} from '../../../../src/domain/layout/reformat';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { WireWells } from '../../../../src/domain/plate-wire';
import { parseWellId, wellId } from '../../../../src/domain/well-id';
import { referenceApply } from './reference-apply';

const p384 = plateDefn(384);
const p1536 = plateDefn(1536);
const w = (nM: number): WireWells[string] => ({ targets: { c: { target_nM: nM, volume_uL: 0 } } });
const map = (convention: 'interleaved' | 'block', q: number, id: string) => {
  const rc = parseWellId(id, p384)!;
  const to = toLarge(p384, convention, q, rc.row, rc.col);
  return wellId(to.row, to.col);
};

describe('quadrant reformat', () => {
  it('maps 384 wells into a 1536 plate by either convention', () => {
    // interleaved: plate 2, B3 = (2, 3) -> (2*2-1, 2*3) = (3, 6) = C6
    expect(map('interleaved', 2, 'B3')).toBe('C6');
    expect(map('interleaved', 1, 'A1')).toBe('A1');
    expect(map('interleaved', 3, 'A1')).toBe('B1');
    expect(map('interleaved', 4, 'P24')).toBe('AF48');
    // block: plate 2 fills the top-right 16x24 block: B3 -> B27
    expect(map('block', 2, 'B3')).toBe('B27');
    expect(map('block', 3, 'A1')).toBe('Q1');
    expect(map('block', 4, 'P24')).toBe('AF48');
    expect(toSmall(p384, 'interleaved', 2, 5)).toEqual({ q: 2, row: 1, col: 2 }); // C6 -> plate 2 B3
    expect(toSmall(p384, 'block', 1, 26)).toEqual({ q: 2, row: 1, col: 2 }); // B27 -> plate 2 B3
    expect(quadrupleOf(96)).toBe(384);
    expect(quadrupleOf(384)).toBe(1536);
    expect(quadrupleOf(1536)).toBeUndefined();
  });

  it('combines four 384 plates into this 1536 plate, recording each source', () => {
    const sources = [1, 2, 3, 4].map((q) => ({
      plate: `P${q}`,
      format: 384 as const,
      wells: { B3: w(q) },
    }));
    const result = expandReformat(
      { op: 'reformat', mode: 'combine', convention: 'interleaved', sources },
      { defn: p1536, wells: {}, benchSlugs: ['c'] },
    );
    if (!result.ok) throw new Error(result.message);
    const plate = referenceApply(p1536, {}, result.ops);
    expect(Object.keys(plate).toSorted()).toEqual(['C5', 'C6', 'D5', 'D6']);
    expect(plate.C6.targets.c.target_nM).toBe(2);
    expect(plate.C6.tags).toEqual(['SOURCE:P2:B3']);
    expect(plate.D5.tags).toEqual(['SOURCE:P3:B3']);
    expect(result.notes?.[0]).toMatch(/^Quadrant convention: interleaved/);
  });

  it('splits a quadrant of a 1536 plate back into a 384 plate', () => {
    const big: WireWells = { C6: w(2), D6: w(4), AF48: w(9) };
    const result = expandReformat(
      {
        op: 'reformat',
        mode: 'split',
        convention: 'interleaved',
        quadrant: 2,
        sources: [{ plate: 'big', format: 1536, wells: big }],
      },
      { defn: p384, wells: {}, benchSlugs: ['c'] },
    );
    if (!result.ok) throw new Error(result.message);
    const plate = referenceApply(p384, {}, result.ops);
    expect(plate).toEqual({ B3: { ...w(2), tags: ['SOURCE:big:C6'] } });
  });

  it('refuses formats that do not make four quadrants', () => {
    const result = expandReformat(
      {
        op: 'reformat',
        mode: 'combine',
        convention: 'block',
        sources: [{ plate: 'x', format: 96, wells: {} }],
      },
      { defn: p1536, wells: {}, benchSlugs: [] },
    );
    expect(result.ok).toBe(false);
  });

  it('lists the wells a smaller format would lose', () => {
    const wells: WireWells = {
      A1: w(1),
      P24: w(1),
      Q1: w(1),
      A25: w(1),
      AF48: w(1),
      B30: { targets: {} },
    };
    expect(wellsLostByFormatChange(p1536, wells, 384)).toEqual(['A25', 'Q1', 'AF48']);
  });
});
