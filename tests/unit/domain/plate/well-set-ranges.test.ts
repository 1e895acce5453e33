import { describe, expect, it } from 'vitest';
import { plateDefn } from '../../../../src/domain/plate-format';
import { parseWellRanges } from '../../../../src/domain/plate/well-set-ranges';
import { idsOf } from '../../../../src/domain/layout/well-list';

const d96 = plateDefn(96);
const d384 = plateDefn(384);
const d1536 = plateDefn(1536);
const ids = (text: string, defn = d96, extra: { selection?: number[] } = {}) =>
  idsOf(defn, parseWellRanges(text, { defn, ...extra }).indices);

describe('parseWellRanges', () => {
  it('reads single wells in any case and padding', () => {
    expect(ids('B3')).toEqual(['B3']);
    expect(ids('put it in b03 and H12')).toEqual(['B3', 'H12']);
  });

  it('reads rectangles and keeps the written direction of a line', () => {
    expect(ids('A1:B3')).toEqual(['A1', 'A2', 'A3', 'B1', 'B2', 'B3']);
    expect(ids('A1-A4')).toEqual(['A1', 'A2', 'A3', 'A4']);
    expect(ids('A4 to A1')).toEqual(['A4', 'A3', 'A2', 'A1']);
    expect(ids('A1:H12')).toHaveLength(96);
  });

  it('reads rows, AA-AF rows on 1536 plates, and lists', () => {
    expect(ids('row C')).toHaveLength(12);
    expect(ids('rows A-D')).toHaveLength(48);
    expect(ids('rows AA to AF', d1536)).toHaveLength(6 * 48);
    expect(ids('rows AA to AF', d1536)[0]).toBe('AA1');
    expect(ids('rows A and C')).toEqual([...ids('row A'), ...ids('row C')]);
  });

  it('does not read an article as a row', () => {
    expect(ids('across row B and a 3-fold series')).toEqual(ids('row B'));
  });

  it('reads columns and column lists without taking amounts for columns', () => {
    expect(ids('column 4')).toEqual(['A4', 'B4', 'C4', 'D4', 'E4', 'F4', 'G4', 'H4']);
    expect(ids('columns 1-2')).toHaveLength(16);
    expect(ids('cols 1 and 2')).toHaveLength(16);
    expect(ids('columns 1 and 2, 0.1 %')).toHaveLength(16);
    expect(ids('columns 1, 2 and 10 uM')).toHaveLength(16);
  });

  it('intersects a rows phrase joined to a columns phrase', () => {
    expect(ids('rows A-B of column 3')).toEqual(['A3', 'B3']);
    expect(ids('rows AA-AB, columns 1-2', d1536)).toEqual(['AA1', 'AA2', 'AB1', 'AB2']);
    expect(ids('rows C-D x cols 5-6')).toEqual(['C5', 'C6', 'D5', 'D6']);
    expect(ids('cols 9-10 x rows C-D')).toEqual(['C9', 'C10', 'D9', 'D10']);
  });

  it('reads named sets', () => {
    expect(ids('the outer wells', d384)).toHaveLength(76);
    expect(ids('edge wells')).toHaveLength(36);
    expect(ids('inner wells')).toHaveLength(60);
    expect(ids('the whole plate', d1536)).toHaveLength(1536);
    expect(ids('all wells')).toHaveLength(96);
    expect(ids('the selection', d96, { selection: [0, 13] })).toEqual(['A1', 'B2']);
    expect(ids('selected wells', d96, { selection: [] })).toEqual([]);
  });

  it('reads empty wells against the current wells, but not the verb "empty"', () => {
    const wells = { A1: { targets: { x: { target_nM: null, volume_uL: 1 } } } };
    expect(
      idsOf(d96, parseWellRanges('fill the empty wells', { defn: d96, wells }).indices),
    ).toHaveLength(95);
    expect(
      idsOf(d96, parseWellRanges('empty wells A1 to A3', { defn: d96, wells }).indices),
    ).toEqual(['A1', 'A2', 'A3']);
  });

  it('narrows a named set to the place after "of" or "in", where it joined both', () => {
    const wells = { B1: { targets: { x: { target_nM: null, volume_uL: 1 } } } };
    const read = (text: string) => idsOf(d96, parseWellRanges(text, { defn: d96, wells }).indices);
    // "the rest of row B" was the plate's 95 empty wells and row B: 96 wells
    expect(read('fill the rest of row B')).toEqual(ids('B2-B12'));
    expect(read('the empty wells in column 1')).toEqual(ids('A1, C1-H1'));
    expect(read('edge wells of row C')).toEqual(['C1', 'C12']);
    // a comma or "and" still joins them
    expect(read('the rest, row B')).toHaveLength(96);
    expect(read('edge wells and row C')).toHaveLength(36 + 10);
  });

  it('names references off the plate instead of dropping them', () => {
    expect(parseWellRanges('Z99', { defn: d96 }).errors).toEqual([
      'Z99 is not on a 96-well plate (A1 to H12)',
    ]);
    expect(parseWellRanges('row Q', { defn: d384 }).errors[0]).toMatch(
      /Row Q is not on a 384-well plate/,
    );
    expect(parseWellRanges('column 49', { defn: d1536 }).errors[0]).toMatch(
      /Column 49 is not on a 1536-well plate/,
    );
    expect(parseWellRanges('AG1', { defn: d1536 }).errors[0]).toMatch(
      /AG1 is not on a 1536-well plate \(A1 to AF48\)/,
    );
  });

  it('finds nothing in text without wells', () => {
    expect(
      parseWellRanges('add 10 uM staurosporine, 3-fold, 10 points', { defn: d96 }).matches,
    ).toEqual([]);
  });
});
