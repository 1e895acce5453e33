import { describe, expect, it } from 'vitest';
import { columnShares, evenlySpaced, expandControls } from '../../../../src/domain/layout/controls';
import { plateDefn } from '../../../../src/domain/plate-format';
import { referenceApply } from './reference-apply';

const p96 = plateDefn(96);
const p1536 = plateDefn(1536);
const bench = ['staurosporine', 'dmso'];

describe('controls', () => {
  it('spreads evenly', () => {
    expect(evenlySpaced([0, 1, 2, 3, 4, 5, 6, 7], 4)).toEqual([0, 2, 4, 6]);
    expect(evenlySpaced([0, 1, 2], 5)).toEqual([0, 1, 2]);
    // 96 plate, columns 1 and 12, two kinds: checkerboard, column by column
    const [pos, neg] = columnShares(p96, [1, 12], 2);
    expect(pos).toEqual([0, 24, 48, 72, 23, 47, 71, 95]); // A1 C1 E1 G1 B12 D12 F12 H12
    expect(neg).toEqual([12, 36, 60, 84, 11, 35, 59, 83]); // B1 D1 F1 H1 A12 C12 E12 G12
  });

  it('fills chosen columns of a 96 plate with POS, NEG and ZERO in a checkerboard', () => {
    const result = expandControls(
      {
        op: 'controls',
        columns: [1, 12],
        controls: [
          { kind: 'POS', reagent: 'staurosporine', target: { value: 1, unit: 'uM' } },
          { kind: 'NEG', reagent: 'dmso' },
          { kind: 'ZERO' },
        ],
      },
      { defn: p96, wells: {}, benchSlugs: bench },
    );
    if (!result.ok) throw new Error(result.message);
    const plate = referenceApply(p96, {}, result.ops);
    const tagged = (t: string) =>
      Object.keys(plate)
        .filter((id) => plate[id].tags?.includes(t))
        .sort();
    // (row + j) mod 3 with j = 0 for column 1 and 1 for column 12
    expect(tagged('POS')).toEqual(['A1', 'C12', 'D1', 'F12', 'G1'].sort());
    expect(tagged('NEG')).toEqual(['A12', 'B1', 'D12', 'E1', 'G12', 'H1'].sort());
    expect(tagged('ZERO')).toEqual(['B12', 'C1', 'E12', 'F1', 'H12'].sort());
    expect(plate.A1.targets.staurosporine.target_nM).toBe(1000);
    expect(plate.C1.targets).toEqual({});
    expect(result.warnings).toEqual([]);
  });

  it('takes explicit wells and warns below 16 of a kind on a 1536 plate', () => {
    const result = expandControls(
      {
        op: 'controls',
        controls: [
          {
            kind: 'POS',
            reagent: 'staurosporine',
            target: { value: 1, unit: 'uM' },
            wells: ['A1:H1'],
          },
          { kind: 'NEG', reagent: 'dmso', wells: ['A48:AF48'] },
        ],
      },
      {
        defn: p1536,
        wells: { C1: { targets: { dmso: { target_nM: null, volume_uL: 1 } } } },
        benchSlugs: bench,
      },
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.ops[0]).toEqual({
      op: 'clear',
      wells: expect.arrayContaining(['A1', 'H1', 'AF48']),
    });
    expect(result.warnings).toContain(
      "8 POS wells: a 1536 plate needs at least 16 of each for a robust Z'",
    );
    expect(
      result.warnings.some((w) =>
        w.startsWith('1 control well held a layout that is replaced (C1)'),
      ),
    ).toBe(true);
    expect(result.warnings.some((w) => w.includes('NEG wells'))).toBe(false);
  });

  it('refuses a column off the plate, shared wells and an unknown reagent', () => {
    const ctx = { defn: p96, wells: {}, benchSlugs: bench };
    expect(
      expandControls({ op: 'controls', columns: [13], controls: [{ kind: 'POS' }] }, ctx).ok,
    ).toBe(false);
    expect(
      expandControls(
        {
          op: 'controls',
          controls: [
            { kind: 'POS', wells: ['A1'] },
            { kind: 'NEG', wells: ['A1:A2'] },
          ],
        },
        ctx,
      ),
    ).toMatchObject({ ok: false, well: 'A1' });
    expect(
      expandControls(
        { op: 'controls', columns: [1], controls: [{ kind: 'POS', reagent: 'x' }] },
        ctx,
      ).ok,
    ).toBe(false);
    expect(expandControls({ op: 'controls', controls: [{ kind: 'POS' }] }, ctx).ok).toBe(false);
  });
});
