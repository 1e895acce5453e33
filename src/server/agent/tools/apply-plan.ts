/**
 * The assistant's changes as the designer's plate ops, applied by the domain's applyOps with
 * the context the server's plate writer gives it (the same planner, vehicle, well volume and
 * vehicle load), so that the wells a turn shows are the wells its write stores.
 */
import { fillLiquid } from '../../../domain/dispensing/fill-liquid';
import { vehicleLoadOf } from '../../../domain/dispensing/vehicle-load';
import { applyOps, type ApplyContext } from '../../../domain/plate/apply-ops';
import { opExpander } from '../../../domain/plate/expanders';
import type { PrimitiveOp } from '../../../domain/plate/ops';
import type { PlateOpInput } from '../../../domain/schemas/plate-ops';
import {
  planVolumeFor,
  plannedWellVolume,
  vehicleOnStepFor,
} from '../../../domain/plate/plan-volume';
import type { WireWell, WireWells } from '../../../domain/plate-wire';
import type { ToolContext } from './tool-types';

/** The context the plate writer applies ops with, for this tool context. */
export function applyContextOf(ctx: ToolContext): ApplyContext {
  const dispensing = ctx.dispensing ?? null;
  const vehicle = fillLiquid(ctx.bench, ctx.vehicleSlug).slug;
  return {
    benchSlugs: new Set(ctx.bench.map((b) => b.slug)),
    planVolume: planVolumeFor(ctx.defn, ctx.bench, dispensing),
    vehicle,
    wellVolume: (current) => plannedWellVolume(ctx.defn, dispensing, current),
    vehicleOnStep: vehicleOnStepFor(ctx.defn, ctx.bench, vehicle, dispensing),
    vehicleLoadPct: vehicleLoadOf(ctx.defn, ctx.baseWells ?? ctx.wells, ctx.bench, dispensing),
  };
}

/**
 * The ops applied to the context's wells: the next wells, the changed ids and the warnings of
 * the screening tools, or why not. A high-level op (series, controls...) is expanded as the
 * plate writer expands it: against the plate before the turn.
 */
export function applyPlan(
  ctx: ToolContext,
  ops: readonly PlateOpInput[],
): { wells: WireWells; changed: string[]; warnings: string[] } | string {
  const primitive: PrimitiveOp[] = [];
  const warnings: string[] = [];
  const apply = applyContextOf(ctx);
  for (const op of ops) {
    const expander = opExpander(op.op);
    if (!expander) {
      primitive.push(op as PrimitiveOp);
      continue;
    }
    const expanded = expander(op as Record<string, unknown>, {
      defn: ctx.defn,
      wells: ctx.baseWells ?? ctx.wells,
      benchSlugs: apply.benchSlugs,
    });
    if (!expanded.ok) return `${expanded.well ? `${expanded.well}: ` : ''}${expanded.message}`;
    primitive.push(...expanded.ops);
    warnings.push(...(expanded.warnings ?? []));
  }
  const r = applyOps(ctx.defn, ctx.wells, primitive, apply);
  if (!r.ok) return `${r.well ? `${r.well}: ` : ''}${r.message}`;
  // Changed wells of the same contents share one object (r.wells is the result's own record):
  // the checks and the later tools work each distinct well once, as on 1400 wells of a region.
  const shared = new Map<string, WireWell>();
  for (const id of r.changed) {
    const w = r.wells[id];
    const key = JSON.stringify(w);
    const same = shared.get(key);
    if (same) r.wells[id] = same;
    else shared.set(key, w);
  }
  return { wells: r.wells, changed: [...r.changed, ...r.removed], warnings };
}

/** A change made elsewhere as ops: the wells it changed, put as they became. */
export function putOf(wells: WireWells, changed: readonly string[]): PlateOpInput[] {
  const put: Record<string, WireWells[string] | null> = {};
  for (const id of changed) put[id] = wells[id] ?? null;
  return changed.length > 0 ? [{ op: 'put', wells: put }] : [];
}
