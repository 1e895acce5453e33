// The plan's statuses on the plate the API answers (domain/dispensing/plan-status.ts): the
// chains of a plate's working stocks are worked once per computed plate, from the whole
// plate, since a working stock's volumes depend on every well it feeds.
import {
  planAccuracyOf,
  withPlanStatus,
  type PlanAccuracy,
} from '../../domain/dispensing/plan-status';
import type { StateWell } from '../../domain/plate-state';
import type { LivePlate } from './live-plate';

const memo = new WeakMap<LivePlate, PlanAccuracy>();

/** The plan's accuracy of a computed plate, worked on first use. */
export function planAccuracyOfLive(live: LivePlate): PlanAccuracy {
  let acc = memo.get(live);
  if (!acc) {
    acc = planAccuracyOf(live.defn, live.wire, live.bench, live.dispensing);
    memo.set(live, acc);
  }
  return acc;
}

/** A well of a computed plate as the API answers it: with the plan's statuses. */
export function plannedWell(live: LivePlate, well: StateWell): StateWell {
  return withPlanStatus(well, planAccuracyOfLive(live));
}
