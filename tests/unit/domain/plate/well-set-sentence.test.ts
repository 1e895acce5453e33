// Screening well-set phrases: the wells are counted by hand on the plate.
import { describe, expect, it } from 'vitest';
import { plateDefn, type PlateFormat } from '../../../../src/domain/plate-format';
import { idsOf } from '../../../../src/domain/layout/well-list';
import {
  findExcept,
  findPhrase,
  type PhraseContext,
} from '../../../../src/domain/plate/well-set-sentence';

function ctx(format: PlateFormat, wells: PhraseContext['wells'] = {}): PhraseContext {
  return {
    defn: plateDefn(format),
    wells,
    reagentSlugs: new Map([['Staurosporine', 'staurosporine']]),
  };
}

function ids(text: string, c: PhraseContext): string[] {
  const p = findPhrase(text, c);
  expect(p?.readings).toHaveLength(1);
  return idsOf(c.defn, p!.readings[0].indices);
}

describe('screening well-set phrases', () => {
  it('reads every other column from column 1 and even rows from row B', () => {
    const c = ctx(96);
    const cols = ids('add X to every other column', c);
    expect(cols).toHaveLength(48);
    expect(cols.slice(0, 6)).toEqual(['A1', 'A3', 'A5', 'A7', 'A9', 'A11']);
    expect(ids('the even rows', c).slice(0, 2)).toEqual(['B1', 'B2']);
    expect(ids('the even rows', c)).toHaveLength(48);
  });

  it('reads every other well of one row or column', () => {
    expect(ids('every other well of column 1', ctx(96))).toEqual(['A1', 'C1', 'E1', 'G1']);
    expect(ids('every other column of row B', ctx(96))).toEqual([
      'B1',
      'B3',
      'B5',
      'B7',
      'B9',
      'B11',
    ]);
  });

  it('names the convention of a quadrant, or gives both readings', () => {
    const c = ctx(384);
    expect(ids('interleaved quadrant 2', c).slice(0, 3)).toEqual(['A2', 'A4', 'A6']);
    expect(ids('interleaved quadrant 3', c)[0]).toBe('B1');
    const block = ids('the bottom-right quadrant', c);
    expect(block).toHaveLength(96);
    expect(block[0]).toBe('I13');
    expect(block.at(-1)).toBe('P24');
    const both = findPhrase('quadrant 1', c)!;
    expect(both.readings.map((r) => r.label)).toEqual([
      'interleaved quadrant 1 (A1, A3, ...)',
      'block quadrant 1 (A1 to H12)',
    ]);
    // A well id is not a quadrant: Q24 is row Q.
    expect(findPhrase('A1:Q24', c)).toBeNull();
  });

  it('reads corners, rings, halves and the last rows', () => {
    expect(ids('the corner wells', ctx(96))).toEqual(['A1', 'A12', 'H1', 'H12']);
    // Two rings of a 16 x 24 plate: 384 - 12 x 20.
    expect(ids('the outer two rings', ctx(384))).toHaveLength(384 - 240);
    expect(ids('the left half of the plate', ctx(96))).toHaveLength(48);
    expect(ids('the last two rows', ctx(1536)).slice(0, 1)).toEqual(['AE1']);
    expect(findPhrase('half the plate', ctx(96))!.readings).toHaveLength(2);
  });

  it('reads regions by reagent and by tag', () => {
    const wells = {
      B2: { targets: { staurosporine: { target_nM: 1000, volume_uL: 1 } } },
      C3: { targets: {}, tags: ['POS'] },
    };
    expect(ids('the staurosporine wells', ctx(96, wells))).toEqual(['B2']);
    expect(ids('the wells tagged POS', ctx(96, wells))).toEqual(['C3']);
    expect(findPhrase('the staurosporine wells', ctx(96))!.error).toBe(
      'No wells hold Staurosporine',
    );
  });

  it('takes the excluded wells out of all wells, or out of the wells named before', () => {
    const c = ctx(96);
    const all = findExcept('add X to all wells except columns 1 and 12 with Y', c)!;
    expect(all.indices).toHaveLength(80);
    expect(idsOf(c.defn, all.indices)).not.toContain('A1');
    const part = findExcept('add X to columns 1-6 except row H', c)!;
    expect(part.indices).toHaveLength(42);
    expect(findExcept('add X to all wells except all wells', c)!.error).toBe(
      'That leaves no wells',
    );
  });
});
