// Wells with the same contents are worked once: the distinct wells read back as
// canonicalizeWells gives each well, and a plate's dispense plan gives each well the rows it
// gets when planned alone (a well's plan depends on its contents, not on its neighbours).
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planDispense } from '../../../../src/domain/dispensing/plan';
import { distinctWells, packedPlate } from '../../../../src/domain/plate/distinct-wells';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { WireWell, WireWells } from '../../../../src/domain/plate-wire';
import { canonicalizeWells } from '../../../../src/domain/plate-wells';
import { idOfIndex } from '../../../../src/domain/well-id';
import { BENCH } from '../dispensing/fixtures';

const defn = plateDefn(384);

const target = fc.record(
  {
    target_nM: fc.option(fc.constantFrom(3, 100, 1000, 1e6)),
    volume_uL: fc.constantFrom(0, 0.0025, 0.01, 0.5, 5, 60, 200),
    tol_pct: fc.option(fc.constantFrom(1, 5), { nil: undefined }),
  },
  { requiredKeys: ['target_nM', 'volume_uL'] },
);
const kind: fc.Arbitrary<WireWell> = fc.record({
  label: fc.constantFrom('', 'x'),
  tags: fc.constantFrom([], ['NEG']),
  targets: fc.dictionary(fc.constantFrom('cpd', 'dmso', 'media', 'ghost'), target, {
    maxKeys: 3,
  }),
});

/** A plate of a few kinds of wells: some share an object, some are copies, some ids lower case. */
const plate = fc
  .tuple(
    fc.array(kind, { minLength: 1, maxLength: 5 }),
    fc.array(fc.tuple(fc.nat(defn.rows * defn.cols - 1), fc.nat(4), fc.boolean()), {
      maxLength: 200,
    }),
  )
  .map(([kinds, placed]) => {
    const wells: WireWells = {};
    for (const [i, k, lower] of placed) {
      const id = idOfIndex(defn, i);
      const w = kinds[k % kinds.length];
      wells[lower ? id.toLowerCase() : id] = i % 2 ? w : structuredClone(w);
    }
    return wells;
  });

describe('distinct wells', () => {
  it('give each well what canonicalizeWells gives it, in its order, each contents once', () => {
    fc.assert(
      fc.property(plate, (wells) => {
        const canonical = canonicalizeWells(defn, wells);
        const { ids, slots, distinct } = distinctWells(defn, wells);
        expect(ids).toEqual(Object.keys(canonical));
        ids.forEach((id, k) => expect(distinct[slots[k]]).toEqual(canonical[id]));
        const texts = distinct.map((w) => JSON.stringify(w));
        expect(new Set(texts).size).toBe(texts.length);
      }),
      { numRuns: 150, seed: 5 },
    );
  });

  it('a plate’s dispense plan gives each well the unmet rows and volumes it has alone', () => {
    fc.assert(
      fc.property(plate, fc.boolean(), (wells, backfill) => {
        const settings = backfill ? { backfill: { solvent: 'dmso', percent: 1 } } : null;
        const whole = planDispense(defn, wells, BENCH, settings);
        for (const [id, w] of Object.entries(canonicalizeWells(defn, wells))) {
          const alone = planDispense(defn, { [id]: w }, BENCH, settings);
          expect(whole.unmet.filter((u) => u.well === id)).toEqual(alone.unmet);
          expect(whole.wells.filter((r) => r.well === id)).toEqual(alone.wells);
          const volumes = (p: typeof whole) =>
            p.transfers
              .filter((t) => t.destination_well === id)
              .map((t) => `${t.reagent} ${t.volume_nL} nL of ${t.stock_nM} nM`)
              // the picklist runs source by source: a well's transfers in any order
              .toSorted();
          expect(volumes(whole)).toEqual(volumes(alone));
        }
      }),
      { numRuns: 60, seed: 9 },
    );
  });

  it('packs any number of wells into one of 32 grid shapes, each well at its own index', () => {
    const shapes = new Set<string>();
    const well: WireWell = { targets: {} };
    for (let n = 1; n <= 1536; n++) {
      const packed = packedPlate(
        plateDefn(1536),
        Array.from({ length: n }, () => well),
      );
      shapes.add(`${packed.defn.rows}x${packed.defn.cols}`);
      expect(packed.defn.format).toBe(1536);
      expect(Object.keys(packed.wells)).toHaveLength(n);
      expect(packed.defn.rows * packed.defn.cols).toBeGreaterThanOrEqual(n);
    }
    expect(shapes.size).toBe(32);
  });
});
