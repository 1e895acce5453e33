/**
 * A vehicle (neutral) control holds the solvent load of the plate's compound wells. Worked
 * by hand on a 1536 plate (Echo 2.5 nL droplets, medium on the 0.1 uL bulk step), Cpd
 * 10 mM in DMSO, 5 uL wells:
 *   50 uM of Cpd: 10 mM x v / 5 uL -> v = 25 nL (10 droplets), medium 4.975 -> 5.0 uL,
 *   DMSO 0.025 / 5.025 = 0.4975 %.
 *   The DMSO control (NEG, no target, no volume): 0.4975 % x 5 uL = 24.88 nL -> 25 nL
 *   (10 droplets), medium the rest (4.975 -> 5.0): 0.4975 % DMSO, as the compound wells.
 * It was refused ("volume_uL is needed to put dmso without a target"); a medium-only
 * control held 0 %.
 */
import { describe, expect, it } from 'vitest';
import {
  compoundSolventLoadPct,
  vehicleLoadOf,
} from '../../../../src/domain/dispensing/vehicle-load';
import { expandControls } from '../../../../src/domain/layout/controls';
import { applyOps, type ApplyContext } from '../../../../src/domain/plate/apply-ops';
import { planVolumeFor, plannedWellVolume } from '../../../../src/domain/plate/plan-volume';
import { computePlateState } from '../../../../src/domain/plate-state';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { WireWells } from '../../../../src/domain/plate-wire';
import { BENCH } from './fixtures';

const defn = plateDefn(1536);

function ctxOf(wells: WireWells): ApplyContext {
  return {
    benchSlugs: new Set(BENCH.map((b) => b.slug)),
    planVolume: planVolumeFor(defn, BENCH, null),
    vehicle: 'media',
    wellVolume: (current) => plannedWellVolume(defn, null, current),
    vehicleLoadPct: vehicleLoadOf(defn, wells, BENCH, null),
  };
}

function compoundPlate(): WireWells {
  const r = applyOps(
    defn,
    {},
    [{ op: 'set', wells: ['A1', 'A2', 'A3'], reagent: 'cpd', target_nM: 50_000 }],
    ctxOf({}),
  );
  if (!r.ok) throw new Error(r.message);
  return r.wells;
}

describe('vehicle control load', () => {
  const wells = compoundPlate();
  const LOAD = (0.025 / 5.025) * 100;

  it("reads the compound wells' DMSO load", () => {
    expect(wells.A1.targets.cpd.volume_uL).toBeCloseTo(0.025, 12);
    expect(compoundSolventLoadPct(defn, wells, BENCH, null, 'dmso')).toBeCloseTo(LOAD, 9);
    // a medium is no solvent; an empty plate has no compound wells
    expect(compoundSolventLoadPct(defn, wells, BENCH, null, 'media')).toBeNull();
    expect(compoundSolventLoadPct(defn, {}, BENCH, null, 'dmso')).toBeNull();
  });

  it('gives the controls tool’s DMSO control that load, the medium the rest', () => {
    const expanded = expandControls(
      { op: 'controls', controls: [{ kind: 'NEG', reagent: 'dmso', wells: ['B1', 'B2'] }] },
      { defn, wells, benchSlugs: BENCH.map((b) => b.slug) },
    );
    if (!expanded.ok) throw new Error(expanded.message);
    const applied = applyOps(defn, wells, expanded.ops, ctxOf(wells));
    if (!applied.ok) throw new Error(applied.message);
    const b1 = applied.wells.B1.targets;
    expect(b1.dmso.volume_uL).toBeCloseTo((LOAD / 100) * 5, 6); // written to 1e-6 uL
    expect(b1.media.volume_uL).toBeCloseTo(5 - (LOAD / 100) * 5, 6);
    const state = computePlateState({
      defn,
      wells: applied.wells,
      version: 1,
      bench: BENCH,
      dispensing: null,
    });
    // as dispensed: 25 nL of DMSO and 5.0 uL of medium, the compound wells' 0.4975 %
    expect(state.wells.B1.metrics.reagentVolumes.dmso).toBeCloseTo(0.025, 12);
    expect(state.wells.B1.vehicle_vv_pct).toBeCloseTo(state.wells.A1.vehicle_vv_pct, 9);
    expect(state.wells.B1.vehicle_vv_pct).toBeCloseTo(LOAD, 9);
    expect(state.wells.B1.tags).toEqual(['NEG']);
  });

  it('still refuses a solvent without a volume when no compound well carries it', () => {
    const r = applyOps(defn, {}, [{ op: 'set', wells: ['B1'], reagent: 'dmso' }], ctxOf({}));
    expect(r.ok).toBe(false);
  });
});
