/**
 * A screening tool's plate ops applied as the designer previews them and PATCH /plate
 * applies them: the bench with its fill liquid (water when no medium or buffer is on it),
 * volumes planned by the dispensing engine with the experiment's settings, the vehicle filling
 * each planned well, a vehicle control holding the compound wells' solvent load.
 */
import { benchWithFill, fillLiquid } from '../dispensing/fill-liquid';
import type { DispenseSettings } from '../dispensing/settings';
import { vehicleLoadOf } from '../dispensing/vehicle-load';
import type { PlateDefn } from '../plate-format';
import type { BenchReagentInfo, WireWells } from '../plate-wire';
import { applyOps, type ApplyResult, type PlanVolume } from '../plate/apply-ops';
import type { PrimitiveOp } from '../plate/ops';
import { plannedWellVolume, planVolumeFor, vehicleOnStepFor } from '../plate/plan-volume';

/** Plans for a plate format, bench and settings (see reusablePlanner). */
export type PlannerFor = (
  defn: PlateDefn,
  bench: readonly BenchReagentInfo[],
  dispensing: DispenseSettings | null,
) => PlanVolume;

/**
 * A planVolumeFor that keeps its last planner while the format, the bench and the settings
 * stay as they were: a tool's dialog previews again at each change of its fields and mostly
 * asks for the same targets (a series' points when its region or replicates change), each
 * then planned once. The key is their JSON (a few kB), so a reagent edited in place changes it.
 */
export function reusablePlanner(): PlannerFor {
  let last: { key: string; plan: PlanVolume } | null = null;
  return (defn, bench, dispensing) => {
    const key = JSON.stringify([defn.format, bench, dispensing]);
    if (last?.key !== key) last = { key, plan: planVolumeFor(defn, bench, dispensing) };
    return last.plan;
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
  const planner = options.planner ?? planVolumeFor;
  const vehicle = fillLiquid(infos, chosen).slug;
  return applyOps(defn, wells, ops, {
    benchSlugs: new Set(infos.map((b) => b.slug)),
    planVolume: planner(defn, infos, dispensing),
    vehicle,
    wellVolume: (current) => plannedWellVolume(defn, dispensing, current),
    vehicleOnStep: vehicleOnStepFor(defn, infos, vehicle, dispensing),
    vehicleLoadPct: vehicleLoadOf(defn, wells, infos, dispensing),
  });
}
