/**
 * The one way tools change well contents: keep what a well holds, apply the edit, plan every
 * concentration target again with the domain's volume planning (v = c * V / S, working
 * stocks, vehicle fill), so predictions meet targets.
 */
import { formatConcentration } from '../../../domain/accuracy';
import type { PlateDefn } from '../../../domain/plate-format';
import type { BenchReagentInfo, WireTarget, WireWell, WireWells } from '../../../domain/plate-wire';
import {
  INSTRUMENT_RESOLUTION_UL,
  planPlate,
  roundToResolution,
  type PlanOptions,
  volumeForTarget,
  type PlanProblem,
  type WellPlanRequest,
} from '../../../domain/volume-planning';
import { DEFAULT_FINAL_VOLUME_UL, type ToolContext } from './tool-types';
import type { ProtocolOp } from '../../../domain/plate-wire';

/** One reagent to put into the wells. */
export interface ReagentSet {
  slug: string;
  /** molar target; the volume is planned from it unless volume_uL is given */
  target_nM?: number | null;
  /** % (v/v) of a % stock; the volume is planned from it */
  percent?: number;
  /** explicit volume: used as given, nothing planned */
  volume_uL?: number;
  tol_pct?: number;
}

/** What to do to each well. */
export interface WellEdit {
  set?: ReagentSet[];
  remove?: string[];
  /** start from an empty well (controls, clear-and-fill) */
  replace?: boolean;
  /** final well volume; default: the well's own volume, else the format's default */
  finalVolumeUL?: number;
  addTags?: string[];
  /** tags to drop: exact names, or prefixes ending in ":" or "@" */
  dropTags?: string[];
  label?: string;
  sample?: string;
  /** fill the remainder with the vehicle (default true) */
  fill?: boolean;
}

/** The planned wells, the operations they need and the targets that cannot be met. */
export interface ComposeResult {
  wells: WireWells;
  changed: string[];
  ops: ProtocolOp[];
  /** problems that make the request impossible (no stock, no vehicle) */
  errors: string[];
  /** targets the plan cannot meet (over-fill, below the minimum transfer) */
  warnings: string[];
}

/**
 * How the assistant plans volumes on a format: 384 and 1536 plates are dispensed acoustically
 * (2.5 nL droplets), smaller ones by pipette (0.1 uL). A transfer is kept at 10 steps or more
 * (1 uL, 25 nL) so that rounding to the step (half a step at worst) moves a prediction by at
 * most 5 %, the default tolerance; smaller transfers go through a working stock.
 */
export function planningOptions(
  format: PlateDefn['format'],
): PlanOptions & { instrument: 'pipette' | 'acoustic' } {
  const instrument = format >= 384 ? 'acoustic' : 'pipette';
  return { instrument, minTransferUL: INSTRUMENT_RESOLUTION_UL[instrument] * 10 };
}

/** The default vehicle: the experiment's, else the first media reagent without a limit, else a solvent. */
export function pickVehicle(ctx: Pick<ToolContext, 'bench' | 'vehicleSlug'>): string | null {
  if (ctx.vehicleSlug && ctx.bench.some((r) => r.slug === ctx.vehicleSlug)) return ctx.vehicleSlug;
  const byName = ctx.bench.toSorted((a, b) => a.name.localeCompare(b.name));
  const media = byName.find((r) => r.type === 'media' && r.max_concentration_percent == null);
  if (media) return media.slug;
  return byName.find((r) => r.type === 'solvent')?.slug ?? null;
}

/** The volume of a well: the sum of its entries. */
export function wellVolume(well: WireWell | undefined): number {
  let v = 0;
  for (const t of Object.values(well?.targets ?? {})) v += t.volume_uL > 0 ? t.volume_uL : 0;
  return v;
}

function dropTag(tag: string, drops: readonly string[]): boolean {
  return drops.some((d) => (d.endsWith(':') || d.endsWith('@') ? tag.startsWith(d) : tag === d));
}

