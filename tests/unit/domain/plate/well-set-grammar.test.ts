import { describe, expect, it } from 'vitest';
import {
  parseWellSet,
  plateLookup,
  type WellSetAnswer,
} from '../../../../src/domain/plate/well-set-grammar';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { WireWells } from '../../../../src/domain/plate-wire';
import { idOfIndex, parseWellId } from '../../../../src/domain/well-id';

const p96 = plateDefn(96);
const p384 = plateDefn(384);
const p1536 = plateDefn(1536);

function ids(answer: WellSetAnswer, defn = p96): string[] {
  if (!('wells' in answer)) throw new Error(JSON.stringify(answer));
  return answer.wells.map((i) => idOfIndex(defn, i));
}
const columnsOf = (text: string) => [
  ...new Set(ids(parseWellSet(text, p96)).map((id) => parseWellId(id, p96)!.col + 1)),
];
const rowsOf = (text: string) => [
  ...new Set(ids(parseWellSet(text, p96)).map((id) => id.replace(/\d+/, ''))),
];
const count = (answer: WellSetAnswer) => ('wells' in answer ? answer.wells.length : -1);

describe('well-set grammar', () => {
  it('reads wells, rectangles and lists', () => {
    expect(ids(parseWellSet('A1', p96))).toEqual(['A1']);
    expect(ids(parseWellSet('a01, B5 and h12', p96))).toEqual(['A1', 'B5', 'H12']);
    expect(ids(parseWellSet('A1:B3', p96))).toEqual(['A1', 'A2', 'A3', 'B1', 'B2', 'B3']);
    expect(ids(parseWellSet('A1-A4', p96))).toEqual(['A1', 'A2', 'A3', 'A4']);
    expect(count(parseWellSet('A1-B12', p96))).toBe(24); // both readings agree
    expect(count(parseWellSet('A1:H12', p96))).toBe(96);
    expect(ids(parseWellSet('AF48', p1536), p1536)).toEqual(['AF48']);
  });

  it('answers both readings of a dash range that differ', () => {
    const answer = parseWellSet('A1-B3', p96);
    expect(answer).toEqual({
      ambiguous: [
        { reading: 'the rectangle A1:B3', wells: [0, 1, 2, 12, 13, 14] },
        {
          reading: 'A1 to B3 in reading order (row by row)',
          wells: Array.from({ length: 15 }, (_, k) => k),
        },
      ],
    });
  });

  it('reads rows and columns, double-letter rows included', () => {
    expect(ids(parseWellSet('row B', p96))).toEqual(
      Array.from({ length: 12 }, (_, k) => `B${k + 1}`),
    );
    expect(count(parseWellSet('rows E-H', p96))).toBe(48);
    expect(count(parseWellSet('rows a to c', p96))).toBe(36);
    const aa = parseWellSet('AA-AF', p1536);
    expect(count(aa)).toBe(6 * 48);
    expect('wells' in aa && idOfIndex(p1536, aa.wells[0])).toBe('AA1');
    const cols = parseWellSet('columns 1-2 and 47-48', p1536);
    expect(count(cols)).toBe(4 * 32);
    expect(new Set(ids(cols, p1536).map((id) => parseWellId(id, p1536)!.col + 1))).toEqual(
      new Set([1, 2, 47, 48]),
    );
    expect(ids(parseWellSet('column 3', p96))).toEqual([
      'A3',
      'B3',
      'C3',
      'D3',
      'E3',
      'F3',
      'G3',
      'H3',
    ]);
    expect(count(parseWellSet('rows 1-2 and 5', p96))).toBe(36); // row numbers once "rows" is said
  });

  it('reads strides: every other, odd, even, alternate', () => {
    expect(columnsOf('every other column')).toEqual([1, 3, 5, 7, 9, 11]);
    expect(columnsOf('odd columns')).toEqual([1, 3, 5, 7, 9, 11]);
    expect(columnsOf('even columns')).toEqual([2, 4, 6, 8, 10, 12]);
    expect(columnsOf('every 3rd column')).toEqual([1, 4, 7, 10]);
    expect(rowsOf('alternate rows')).toEqual(['A', 'C', 'E', 'G']);
    expect(rowsOf('even rows')).toEqual(['B', 'D', 'F', 'H']);
  });

  it('reads edges and inner wells', () => {
    expect(count(parseWellSet('edge', p96))).toBe(36); // 2*12 + 2*6
    expect(count(parseWellSet('the outer ring', p1536))).toBe(2 * 48 + 2 * 30);
    expect(count(parseWellSet('inner wells', p384))).toBe(14 * 22);
  });

  it('reads quadrants with the convention named, and asks when it is not', () => {
    const inter = parseWellSet('quadrant 2 of the 1536 (interleaved)', p1536);
    expect(count(inter)).toBe(384);
    expect(ids(inter, p1536).slice(0, 3)).toEqual(['A2', 'A4', 'A6']);
    expect('reading' in inter && inter.reading).toMatch(/interleaved/);
    const block = parseWellSet('quadrant 2 by block', p1536);
    expect(ids(block, p1536)[0]).toBe('A25');
    expect(ids(block, p1536).at(-1)).toBe('P48');
    const q4 = parseWellSet('quadrant 4 of the 384 block', p384);
    expect(ids(q4, p384)[0]).toBe('I13');
    const ask = parseWellSet('quadrant 3', p1536);
    expect('ambiguous' in ask && ask.ambiguous.map((r) => r.reading)).toEqual([
      'interleaved quadrant 3 (B1, B3, ...)',
      'block quadrant 3 (Q1 to AF24)',
    ]);
    expect(parseWellSet('quadrant 1 of the 384', p1536)).toEqual({
      error: 'This plate has 1536 wells, not 384',
    });
  });

  it('reads screening shorthand: blocks, quadrants, the first wells of a line', () => {
    expect(ids(parseWellSet('rows C-D x cols 5-6', p96))).toEqual(['C5', 'C6', 'D5', 'D6']);
    expect(ids(parseWellSet('cols 5-6 by rows C-D', p96))).toEqual(['C5', 'C6', 'D5', 'D6']);
    for (const words of ['quad 2', 'Q2', '2nd quadrant', 'the second quadrant'])
      expect(parseWellSet(words, p384)).toEqual(parseWellSet('quadrant 2', p384));
    // on 1536 wells "Q2" is also a well
    const q2 = parseWellSet('Q2', p1536);
    expect('ambiguous' in q2 && q2.ambiguous.map((r) => r.reading)).toEqual([
      'well Q2',
      'interleaved quadrant 2 (A2, A4, ...)',
      'block quadrant 2 (A25 to P48)',
    ]);
    expect(ids(parseWellSet('the first 3 wells of row B', p96))).toEqual(['B1', 'B2', 'B3']);
    expect(ids(parseWellSet('the bottom two wells of column 2', p96))).toEqual(['G2', 'H2']);
    expect(ids(parseWellSet('the last 2 wells of the plate', p96))).toEqual(['H11', 'H12']);
    expect(parseWellSet('the first 20 wells of row H', p96)).toEqual({
      error: '"first 20 wells of row h": there are 12 wells there, not 20',
    });
  });

  it('subtracts with except and intersects with in', () => {
    expect(count(parseWellSet('all wells except column 1', p96))).toBe(88);
    expect(count(parseWellSet('all except the edge', p96))).toBe(60);
    expect(count(parseWellSet('rows A-B but not A1', p96))).toBe(23);
    expect(ids(parseWellSet('odd columns in row A', p96))).toEqual([
      'A1',
      'A3',
      'A5',
      'A7',
      'A9',
      'A11',
    ]);
  });

  it('finds wells by tag or reagent on the plate, and asks when a name is both', () => {
    const wells: WireWells = {
      A1: { targets: { staurosporine: { target_nM: 1, volume_uL: 1 } }, tags: ['POS'] },
      B1: { targets: { dmso: { target_nM: null, volume_uL: 1 } }, tags: ['NEG'] },
      C1: { targets: { staurosporine: { target_nM: 2, volume_uL: 1 } } },
      D1: { targets: {}, tags: ['DMSO'] },
    };
    const lookup = plateLookup(p96, wells, { staurosporine: 'Staurosporine (STS)' });
    expect(ids(parseWellSet('the staurosporine wells', p96, lookup))).toEqual(['A1', 'C1']);
    expect(ids(parseWellSet('wells with Staurosporine (STS)', p96, lookup))).toEqual(['A1', 'C1']);
    expect(ids(parseWellSet('wells tagged POS', p96, lookup))).toEqual(['A1']);
    // every control kind, the vehicle (DMSO) controls included
    expect(ids(parseWellSet('controls', p96, lookup))).toEqual(['A1', 'B1', 'D1']);
    expect(ids(parseWellSet('the hi ctrls', p96, lookup))).toEqual(['A1']);
    expect(ids(parseWellSet('ZPE controls', p96, lookup))).toEqual(['B1']);
    expect(ids(parseWellSet('the corner wells', p96))).toEqual(['A1', 'A12', 'H1', 'H12']);
    expect(ids(parseWellSet('the last two columns', p96))).toHaveLength(16);
    expect(ids(parseWellSet('column 1 except the staurosporine wells', p96, lookup))).toEqual([
      'B1',
      'D1',
      'E1',
      'F1',
      'G1',
      'H1',
    ]);
    expect(parseWellSet('the dmso wells', p96, lookup)).toEqual({
      ambiguous: [
        { reading: 'wells holding dmso', wells: [12] },
        { reading: 'wells tagged DMSO', wells: [36] },
      ],
    });
    expect(parseWellSet('wells tagged ZERO', p96, lookup)).toEqual({
      error: 'No well is tagged ZERO',
    });
  });

  it('says what it cannot read', () => {
    // the words of the assistant's refusals: one reader of plain references
    expect(parseWellSet('row Q', p96)).toEqual({
      error: 'Row Q is not on a 96-well plate (A1 to H12)',
    });
    expect(parseWellSet('column 13', p96)).toEqual({
      error: 'Column 13 is not on a 96-well plate (A1 to H12)',
    });
    expect(parseWellSet('A1-Z3', p96)).toEqual({
      error: 'Z3 is not on a 96-well plate (A1 to H12)',
    });
    expect('error' in parseWellSet('the blue ones', p96)).toBe(true);
    expect('error' in parseWellSet('', p96)).toBe(true);
  });
});
