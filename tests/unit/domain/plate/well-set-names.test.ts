// The named sets (edge, inner, all, empty) are read by one table: the "Select wells" field
// (a whole phrase) and the sentence reader (the assistant's) give the same wells for every
// word, and those are the wells counted by hand from the plate's shape.
import { describe, expect, it } from 'vitest';
import { plateDefn, type PlateFormat } from '../../../../src/domain/plate-format';
import type { WireWells } from '../../../../src/domain/plate-wire';
import { parseWellSet, plateLookup } from '../../../../src/domain/plate/well-set-grammar';
import { parseWellRanges } from '../../../../src/domain/plate/well-set-ranges';
import { namedWells, wellsOfText } from '../../../../src/domain/plate/well-set-sentence';
import { ringWells, setWells } from '../../../../src/domain/plate/well-set-names';

const WORDS: Record<string, string[]> = {
  outer: ['the outer wells', 'edge wells', 'the edges', 'the perimeter', 'border wells'],
  inner: ['the inner wells', 'interior wells', 'inside wells', 'central wells'],
  all: ['all wells', 'every well', 'the whole plate', 'the entire plate', 'everything'],
  empty: ['the empty wells', 'unused wells'],
};

// Two wells hold a reagent; a third carries only a tag, and so is empty.
const WELLS: WireWells = {
  A1: { targets: { x: { target_nM: 10, volume_uL: 1 } } },
  B2: { targets: { x: { target_nM: 10, volume_uL: 1 } } },
  C3: { targets: {}, tags: ['POS'] },
};

// by hand: the ring is two rows and two columns, less the four corners counted twice
const counts = (rows: number, cols: number) => ({
  outer: 2 * cols + 2 * (rows - 2),
  inner: (rows - 2) * (cols - 2),
  all: rows * cols,
  empty: rows * cols - 2,
});

const sorted = (xs: readonly number[]) => xs.toSorted((a, b) => a - b);

describe.each([96, 384, 1536] as const)('named sets on %i wells', (format: PlateFormat) => {
  const defn = plateDefn(format);
  const want = counts(defn.rows, defn.cols);

  it.each(Object.entries(WORDS))('%s: the field and the sentence agree', (name, words) => {
    const expected = setWells(name as keyof typeof want, defn, WELLS);
    expect(expected).toHaveLength(want[name as keyof typeof want]);
    for (const w of words) {
      const field = parseWellSet(w, defn, plateLookup(defn, WELLS));
      expect('wells' in field && sorted(field.wells), `field "${w}"`).toEqual(expected);
      const sentence = `add 1 uM compound A to ${w}`;
      const ranges = parseWellRanges(sentence, { defn, wells: WELLS });
      expect(sorted(ranges.indices), `ranges "${sentence}"`).toEqual(expected);
      const text = wellsOfText(sentence, { defn, wells: WELLS, reagentSlugs: new Map() });
      expect(sorted(text.indices), `sentence "${sentence}"`).toEqual(expected);
    }
  });

  it('every word for all wells is a base that "except" takes from', () => {
    const ctx = { defn, wells: WELLS, reagentSlugs: new Map<string, string>() };
    const left = want.all - defn.rows;
    for (const w of [...WORDS.all, 'everywhere', 'each well', 'all'])
      expect(
        namedWells(`add 1 uM compound A to ${w} except column 1`, ctx).indices,
        w,
      ).toHaveLength(left);
  });

  it('rings nest: the outer two rings hold the edge and the ring inside it', () => {
    const two = ringWells(defn, 2);
    expect(two).toHaveLength(want.outer + 2 * (defn.cols - 2) + 2 * (defn.rows - 4));
    expect(parseWellSet('the outer two rings', defn)).toMatchObject({ wells: two });
  });
});