function finalVolume(
  defn: PlateDefn,
  well: WireWell | undefined,
  vehicle: string | null,
  edit: WellEdit,
) {
  if (edit.finalVolumeUL != null) return edit.finalVolumeUL;
  const V = edit.replace ? 0 : wellVolume(well);
  // A well the user filled by hand (no vehicle) is brought up to the working volume.
  const hasVehicle = vehicle != null && well?.targets[vehicle] != null;
  return V > 0 && hasVehicle ? V : Math.max(V, DEFAULT_FINAL_VOLUME_UL[defn.format]);
}

/** Tag of a concentration target, "TARGET:<slug>@<nM>". */
export function targetTag(slug: string, nM: number): string {
  return `TARGET:${slug}@${Number(nM.toPrecision(6))}`;
}

/** Applies one edit to the given wells and plans their volumes again. */
export function composeWells(
  ctx: ToolContext,
  ids: readonly string[],
  edit: (id: string) => WellEdit,
): ComposeResult {
  const vehicle = pickVehicle(ctx);
  const opts = planningOptions(ctx.defn.format);
  const round = (v: number) => roundToResolution(v, opts.instrument);
  const benchBySlug = new Map(ctx.bench.map((r) => [r.slug, r]));
  const requests: Record<string, WellPlanRequest> = {};
  const fixed: Record<string, Record<string, WireTarget>> = {};
  const kept: Record<string, WireWell> = {};
  const errors = new Set<string>();
  const edits: Record<string, WellEdit> = {};

  for (const id of ids) {
    const e = edit(id);
    edits[id] = e;
    const before = e.replace ? undefined : ctx.wells[id];
    const V = finalVolume(ctx.defn, before, vehicle, e);
    const targets: WellPlanRequest['targets'] = [];
    const fix: Record<string, WireTarget> = {};
    const removed = new Set([...(e.remove ?? []), ...(e.set ?? []).map((s) => s.slug)]);
    for (const [slug, t] of Object.entries(before?.targets ?? {})) {
      // Without a fill nothing is planned again: the well keeps what it holds, as it is.
      const keepAsIs = e.fill === false;
      if (removed.has(slug) || (slug === vehicle && !keepAsIs)) continue;
      const r = benchBySlug.get(slug);
      if (!keepAsIs && t.target_nM != null && t.target_nM >= 0 && r?.stock_nM != null)
        targets.push({ slug, target_nM: t.target_nM, tol_pct: t.tol_pct });
      else fix[slug] = { ...t };
    }
    for (const s of e.set ?? []) {
      const r = benchBySlug.get(s.slug);
      if (!r) {
        errors.add(`"${s.slug}" is not on the bench`);
        continue;
      }
      if (s.volume_uL != null) {
        fix[s.slug] = { target_nM: s.target_nM ?? null, volume_uL: s.volume_uL };
        if (s.tol_pct != null) fix[s.slug].tol_pct = s.tol_pct;
      } else if (s.percent != null) {
        if (r.stock_pct == null) {
          errors.add(`${r.name} has no % (v/v) stock; give a molar concentration or a volume`);
          continue;
        }
        // Same relation as molar targets: v = c * V / S with c and S both in % v/v.
        const v = round(volumeForTarget(s.percent, r.stock_pct, V));
        fix[s.slug] = { target_nM: null, volume_uL: v };
      } else if (s.target_nM != null) {
        if (r.stock_nM == null) {
          errors.add(`${r.name} has no molar stock concentration; give a volume instead`);
          continue;
        }
        targets.push({ slug: s.slug, target_nM: s.target_nM, tol_pct: s.tol_pct });
      }
    }
    requests[id] = { finalVolumeUL: V, targets, vehicleSlug: e.fill === false ? null : vehicle };
    fixed[id] = fix;
    if (before) kept[id] = before;
  }

  const planBench = ctx.bench.map((r: BenchReagentInfo) => ({
    slug: r.slug,
    name: r.name,
    stock_nM: r.stock_nM,
    solvent: r.solvent,
    min_transfer_ul: r.min_transfer_ul,
  }));
  const plan = planPlate(requests, planBench, opts);
  // Targets too dilute for the accuracy margin are planned again at the instrument's own
  // minimum: a less exact transfer beats none.
  const retry: Record<string, WellPlanRequest> = {};
  for (const [id, probs] of Object.entries(plan.problems))
    if (probs.some((p) => p.kind === 'too_small')) retry[id] = requests[id];
  if (Object.keys(retry).length > 0) {
    const second = planPlate(retry, planBench, { instrument: opts.instrument });
    for (const id of Object.keys(retry)) {
      plan.wells[id] = second.wells[id];
      if (second.problems[id]) plan.problems[id] = second.problems[id];
      else delete plan.problems[id];
    }
    plan.ops = mergeOps([...plan.ops, ...second.ops]);
  }
  const warnings = new Set<string>();
  const wells: WireWells = { ...ctx.wells };
  const changed: string[] = [];

  for (const id of ids) {
    const e = edits[id];
    const planned = plan.wells[id]?.targets ?? {};
    const fix = fixed[id];
    const problems: PlanProblem[] = plan.problems[id] ?? [];
    for (const p of problems) {
      if (p.kind === 'no_vehicle' && e.fill === false) continue;
      if (p.kind === 'unknown_reagent' || p.kind === 'no_stock' || p.kind === 'no_vehicle')
        errors.add(
          p.message === 'Default vehicle required'
            ? 'Default vehicle required: put a media or solvent reagent on the bench, or choose the default vehicle'
            : p.message,
        );
      else warnings.add(p.message);
    }
    const targets: Record<string, WireTarget> = { ...planned };
    let fixedUL = 0;
    for (const [slug, t] of Object.entries(fix)) {
      // The vehicle asked for by name is already the planned remainder.
      if (slug === vehicle && planned[slug]) continue;
      targets[slug] = t;
      fixedUL += t.volume_uL;
    }
    if (e.fill !== false && vehicle && targets[vehicle] && fixedUL > 0) {
      const left = round(targets[vehicle].volume_uL - fixedUL);
      if (left > 0) targets[vehicle] = { ...targets[vehicle], volume_uL: left };
      else delete targets[vehicle];
      if (left < 0) warnings.add(`${id}: the contents need more than the well volume`);
    }
    const before = kept[id];
    let tags = e.replace ? [] : [...(before?.tags ?? [])];
    const drops = [...(e.dropTags ?? []), ...(e.remove ?? []).map((s) => `TARGET:${s}@`)];
    for (const s of e.set ?? []) drops.push(`TARGET:${s.slug}@`);
    tags = tags.filter((t) => !dropTag(t, drops));
    for (const s of e.set ?? [])
      if (s.target_nM != null && s.target_nM > 0) tags.push(targetTag(s.slug, s.target_nM));
    for (const t of e.addTags ?? []) if (!tags.includes(t)) tags.push(t);
    const next: WireWell = {
      targets,
      label: e.label ?? (e.replace ? '' : (before?.label ?? '')),
      sample: e.sample ?? (e.replace ? '' : (before?.sample ?? '')),
      tags,
    };
    wells[id] = next;
    changed.push(id);
  }
  return { wells, changed, ops: plan.ops, errors: [...errors], warnings: [...warnings] };
}

// Two plans may prepare the same working stock: one operation with both volumes.
function mergeOps(ops: ProtocolOp[]): ProtocolOp[] {
  const byLabel = new Map<string, ProtocolOp>();
  for (const op of ops) {
    const key = `${op.sel}|${op.label ?? ''}`;
    const prev = byLabel.get(key);
    if (!prev) byLabel.set(key, { ...op });
    else {
      prev.volume_uL = Number(((prev.volume_uL ?? 0) + (op.volume_uL ?? 0)).toFixed(6));
      prev.notes = [prev.notes, op.notes].filter(Boolean).join(' + ');
    }
  }
  return [...byLabel.values()];
}

/** "10.0 µM", "0.1 %", "2.0 µL" for a summary line. */
export function describeAmount(s: ReagentSet): string {
  if (s.target_nM != null) return formatConcentration(s.target_nM);
  if (s.percent != null) return `${Number(s.percent.toPrecision(3))} %`;
  if (s.volume_uL != null) return `${Number(s.volume_uL.toPrecision(4))} µL`;
  return '';
}
