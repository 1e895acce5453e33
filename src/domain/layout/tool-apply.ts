/**
 * A screening tool's plate ops applied as the designer previews them and PATCH /plate
 * applies them: the bench with its fill liquid (water when no medium or buffer is on it),
 * volumes planned by the dispensing engine with the experiment's settings, the vehicle filling
 * each planned well, a vehicle control holding the compound wells' solvent load.
 */
import { benchWithFill, fillLiquid } from '../dispensing/fill-liquid';
import type { DispenseSettings } from '../dispensing/settings';
import { solventLoads, vehicleLoadOf, type WellLoads } from '../dispensing/vehicle-load';
import type { PlateDefn } from '../plate-format';
import type { BenchReagentInfo, WireWell, WireWells } from '../plate-wire';
import {
  applyOps,
  type ApplyResult,
  type PlanVolume,
  type VehicleOnStep,
} from '../plate/apply-ops';
import type { PrimitiveOp } from '../plate/ops';
import { plannedWellVolume, planVolumeFor, vehicleOnStepFor } from '../plate/plan-volume';

/** What a tool's apply reuses for a plate format, bench and settings (see reusablePlanner). */
export interface Planned {
  planVolume: PlanVolume;
  /** the vehicle's fill on its instrument's step, less the backfill's room */
  vehicleOnStep: VehicleOnStep;
  /** per-well solvent loads (a vehicle control's share), each well object computed once */
  wellLoads: WellLoads;
}

/** The plans for a plate format, bench and settings. */
export type PlannerFor = (
  defn: PlateDefn,
  bench: readonly BenchReagentInfo[],
  dispensing: DispenseSettings | null,
  vehicle: string,
) => Planned;

/**
 * Plans made afresh for each apply (the server's writes: one apply per request).
 */
function freshPlanner(
  defn: PlateDefn,
  bench: readonly BenchReagentInfo[],
  dispensing: DispenseSettings | null,
  vehicle: string,
): Planned {
  return {
    planVolume: planVolumeFor(defn, bench, dispensing),
    vehicleOnStep: vehicleOnStepFor(defn, bench, vehicle, dispensing),
    wellLoads: (wells, key) => solventLoads(defn, wells, bench, dispensing, key),
  };
}

/**
 * A planner that keeps its plans while the format, the bench, the settings and the vehicle
 * stay as they were: a tool's dialog previews again at each change of its fields and mostly
 * asks for the same targets (a series' points when its region or replicates change), each
 * then planned once; the vehicle's fill is rounded once per rest volume (vehicleOnStepFor);
 * and a vehicle control's load is read from the solvent loads of the compound wells, kept
 * per well object, so that only the wells an edit made are computed again (untouched wells
 * stay the same objects from one document to the next). The key is their JSON (a few kB), so a reagent
 * edited in place changes it.
 */
export function reusablePlanner(): PlannerFor {
  let last: { key: string; planned: Planned } | null = null;
  return (defn, bench, dispensing, vehicle) => {
    const key = JSON.stringify([defn.format, bench, dispensing, vehicle]);
    if (last?.key !== key) {
      const fresh = freshPlanner(defn, bench, dispensing, vehicle);
      last = {
        key,
        planned: {
          planVolume: fresh.planVolume,
          vehicleOnStep: fresh.vehicleOnStep,
          wellLoads: loadsByWell(fresh.wellLoads),
        },
      };
    }
    return last.planned;
  };
}

/** WellLoads answering from a cache per solvent and well object; misses computed together. */
function loadsByWell(compute: WellLoads): WellLoads {
  const bySolvent = new Map<string, WeakMap<WireWell, number>>();
  return (wells, key) => {
    let known = bySolvent.get(key);
    if (!known) bySolvent.set(key, (known = new WeakMap()));
    const out = new Float64Array(wells.length);
    const missing: WireWell[] = [];
    const at: number[] = [];
    for (let k = 0; k < wells.length; k++) {
      const load = known.get(wells[k]);
      if (load === undefined) {
        missing.push(wells[k]);
        at.push(k);
      } else out[k] = load;
    }
    if (missing.length > 0) {
      const loads = compute(missing, key);
      for (let m = 0; m < missing.length; m++) {
        known.set(missing[m], loads[m]);
        out[at[m]] = loads[m];
      }
    }
    return out;
  };
}

/** A tool's ops on a plate with the experiment's bench, settings and chosen vehicle. */
export function applyToolOps(
  defn: PlateDefn,
  wells: WireWells,
  ops: readonly PrimitiveOp[],
  bench: readonly BenchReagentInfo[],
  options: {
    dispensing: DispenseSettings | null;
    /** the experiment's chosen vehicle (null: the fill liquid's rule decides) */
    vehicle: string | null;
    planner?: PlannerFor;
  },
): ApplyResult {
  const { dispensing, vehicle: chosen } = options;
  const infos = benchWithFill(bench, chosen);
  const vehicle = fillLiquid(infos, chosen).slug;
  const planned = (options.planner ?? freshPlanner)(defn, infos, dispensing, vehicle);
  return applyOps(defn, wells, ops, {
    benchSlugs: new Set(infos.map((b) => b.slug)),
    planVolume: planned.planVolume,
    vehicle,
    wellVolume: (current) => plannedWellVolume(defn, dispensing, current),
    vehicleOnStep: planned.vehicleOnStep,
    vehicleLoadPct: vehicleLoadOf(defn, wells, infos, dispensing, planned.wellLoads),
  });
}
