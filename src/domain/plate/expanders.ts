/**
 * Expanders of high-level plate ops (series, controls, template...; ops.ts): pure functions
 * that turn one high-level op into primitive ops. The layout code registers them; until an
 * op name has an expander, `PATCH /plate` refuses it as an unknown op.
 */
import type { PlateDefn } from '../plate-format';
import type { WireWells } from '../plate-wire';
import type { PrimitiveOp } from './ops';

/** What an expander reads: the plate and its wells before the op. */
export interface ExpandContext {
  defn: PlateDefn;
  wells: WireWells;
  benchSlugs: ReadonlySet<string>;
}

/** Primitive ops for one high-level op, or an error message (the 400 names the op). */
export type OpExpander = (
  op: Record<string, unknown>,
  ctx: ExpandContext,
) => { ok: true; ops: PrimitiveOp[] } | { ok: false; message: string; well?: string };

const expanders = new Map<string, OpExpander>();

/** Registers (or replaces) the expander of a high-level op name. */
export function registerOpExpander(name: string, fn: OpExpander): void {
  expanders.set(name, fn);
}

/** The expander of an op name; undefined when none is registered. */
export function opExpander(name: string): OpExpander | undefined {
  return expanders.get(name);
}

/** Forgets an expander (tests). */
export function unregisterOpExpander(name: string): void {
  expanders.delete(name);
}
