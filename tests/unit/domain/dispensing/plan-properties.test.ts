import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planDispense } from '../../../../src/domain/dispensing/plan';
import { computePlateState } from '../../../../src/domain/plate-state';
import { plateDefn } from '../../../../src/domain/plate-format';
import { idOfIndex } from '../../../../src/domain/well-id';
import { BENCH, designWells } from './fixtures';

const defn = plateDefn(384);

describe('dispense plan (properties)', () => {
  it('transfers summed per well give the predicted concentrations; fills cover transfers + dead', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.1, max: 20_000, noNaN: true }), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.boolean(),
        (targets, backfill) => {
          const settings = backfill ? { backfill: { solvent: 'dmso', percent: 1 } } : {};
          const set = Object.fromEntries(
            targets.map((t, i) => [idOfIndex(defn, i), [{ slug: 'cpd', target_nM: t }]]),
          );
          const wells = designWells(defn, set, 50, settings);
          const plan = planDispense(defn, wells, BENCH, settings);
          const state = computePlateState({
            defn,
            wells,
            version: 1,
            bench: BENCH,
            dispensing: settings,
          });
          const volume = new Map(plan.wells.map((w) => [w.well, w.volume_uL]));
          const unmet = new Set(plan.unmet.map((u) => u.well));
          for (const id of Object.keys(wells)) {
            const sum = plan.transfers
              .filter((t) => t.destination_well === id && t.reagent === 'cpd')
              .reduce((a, t) => a + ((t.stock_nM ?? 0) * t.volume_nL) / 1000, 0);
            // a target that is not good is listed unmet, is not dispensed, and GET /plate
            // says it unmet too
            if (state.wells[id].targets.cpd.status !== 'good') {
              expect(unmet.has(id)).toBe(true);
              expect(sum).toBe(0);
            } else {
              expect(unmet.has(id)).toBe(false);
              const predicted = state.wells[id].predicted.cpd?.nM ?? 0;
              expect(sum / volume.get(id)!).toBeCloseTo(predicted, 6);
            }
            expect(state.indices.unmet.includes(id)).toBe(unmet.has(id));
          }
          for (const s of plan.sources) {
            const taken = plan.transfers
              .filter((t) => t.source_plate === s.plate && t.source_well === s.well)
              .reduce((a, t) => a + t.volume_nL / 1000, 0);
            if (s.type !== '6RES_AQ_BP2') expect(s.transfers_uL).toBeCloseTo(taken, 9);
            expect(s.fill_uL).toBeGreaterThanOrEqual(s.transfers_uL + s.dead_uL - 1e-9);
          }
          for (const t of plan.transfers) {
            expect(Number.isInteger(Number((t.volume_nL / 2.5).toFixed(6)))).toBe(true);
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
