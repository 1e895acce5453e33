// The one planner of `set` ops without a volume, for the server's writer and the designer's
// previews alike: the volume giving the target in the well, planned by the dispensing engine
// (planWellTargets) with the experiment's settings, so it is a whole number of the
// instrument's steps and a target below one step comes from an intermediate; and the volume
// a planned well holds, which the vehicle fills up to.
import { backfillRoomOf } from '../dispensing/backfill-room';
import { planWellTargets } from '../dispensing/well-targets';
import { roundToStep } from '../dispensing/rounding';
import { routeOf, stepOf } from '../dispensing/routing';
import { resolveSettings, type DispenseSettings } from '../dispensing/settings';
import type { PlateDefn, PlateFormat } from '../plate-format';
import type { BenchReagentInfo } from '../plate-wire';
import type { PlannedVolume, PlanVolume, VehicleOnStep } from './apply-ops';

/** The volume a well filled by a tool holds when the settings name no assay volume, uL. */
export const DEFAULT_WELL_VOLUME_UL: Record<PlateFormat, number> = {
  6: 2000,
  12: 1000,
  24: 500,
  48: 250,
  96: 100,
  384: 40,
  1536: 5,
};

// How far from the assay volume a well's liquid may be and still be a well of the assay
// volume: the fill lands on its instrument's step (5.0 uL of medium beside 5 nL of compound
// is a 5 uL well, not one of 5.005 that the next edit would plan and round up again).
const ON_STEP_SLACK = 0.02;

/**
 * The volume a planned well holds: its own when it has liquid, else the settings' assay
 * volume (else the format's default). A well within the fill's rounding of the assay volume
 * is a well of the assay volume, and so is one that leaves the backfill its room (a 5 uL
 * well at a 2 % backfill holds 4.9 uL before it is backfilled).
 */
export function plannedWellVolume(
  defn: PlateDefn,
  dispensing: Partial<DispenseSettings> | null | undefined,
  currentUL: number,
): number {
  const assay = dispensing?.assay_volume_uL ?? DEFAULT_WELL_VOLUME_UL[defn.format];
  if (!(currentUL > 0)) return assay;
  const room = ((dispensing?.backfill?.percent ?? 0) / 100) * assay;
  const slack = assay * ON_STEP_SLACK;
  return currentUL >= assay - room - slack && currentUL <= assay + slack ? assay : currentUL;
}

/**
 * The vehicle's fill as its instrument dispenses it (the bulk dispenser's 0.1 uL step): the
 * plate then holds the 5.0 uL of medium the plan dispenses, not 4.995. With a backfill, the
 * fill of a well holding `targets` leaves the backfill its room (backfill-room.ts): 5 uL less
 * 5 nL of compound is 4.9 uL of medium at a 2 % DMSO backfill, backfilled with 95 nL. Identity
 * for a vehicle not on the bench.
 */
export function vehicleOnStepFor(
  defn: PlateDefn,
  bench: readonly BenchReagentInfo[],
  vehicle: string | null | undefined,
  dispensing?: Partial<DispenseSettings> | null,
): VehicleOnStep {
  const info = bench.find((b) => b.slug === vehicle);
  if (!info) return (restUL) => restUL;
  const rs = resolveSettings(defn.format, dispensing);
  // the fill is rounded once per rest volume: a tool fills many wells of one rest
  const onStep = new Map<number, number>();
  const round = (restUL: number): number => {
    let v = onStep.get(restUL);
    if (v === undefined) {
      v = roundToStep(
        restUL,
        stepOf(routeOf(info, { target_nM: null, volume_uL: restUL }, rs), rs),
      );
      onStep.set(restUL, v);
    }
    return v;
  };
  if (!rs.settings.backfill) return round;
  return (restUL, targets) => {
    if (!targets) return round(restUL);
    let others = 0;
    // for-in: no pair per target of each of a plate's wells
    for (const slug in targets) if (slug !== info.slug) others += targets[slug].volume_uL;
    const room = backfillRoomOf(targets, restUL + others, bench, rs, info.slug);
    return room > 0 ? round(Number((restUL - room).toFixed(9))) : round(restUL);
  };
}

/**
 * A planVolume for applyOps on this plate, bench and dispensing settings. A plan depends only
 * on the reagent, the target and the well's volume, and a tool sets one target in many wells
 * (a series point in its replicates, a control in its columns, an imported map): each such
 * request is planned once per planVolume, not once per well. `wellVolumeUL`: every well holds
 * that volume (an edit with a final volume of its own).
 */
export function planVolumeFor(
  defn: PlateDefn,
  bench: readonly BenchReagentInfo[],
  dispensing?: Partial<DispenseSettings> | null,
  wellVolumeUL?: number,
): PlanVolume {
  const plan = planOneFor(defn, bench, dispensing, wellVolumeUL);
  // keyed field by field: no text is made per request (an import asks once per well)
  const planned = new Map<string, Map<number, Map<number, Map<number, PlannedVolume>>>>();
  return (request): PlannedVolume => {
    const byTarget = within(planned, request.reagent);
    const byVolume = within(byTarget, request.target_nM);
    const byOthers = within(byVolume, request.wellVolume_uL);
    const others = request.othersUL ?? 0;
    let answer = byOthers.get(others);
    if (!answer) {
      answer = Object.freeze(plan(request));
      byOthers.set(others, answer);
    }
    return answer;
  };
}

/** The map under `key`, made on first use. */
function within<K, V>(map: Map<K, Map<number, V>>, key: K): Map<number, V> {
  let inner = map.get(key);
  if (!inner) map.set(key, (inner = new Map()));
  return inner;
}

function planOneFor(
  defn: PlateDefn,
  bench: readonly BenchReagentInfo[],
  dispensing?: Partial<DispenseSettings> | null,
  wellVolumeUL?: number,
): PlanVolume {
  return ({ reagent, target_nM, wellVolume_uL, othersUL }): PlannedVolume => {
    const volume_uL = wellVolumeUL ?? plannedWellVolume(defn, dispensing, wellVolume_uL);
    const plan = planWellTargets(
      {
        volume_uL,
        targets: [{ slug: reagent, target_nM }],
        vehicle: null,
        adopt_proposals: true,
        // a compound already in the well leaves this one the rest
        room_uL: Math.max(0, volume_uL - (othersUL ?? 0)),
      },
      bench,
      defn.format,
      dispensing,
    );
    const t = plan.targets[reagent];
    const why = plan.unmet.find((u) => u.reagent === reagent);
    // a target nothing can dispense is refused with its reason, never kept at 0 uL (which
    // would read as an empty well rather than an unmet one)
    if (t && !(t.volume_uL > 0) && target_nM > 0) {
      const reason = why ? `${why.reason}${why.proposal ? `; ${why.proposal}` : ''}` : '';
      return { ok: false, message: reason || `"${reagent}" cannot be dispensed at this target` };
    }
    if (!t) {
      return { ok: false, message: why?.reason ?? `"${reagent}" cannot be planned` };
    }
    return t.dilution && t.dilution > 1
      ? { ok: true, volume_uL: t.volume_uL, dilution: t.dilution }
      : { ok: true, volume_uL: t.volume_uL };
  };
}
