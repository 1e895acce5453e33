/**
 * The plate's verdict on some wells, as the metrics kernel gives it (the statuses the plate
 * shows; a broken constraint is an unmet mark): for each well, whether it is marked unmet, which of its targets the
 * prediction misses (a target above its stock: an unmet status), whether a solvent is over
 * its limit, whether it is over-filled, each solvent's load, and the plan's reasons (the
 * unmet reasons the plate shows beside the mark). The assistant's checks read
 * it, so what the chat refuses is what the plate would mark, said in the plate's words. Each
 * well object is worked once and each contents once.
 */
import { planWells, type WellPlan } from '../dispensing/well-plans';
import { resolveSettings, type DispenseSettings } from '../dispensing/settings';
import { computeMetrics, CONSTRAINT, metricsInputFromPlate } from '../metrics-kernel';
import type { PlateDefn } from '../plate-format';
import type { BenchReagentInfo, WireWell } from '../plate-wire';
import { isUnmetStatus, STATUS, targetStatus } from '../prediction';
import { idOfIndex } from '../well-id';
import { distinctWells, packedPlate } from './distinct-wells';

/** One of the plan's unmet rows of a well: the reagent (or solvent key) and why, in words. */
export interface UnmetReason {
  reagent: string;
  /** the reason, then what would meet it, as the plate's unmet reasons say it */
  text: string;
}

/** The verdict on one well: what the plate marks, and solvent key -> % v/v. */
export interface WellVerdict {
  /** slugs of the targets whose prediction is outside their tolerance */
  missed: string[];
  /** the plate marks the well unmet (a missed target or any broken constraint) */
  unmet: boolean;
  overLimit: boolean;
  overfilled: boolean;
  loads: Map<string, number>;
  /** the plan's unmet rows for the well, worked on first read */
  reasons: () => UnmetReason[];
}

const EMPTY: WellVerdict = {
  missed: [],
  unmet: false,
  overLimit: false,
  overfilled: false,
  loads: new Map(),
  reasons: () => [],
};

/** The verdicts on `wells` (undefined: an empty well), read back by well object. */
export function wellVerdicts(
  defn: PlateDefn,
  wells: readonly (WireWell | undefined)[],
  bench: readonly BenchReagentInfo[],
  dispensing: Partial<DispenseSettings> | null,
): (w: WireWell | undefined) => WellVerdict {
  const slotOf = new Map<WireWell, number>();
  const held: WireWell[] = [];
  for (const w of wells) if (w && !slotOf.has(w)) slotOf.set(w, held.push(w) - 1);
  // each object once, then each contents once, packed into grids of the plate's format
  const all = packedPlate(defn, held);
  const { ids, slots, distinct } = distinctWells(all.defn, all.wells);
  const packed = packedPlate(defn, distinct);
  const input = metricsInputFromPlate(packed.defn, packed.wells, bench, dispensing);
  const m = computeMetrics(input);
  const slotOfId = new Map(ids.map((id, n) => [id, slots[n]]));
  const R = input.reagentCount;
  // the plan of the distinct wells, as the plate's unmet reasons plan them: only when asked
  let plans: ((k: number) => WellPlan | undefined) | undefined;
  const planOf = (k: number) => {
    if (!plans) {
      const planned = planWells(
        packed.defn,
        packed.wells,
        bench,
        resolveSettings(defn.format, dispensing),
      );
      const byId = new Map(planned.ids.map((id, n) => [id, planned.plans[planned.slots[n]]]));
      plans = (slot) => byId.get(idOfIndex(packed.defn, slot));
    }
    return plans(k);
  };
  return (w) => {
    const k = w && slotOfId.get(idOfIndex(all.defn, slotOf.get(w)!));
    if (k == null) return EMPTY;
    const loads = new Map<string, number>();
    for (let s = 0; s < m.solventCount; s++) {
      const pct = m.solventPct[k * m.solventCount + s];
      if (pct > 0) loads.set(input.solventKeys[s], pct);
    }
    // each target's status as the kernel gives it (prediction against target and tolerance)
    const missed: string[] = [];
    for (let r = 0; r < R; r++) {
      const i = k * R + r;
      const target = input.targetNM[i];
      if (!(target >= 0)) continue;
      const tol = Number.isNaN(input.tolPct[i]) ? null : input.tolPct[i];
      const s = targetStatus(m.predictedNM[i], target, tol, m.volumeUL[k]);
      if (s !== STATUS.UNKNOWN && isUnmetStatus(s)) missed.push(bench[r].slug);
    }
    const broken = m.broken[k];
    return {
      missed,
      unmet: isUnmetStatus(m.status[k]),
      overLimit: (broken & CONSTRAINT.SOLVENT_LOAD) !== 0,
      overfilled: (broken & CONSTRAINT.OVERFILL) !== 0,
      loads,
      reasons: () =>
        (planOf(k)?.unmet ?? []).map((u) => ({
          reagent: u.reagent,
          text: u.proposal ? `${u.reason}; ${u.proposal}` : u.reason,
        })),
    };
  };
}
