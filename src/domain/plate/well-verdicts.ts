/**
 * The plate's verdict on some wells, as the metrics kernel gives it (the statuses the plate
 * shows; a broken constraint is an unmet mark): for each well, whether a solvent is over its
 * limit, whether it is over-filled, and each solvent's load. The assistant's checks read it,
 * so what the chat refuses is what the plate would mark. Each well object is worked once and
 * each contents once.
 */
import type { DispenseSettings } from '../dispensing/settings';
import { computeMetrics, CONSTRAINT, metricsInputFromPlate } from '../metrics-kernel';
import type { PlateDefn } from '../plate-format';
import type { BenchReagentInfo, WireWell } from '../plate-wire';
import { idOfIndex } from '../well-id';
import { distinctWells, packedPlate } from './distinct-wells';

/** The verdict on one well: its broken constraints the checks read, and solvent key -> % v/v. */
export interface WellVerdict {
  overLimit: boolean;
  overfilled: boolean;
  loads: Map<string, number>;
}

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
  return (w) => {
    const k = w && slotOfId.get(idOfIndex(all.defn, slotOf.get(w)!));
    const loads = new Map<string, number>();
    if (k == null) return { overLimit: false, overfilled: false, loads };
    for (let s = 0; s < m.solventCount; s++) {
      const pct = m.solventPct[k * m.solventCount + s];
      if (pct > 0) loads.set(input.solventKeys[s], pct);
    }
    const broken = m.broken[k];
    return {
      overLimit: (broken & CONSTRAINT.SOLVENT_LOAD) !== 0,
      overfilled: (broken & CONSTRAINT.OVERFILL) !== 0,
      loads,
    };
  };
}
