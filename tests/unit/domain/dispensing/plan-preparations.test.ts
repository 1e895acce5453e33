// The working stocks a change needs (planPreparations) are those of the plate's whole
// dispense plan: the same intermediates, to the microlitre, on random plates with working
// stocks, acoustic and pipette settings, backfill and a pipette diluent.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planDispense, planPreparations } from '../../../../src/domain/dispensing/plan';
import type { DispenseSettings } from '../../../../src/domain/dispensing/settings';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { WireWell, WireWells } from '../../../../src/domain/plate-wire';
import { idOfIndex } from '../../../../src/domain/well-id';
import { BENCH } from './fixtures';

const target = fc.record(
  {
    target_nM: fc.option(fc.constantFrom(0.5, 3, 100, 1000, 1e6)),
    volume_uL: fc.constantFrom(0, 0.0025, 0.01, 0.5, 5, 60),
    dilution: fc.option(fc.constantFrom(10, 100), { nil: undefined }),
  },
  { requiredKeys: ['target_nM', 'volume_uL'] },
);
const kind: fc.Arbitrary<WireWell> = fc.record({
  targets: fc.dictionary(fc.constantFrom('cpd', 'dmso', 'media'), target, { maxKeys: 3 }),
});
const BASE: Partial<DispenseSettings>[] = [
  {},
  { backfill: { solvent: 'dmso', percent: 1 } },
  { instrument: 'pipette' },
  { instrument: 'pipette', diluent: 'media' },
];
// unmet wells are not dispensed, so most random plates need no working stock: the wells
// dispensed anyway keep the property's plates with stocks
const SETTINGS: (Partial<DispenseSettings> | null)[] = [
  null,
  ...BASE,
  ...BASE.map((s) => ({ ...s, dispense_unmet: true })),
];

describe('planPreparations', () => {
  it('gives the intermediates of the whole plan', () => {
    let withStocks = 0;
    const defn = plateDefn(1536);
    fc.assert(
      fc.property(
        fc.array(kind, { minLength: 1, maxLength: 5 }),
        fc.array(fc.tuple(fc.nat(defn.rows * defn.cols - 1), fc.nat(4)), { maxLength: 300 }),
        fc.constantFrom(...SETTINGS),
        (kinds, placed, settings) => {
          const wells: WireWells = {};
          for (const [i, k] of placed) wells[idOfIndex(defn, i)] = kinds[k % kinds.length];
          const whole = planDispense(defn, wells, BENCH, settings).intermediates;
          expect(planPreparations(defn, wells, BENCH, settings).intermediates).toEqual(whole);
          if (whole.length > 0) withStocks++;
        },
      ),
      { numRuns: 150, seed: 21 },
    );
    // the property saw plates that need working stocks, not only plates that need none
    expect(withStocks).toBeGreaterThan(30);
  });
});
