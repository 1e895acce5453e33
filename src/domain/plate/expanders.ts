/**
 * Expanders of high-level plate ops (series, controls, template...; ops.ts): pure functions
 * of src/domain/layout that turn one high-level op into primitive ops. `PATCH /plate`, the
 * designer's previews and the assistant expand through here, so each tool has one
 * implementation; an op name without an expander is an unknown op.
 */
import { expandWireOp } from '../layout';
import type { LayoutContext } from '../layout/context';
import type { PlateDefn } from '../plate-format';
import type { WireWells } from '../plate-wire';
import { HIGH_LEVEL_OP_NAMES, type PrimitiveOp } from './ops';

/** What an expander reads: the plate and its wells before the op. */
export interface ExpandContext {
  defn: PlateDefn;
  wells: WireWells;
  benchSlugs: ReadonlySet<string>;
  /** the bench's solvents and their loads, for vehicle controls (layout/vehicle-control.ts) */
  solventLoads?: LayoutContext['solventLoads'];
}

/** Primitive ops for one high-level op, or an error message (the 400 names the op). */
export type OpExpander = (
  op: Record<string, unknown>,
  ctx: ExpandContext,
) =>
  | { ok: true; ops: PrimitiveOp[]; warnings?: string[] }
  | { ok: false; message: string; well?: string };

const HIGH_LEVEL = new Set<string>(HIGH_LEVEL_OP_NAMES);

/** The expander of an op name; undefined when the name is not a high-level op. */
export function opExpander(name: string): OpExpander | undefined {
  return HIGH_LEVEL.has(name) ? expandWireOp : undefined;
}
