/**
 * A batch of plate ops as primitive ops: each high-level op (series, controls, template...)
 * expanded against the plate before the batch, the primitive ones as they are. The one loop
 * the server's plate writer and the assistant both expand through, so a turn's ops become the
 * same primitive ops the write stores.
 */
import type { DispenseSettings } from '../dispensing/settings';
import { solventLoadsForOps } from '../layout/vehicle-control';
import type { PlateDefn } from '../plate-format';
import type { BenchReagentInfo, WireWells } from '../plate-wire';
import { opExpander } from './expanders';
import type { PrimitiveOp } from './ops';

const PRIMITIVE = new Set(['set', 'clear', 'tag', 'label', 'sample', 'put']);

/** What expanding reads: the plate before the batch and its bench. */
export interface ExpandOpsContext {
  defn: PlateDefn;
  wells: WireWells;
  bench: readonly BenchReagentInfo[];
  benchSlugs: ReadonlySet<string>;
  dispensing: Partial<DispenseSettings> | null;
}

/** The expanded ops and the expanders' warnings, or the first op refused (its index). */
export type ExpandedOps =
  | { ok: true; ops: PrimitiveOp[]; warnings: string[] }
  | { ok: false; opIndex: number; op: string; well?: string; message: string };

/** Expands a batch of ops in order; an op that is neither primitive nor high-level is refused. */
export function expandOps(ops: readonly { op: string }[], ctx: ExpandOpsContext): ExpandedOps {
  const out: PrimitiveOp[] = [];
  const warnings: string[] = [];
  // the bench's solvents and their loads, which a vehicle control is judged by (worked out
  // only when the batch places controls)
  const solventLoads = solventLoadsForOps(ops, ctx.defn, ctx.wells, ctx.bench, ctx.dispensing);
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    if (PRIMITIVE.has(op.op)) {
      out.push(op as PrimitiveOp);
      continue;
    }
    const expander = opExpander(op.op);
    if (!expander) return { ok: false, opIndex: i, op: op.op, message: `Unknown op "${op.op}"` };
    const expanded = expander(op as Record<string, unknown>, {
      defn: ctx.defn,
      wells: ctx.wells,
      benchSlugs: ctx.benchSlugs,
      solventLoads,
    });
    if (!expanded.ok)
      return { ok: false, opIndex: i, op: op.op, well: expanded.well, message: expanded.message };
    out.push(...expanded.ops);
    warnings.push(...(expanded.warnings ?? []));
  }
  return { ok: true, ops: out, warnings };
}
