import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { decodeCompactPlate, encodeCompactPlate } from '../../../../src/domain/plate/compact';
import { PLATE_FORMATS, plateDefn, wellCount } from '../../../../src/domain/plate-format';
import type { WireTarget, WireWell, WireWells } from '../../../../src/domain/plate-wire';
import { idOfIndex } from '../../../../src/domain/well-id';

// JSON writes -0 as 0: the codec's numbers are volumes and concentrations, never -0
const num = fc.double({ min: 0, max: 1e9, noNaN: true, noDefaultInfinity: true }).map((x) => x + 0);
const target: fc.Arbitrary<WireTarget> = fc.record(
  {
    target_nM: fc.option(num, { nil: null }),
    volume_uL: num,
    tol_pct: fc.double({ min: 0.01, max: 1000, noNaN: true }),
    dilution: fc.double({ min: 1, max: 1e9, noNaN: true }),
  },
  { requiredKeys: ['target_nM', 'volume_uL'], noNullPrototype: true },
);
const well: fc.Arbitrary<WireWell> = fc.record(
  {
    targets: fc.dictionary(
      fc.constantFrom('dmso', 'cpd-a', 'cpd-b', 'media', '__proto__x'),
      target,
      { noNullPrototype: true },
    ),
    label: fc.string({ maxLength: 6 }),
    sample: fc.constantFrom('', 'S1', 'S2'),
    tags: fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
  },
  { requiredKeys: ['targets'], noNullPrototype: true },
);
const plate = fc.constantFrom(...PLATE_FORMATS).chain((format) =>
  fc.tuple(
    fc.constant(format),
    fc.dictionary(
      fc
        .integer({ min: 0, max: wellCount(format) - 1 })
        .map((i) => idOfIndex(plateDefn(format), i)),
      well,
      { maxKeys: 60, noNullPrototype: true },
    ),
    fc.nat(),
    fc.string({ maxLength: 64 }),
  ),
);

describe('compact plate codec', () => {
  it('round-trips exactly, also through JSON (property)', () => {
    fc.assert(
      fc.property(plate, ([format, wells, version, hash]) => {
        const p = { version, hash, defn: plateDefn(format), wells };
        const c = encodeCompactPlate(p);
        expect(decodeCompactPlate(c)).toStrictEqual(p);
        expect(decodeCompactPlate(JSON.parse(JSON.stringify(c)))).toStrictEqual(p);
      }),
      { numRuns: 200 },
    );
  });

  it('writes columns: runs of well indices, shared values once', () => {
    const defn = plateDefn(96);
    const wells: WireWells = {
      A1: {
        targets: { dmso: { target_nM: null, volume_uL: 1, tol_pct: 5 } },
        label: '',
        sample: 'S',
        tags: [],
      },
      A2: {
        targets: { dmso: { target_nM: null, volume_uL: 2, tol_pct: 5 } },
        label: '',
        sample: 'S',
        tags: [],
      },
      B1: { targets: {}, label: 'ctrl', sample: 'S', tags: ['x'] },
    };
    const c = encodeCompactPlate({ version: 3, hash: 'h', defn, wells });
    // A1 = 0, A2 = 1, B1 = 12
    expect(c.cells).toEqual([0, 2, 12, 1]);
    expect(c.label).toEqual(['', '', 'ctrl']);
    expect(c.tags).toEqual([[], [], ['x']]);
    expect(c.reagents).toEqual([
      { slug: 'dmso', cells: [0, 2], target_nM: null, volume_uL: [1, 2], tol_pct: 5 },
    ]);
  });

  it('refuses a well id that is not canonical', () => {
    expect(() =>
      encodeCompactPlate({
        version: 0,
        hash: '',
        defn: plateDefn(96),
        wells: { a01: { targets: {} } },
      }),
    ).toThrow(/a01/);
  });

  it('keeps a full 1536 plate of four reagents, every well different, under 64 kB gzip', () => {
    const defn = plateDefn(1536);
    const wells: WireWells = {};
    for (let w = 0; w < 1536; w++) {
      const drops = 1 + (w % 40);
      wells[idOfIndex(defn, w)] = {
        targets: {
          'compound-a': { target_nM: 10 * (w + 1), tol_pct: 5, volume_uL: drops * 0.0025 },
          'compound-b': { target_nM: 5 * (w + 7), tol_pct: 10, volume_uL: 0.05 },
          dmso: { target_nM: null, tol_pct: 5, volume_uL: 0.02 },
          'assay-medium': { target_nM: null, tol_pct: 5, volume_uL: (7930 - (w % 400)) / 1000 },
        },
        label: '',
        sample: `S${w % 48}`,
        tags: [`SERIES:a:${w % 12}`],
      };
    }
    const json = JSON.stringify(
      encodeCompactPlate({ version: 1, hash: 'f'.repeat(64), defn, wells }),
    );
    expect(gzipSync(json).length).toBeLessThan(64 * 1024);
  });
});
