/**
 * The assistant's changes as the designer's plate ops, applied by the domain's applyOps with
 * the context the server's plate writer gives it (the same planner, vehicle, well volume and
 * vehicle load), so that the wells a turn shows are the wells its write stores.
 */
import { fillLiquid } from '../../../domain/dispensing/fill-liquid';
import { vehicleLoadOf } from '../../../domain/dispensing/vehicle-load';
import { applyOps, type ApplyContext } from '../../../domain/plate/apply-ops';
import { expandOps } from '../../../domain/plate/expand-ops';
import type { PrimitiveOp } from '../../../domain/plate/ops';
import type { PlateOpInput } from '../../../domain/schemas/plate-ops';
import {
  planVolumeFor,
  plannedWellVolume,
  vehicleOnStepFor,
} from '../../../domain/plate/plan-volume';
import type { ProtocolOp, WireWell, WireWells } from '../../../domain/plate-wire';
import { planPreparations } from '../../../domain/dispensing/plan';
import { preparationOps } from '../../../domain/dispensing/protocol-steps';
import { resolveSettings } from '../../../domain/dispensing/settings';
import type { ToolContext } from './tool-types';

/**
 * The context the plate writer applies ops with, for this tool context; with a final volume,
 * every well is planned and filled to it.
 */
export function applyContextOf(ctx: ToolContext, finalVolumeUL?: number): ApplyContext {
  const dispensing = ctx.dispensing ?? null;
  const vehicle = fillLiquid(ctx.bench, ctx.vehicleSlug).slug;
  return {
    benchSlugs: new Set(ctx.bench.map((b) => b.slug)),
    planVolume: planVolumeFor(ctx.defn, ctx.bench, dispensing, finalVolumeUL),
    vehicle,
    wellVolume: (current) => finalVolumeUL ?? plannedWellVolume(ctx.defn, dispensing, current),
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
  finalVolumeUL?: number,
): { wells: WireWells; changed: string[]; warnings: string[]; expanded: PrimitiveOp[] } | string {
  const apply = applyContextOf(ctx, finalVolumeUL);
  const expanded = expandOps(ops, {
    defn: ctx.defn,
    wells: ctx.baseWells ?? ctx.wells,
    bench: ctx.bench,
    benchSlugs: apply.benchSlugs,
    dispensing: ctx.dispensing ?? null,
  });
  if (!expanded.ok) return `${expanded.well ? `${expanded.well}: ` : ''}${expanded.message}`;
  const { ops: primitive, warnings } = expanded;
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
  return { wells: r.wells, changed: [...r.changed, ...r.removed], warnings, expanded: primitive };
}

/** A change made elsewhere as ops: the wells it changed, put as they became. */
export function putOf(wells: WireWells, changed: readonly string[]): PrimitiveOp[] {
  const put: Record<string, WireWells[string] | null> = {};
  for (const id of changed) put[id] = wells[id] ?? null;
  return changed.length > 0 ? [{ op: 'put', wells: put }] : [];
}

/**
 * The entries of these reagents, in the wells holding them: all a plan needs for their
 * preparations (each entry's transfer is its own; the other targets of a well change none).
 * The liquids without a target (the vehicle) stay, so the well keeps its volume and the
 * targets read as met rather than each asking the plan for a proposal.
 */
function entriesOf(wells: WireWells, slugs: ReadonlySet<string>): WireWells {
  const out: WireWells = {};
  // wells of the same entries share one object, so the plan works each once without writing
  // every well out (the plate's own wells are each their own object)
  const made = new Map<WireWell, WireWell | null>();
  const byText = new Map<string, WireWell>();
  for (const [id, w] of Object.entries(wells)) {
    let entry = made.get(w);
    if (entry === undefined) {
      entry = null;
      if (Object.keys(w.targets).some((s) => slugs.has(s))) {
        const targets: WireWell['targets'] = {};
        for (const [slug, t] of Object.entries(w.targets))
          if (slugs.has(slug) || t.target_nM == null) targets[slug] = t;
        const text = JSON.stringify(targets);
        entry = byText.get(text) ?? { targets };
        byText.set(text, entry);
      }
      made.set(w, entry);
    }
    if (entry) out[id] = entry;
  }
  return out;
}

/**
 * The working stocks the changed wells need, as the plate's dispense plan prepares them (the
 * numbers of GET /dispense-plan and the protocol sheet); a change without one costs no plan.
 */
export function preparationsOf(
  ctx: ToolContext,
  wells: WireWells,
  changed: readonly string[],
): ProtocolOp[] {
  const diluted = new Set<string>();
  for (const id of changed)
    for (const [slug, t] of Object.entries(wells[id]?.targets ?? {}))
      if ((t.dilution ?? 1) > 1) diluted.add(slug);
  if (diluted.size === 0) return [];
  const rs = resolveSettings(ctx.defn.format, ctx.dispensing);
  return preparationOps(
    planPreparations(ctx.defn, entriesOf(wells, diluted), ctx.bench, rs.settings),
    ctx.bench,
    diluted,
  );
}
