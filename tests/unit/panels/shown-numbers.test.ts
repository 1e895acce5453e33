/**
 * Every concentration and volume a view shows is the plan's number: on random plates, the
 * well editor's volume, target and predicted strings, its vehicle summary and the workbook's
 * plate-map cells, read back, are within 1 % of the numbers the plate state (the plan's
 * arithmetic) holds, whatever instrument dispenses them.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BenchReagent } from '../../../src/api/bench';
import type { DispenseSettings } from '../../../src/domain/dispensing/settings';
import { dispensedVolumeUL } from '../../../src/domain/plate-state';
import type { WireWell, WireWells } from '../../../src/domain/plate-wire';
import { idOfIndex } from '../../../src/domain/well-id';
import { plateDefn } from '../../../src/domain/plate-format';
import { wellSummary } from '../../../src/server/exports/plate-workbook';
import { metricsSummary, wellViews } from '../../../src/panels/well-editor/selected-wells';
import { benchReagentInfo } from '../../../src/api/bench';
import { picklistCells, pipettingWorklistCells } from '../../../src/domain/dispensing/export-rows';
import { planDispense } from '../../../src/domain/dispensing/plan';
import { DEMO_REAGENTS } from '../../../src/state/bench-store';

const reagents = DEMO_REAGENTS as readonly BenchReagent[];
const UNIT: Record<string, number> = { nM: 1, µM: 1e3, mM: 1e6, M: 1e9, nL: 1e-3, µL: 1, '%': 1 };

/** The number a shown string says, in nM, uL or %. */
function readBack(text: string): number {
  const m = /^(-?\d+(?:\.\d+)?) (nM|µM|mM|M|nL|µL|%)$/.exec(text);
  if (!m) throw new Error(`not a shown number: "${text}"`);
  return Number(m[1]) * UNIT[m[2]];
}

function expectShown(text: string, value: number, what: string) {
  const shown = readBack(text);
  // 1 % of the value, or 0.1 nL for a volume (finer than any instrument's step)
  const slack = Math.max(0.01 * Math.abs(value), what === 'volume' ? 1e-4 : 0);
  expect(Math.abs(shown - value), `${what}: "${text}" for ${value}`).toBeLessThanOrEqual(slack);
}

const volume = fc.oneof(
  fc.integer({ min: 1, max: 400 }).map((n) => n * 0.0025), // droplets
  fc.integer({ min: 1, max: 2000 }).map((n) => n / 10), // pipette steps
  fc.double({ min: 0.001, max: 150, noNaN: true }), // anything typed
);
const target = fc.option(fc.double({ min: 1e-3, max: 1e8, noNaN: true }), { nil: null });
const well: fc.Arbitrary<WireWell> = fc.record({
  targets: fc.dictionary(
    fc.constantFrom('compound-a', 'compound-b', 'hepes-buffer', 'dmso'),
    fc.record({ target_nM: target, volume_uL: volume }),
    { minKeys: 1, maxKeys: 4 },
  ),
});
const SETTINGS: (Partial<DispenseSettings> | null)[] = [
  null,
  { instrument: 'echo-650' },
  { instrument: 'pipette' },
  { instrument: 'echo-525', backfill: { solvent: 'dmso', percent: 1 } },
];

describe('shown numbers (property)', () => {
  it('are within 1 % of the plan’s numbers in the well editor and the plate map', () => {
    const defn = plateDefn(384);
    fc.assert(
      fc.property(
        fc.array(well, { minLength: 1, maxLength: 12 }),
        fc.constantFrom(...SETTINGS),
        (kinds, settings) => {
          const wells: WireWells = {};
          kinds.forEach((k, i) => (wells[idOfIndex(defn, i * 7)] = k));
          const indices = kinds.map((_, i) => i * 7);
          const views = wellViews(wells, 384, indices, reagents, settings);
          for (const v of views) {
            const state = v.state!;
            for (const e of v.entries) {
              const t = state.targets[e.slug];
              expectShown(e.volume, dispensedVolumeUL(state, e.slug), 'volume');
              if (t.target_nM != null) expectShown(e.target, t.target_nM, 'target');
              const p = state.predicted[e.slug];
              if (p) expectShown(e.predicted, p.nM, 'predicted');
            }
            const summary = metricsSummary([v]);
            expectShown(summary.volume, state.metrics.volumeUl, 'volume');
            expectShown(summary.vehicle, state.vehicle_vv_pct, 'vehicle');
            // the workbook's plate map: "Name @ <target>" or "Name <volume>"
            const cell = wellSummary(state).split('; ');
            Object.keys(state.targets).forEach((slug, k) => {
              const t = state.targets[slug];
              const text = cell[k].slice(cell[k].lastIndexOf(t.target_nM != null ? '@ ' : ' ') + 1);
              if (t.target_nM != null) expectShown(text.trim(), t.target_nM, 'target');
              else
                expectShown(
                  cell[k].split(' ').slice(-2).join(' '),
                  dispensedVolumeUL(state, slug),
                  'volume',
                );
            });
          }
        },
      ),
      { numRuns: 150, seed: 21 },
    );
  });

  it('say the plan’s status, and the instrument files hold no unmet well', () => {
    const defn = plateDefn(384);
    const infos = reagents.map(benchReagentInfo);
    fc.assert(
      fc.property(
        fc.array(well, { minLength: 1, maxLength: 12 }),
        fc.constantFrom(...SETTINGS),
        fc.boolean(),
        (kinds, settings, anyway) => {
          const wells: WireWells = {};
          kinds.forEach((k, i) => (wells[idOfIndex(defn, i * 7)] = k));
          const indices = kinds.map((_, i) => i * 7);
          const dispensing = { ...settings, dispense_unmet: anyway };
          const plan = planDispense(defn, wells, infos, dispensing);
          const views = wellViews(wells, 384, indices, reagents, dispensing);
          const unmet = new Set(plan.unmet.map((u) => u.well));
          // every well in the transfers is met, or dispensed anyway and marked so
          for (const t of plan.transfers) {
            if (unmet.has(t.destination_well)) {
              expect(anyway).toBe(true);
              expect(t.unmet).toBe(true);
            } else expect(t.unmet).toBeUndefined();
          }
          // without "dispense anyway", no instrument file holds an unmet well
          if (!anyway) {
            const held = [
              ...picklistCells(plan).slice(1),
              ...pipettingWorklistCells(plan).slice(1),
            ];
            for (const row of held)
              for (const cell of row) expect(unmet.has(String(cell))).toBe(false);
          }
          // the well editor says the plan's status: unmet wells not good; a dispensed point
          // its point's status
          for (const v of views) {
            const shown = v.state!.status;
            if (unmet.has(v.id)) expect(shown).not.toBe('good');
            for (const e of v.entries) {
              const point = plan.points.find((p) => p.well === v.id && p.reagent === e.slug);
              if (!unmet.has(v.id) && point && v.state!.targets[e.slug].target_nM != null)
                expect(e.status, `${v.id} ${e.slug}`).toBe(point.status);
            }
          }
        },
      ),
      { numRuns: 100, seed: 21 },
    );
  });
});
