// The protocol of a plate as operations (spec section 3, "Protocol op"): the dispense plan's
// preparations and additions (one plan, so the sheet and the picklist agree), then the
// annotations of labelled wells.
import type { DispensePlan } from '../../domain/dispensing/plan-types';
import { planProtocolOps, type ProtocolReagent } from '../../domain/dispensing/protocol-steps';
import type { PlateState } from '../../domain/plate-state';
import type { ProtocolOp } from '../../domain/plate-wire';
import { inWellOrder } from '../../domain/plate/well-order';

/** Every operation that makes the plate, in the order they are done. */
export function plateProtocolOps(
  state: PlateState,
  plan: DispensePlan,
  reagents: readonly ProtocolReagent[],
): ProtocolOp[] {
  const ops = planProtocolOps(state.defn, plan, reagents);
  const ids = inWellOrder(state.defn, Object.keys(state.wells));
  for (const id of ids) {
    const well = state.wells[id];
    if (!well.label && !well.sample && well.tags.length === 0) continue;
    const notes = [well.sample && `sample ${well.sample}`, well.tags.join(' ')].filter(Boolean);
    ops.push({ op: 'annotate', sel: id, label: well.label, notes: notes.join('; ') });
  }
  return ops;
}
