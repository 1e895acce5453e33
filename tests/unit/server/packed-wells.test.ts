// Wells as stored: packed (each distinct well once) and read back equal, in their order,
// with the form stored before (wells one by one) still read as it is.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WireWell } from '../../../src/domain/plate-wire';
import {
  packWells,
  packWellTexts,
  readStoredWells,
  type StoredWells,
} from '../../../src/server/repositories/packed-wells';

const well = (n: number, tags: string[] = []): WireWell => ({
  label: n % 3 === 0 ? `µ"${n}` : '',
  sample: '',
  tags,
  targets: { cpd: { target_nM: n, tol_pct: 5, volume_uL: 0.0025 } },
});

const storedWells = fc
  .uniqueArray(
    fc.tuple(
      fc.constantFrom(
        ...Array.from({ length: 64 }, (_, i) => `${String.fromCharCode(65 + (i % 8))}${i + 1}`),
      ),
      fc.option(fc.integer({ min: 0, max: 4 }).map((n) => well(n, n % 2 ? ['CTRL'] : []))),
    ),
    { selector: ([id]) => id, maxLength: 40 },
  )
  .map((entries) => Object.fromEntries(entries) as StoredWells);

describe('packed wells', () => {
  it('reads back what was packed, in the same order, nulls included', () => {
    fc.assert(
      fc.property(storedWells, (wells) => {
        const back = readStoredWells(packWells(wells));
        expect(back).toEqual(wells);
        expect(Object.keys(back)).toEqual(Object.keys(wells));
      }),
      { numRuns: 200, seed: 13 },
    );
  });

  it('keeps each distinct well once, and equal wells read back as one object', () => {
    const text = packWellTexts([
      ['A1', JSON.stringify(well(1))],
      ['A2', JSON.stringify(well(2))],
      ['A3', JSON.stringify(well(1))],
      ['A4', null],
      ['A5', null],
    ]);
    expect(JSON.parse(text)).toEqual({
      contents: [well(1), well(2), null],
      at: { A1: 0, A2: 1, A3: 0, A4: 2, A5: 2 },
    });
    const back = readStoredWells(text);
    expect(back.A1).toBe(back.A3);
    expect(back.A4).toBeNull();
  });

  it('stores a 1380-well change of few distinct wells in a small part of the wells one by one', () => {
    const wells: StoredWells = {};
    for (let i = 0; i < 1380; i++) wells[`W${i}`] = well(i % 11);
    const packed = packWells(wells).length;
    const oneByOne = JSON.stringify(wells).length;
    // 11 wells and 1380 references of about 10 characters each
    expect(packed).toBeLessThan(11 * JSON.stringify(well(10)).length + 1380 * 12);
    expect(packed * 5).toBeLessThan(oneByOne);
  });

  it('reads the wells one by one as stored before packing', () => {
    const before = { A1: well(1), B2: null, C3: well(1) };
    expect(readStoredWells(JSON.stringify(before))).toEqual(before);
  });
});
