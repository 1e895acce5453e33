/**
 * The one way tools change well contents: keep what a well holds, apply the edit, plan every
 * concentration target again with the dispensing engine (planWellTargets: the experiment's
 * instrument, whole steps, an intermediate where one droplet is too much), so the wells hold
 * what will really be dispensed; the working stocks come from the plate's dispense plan.
 */
import { formatConcentration } from '../../../domain/accuracy';
import { planPreparations } from '../../../domain/dispensing/plan';
import { preparationOps } from '../../../domain/dispensing/protocol-steps';
import { resolveSettings } from '../../../domain/dispensing/settings';
import {
  planPercentVolume,
  planWellTargets,
  type WellTargetsPlan,
  type WellTargetsRequest,
} from '../../../domain/dispensing/well-targets';
import { plannedWellVolume } from '../../../domain/plate/plan-volume';
import type { ProtocolOp, WireTarget, WireWell, WireWells } from '../../../domain/plate-wire';
import { fillLiquid } from '../../../domain/dispensing/fill-liquid';
import type { ToolContext } from './tool-types';

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
  /** final well volume; default: the well's own volume, else the settings' assay volume */
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
  /** targets the plan cannot meet (over-fill, no source within the tolerance) */
  warnings: string[];
}

/** The liquid that fills wells: the experiment's when it can fill, else fill-liquid.ts's pick. */
export function pickVehicle(ctx: Pick<ToolContext, 'bench' | 'vehicleSlug'>): string | null {
  // the one rule of the liquid that fills wells (never a solvent with a limit)
  const fill = fillLiquid(ctx.bench, ctx.vehicleSlug);
  return fill.onBench ? fill.slug : null;
}

/** The volume of a well: the sum of its entries. */
export function wellVolume(well: WireWell | undefined): number {
  let v = 0;
  for (const t of Object.values(well?.targets ?? {})) v += t.volume_uL > 0 ? t.volume_uL : 0;
  return v;
}

/**
 * The entries of these reagents, in the wells holding them: all a plan needs for their
 * preparations (each entry's transfer is its own; the other targets of a well change none).
 * The liquids without a target (the vehicle) stay, so the well keeps its volume and the
 * targets read as met rather than each asking the plan for a proposal.
 */
function entriesOf(wells: WireWells, slugs: ReadonlySet<string>): WireWells {
  const out: WireWells = {};
  // wells that share an object share their entries (the plan then works them once)
  const made = new Map<WireWell, WireWell | null>();
  for (const [id, w] of Object.entries(wells)) {
    let entry = made.get(w);
    if (entry === undefined) {
      entry = null;
      if (Object.keys(w.targets).some((s) => slugs.has(s))) {
        const targets: WireWell['targets'] = {};
        for (const [slug, t] of Object.entries(w.targets))
          if (slugs.has(slug) || t.target_nM == null) targets[slug] = t;
        entry = { targets };
      }
      made.set(w, entry);
    }
    if (entry) out[id] = entry;
  }
  return out;
}

function dropTag(tag: string, drops: readonly string[]): boolean {
  return drops.some((d) => (d.endsWith(':') || d.endsWith('@') ? tag.startsWith(d) : tag === d));
}

function finalVolume(
  ctx: ToolContext,
  well: WireWell | undefined,
  vehicle: string | null,
  edit: WellEdit,
) {
  if (edit.finalVolumeUL != null) return edit.finalVolumeUL;
  const V = edit.replace ? 0 : wellVolume(well);
  // A well the user filled by hand (no vehicle) is brought up to the working volume.
  const hasVehicle = vehicle != null && well?.targets[vehicle] != null;
  return V > 0 && hasVehicle ? V : Math.max(V, plannedWellVolume(ctx.defn, ctx.dispensing, 0));
}

/** What one edit makes of one well, whichever well it is. */
interface Composed {
  /** the new well (shared by the wells it is the same for: never mutated) */
  well: WireWell;
  /** problems that make the request impossible */
  errors: string[];
  /** targets that cannot be met, to be said with the well's id in front */
  warnings: string[];
  /** reagents dispensed from a working stock */
  diluted: string[];
}

/** What a composition shares between its wells. */
interface Composing {
  ctx: ToolContext;
  vehicle: string | null;
  rs: ReturnType<typeof resolveSettings>;
  benchBySlug: ReadonlyMap<string, ToolContext['bench'][number]>;
  /** well plans by request: wells asking the same (a column, a region) share one plan */
  plans: Map<string, WellTargetsPlan>;
}

/** The edit applied to a well that held `before`, its targets planned again. */
function composeOne(c: Composing, e: WellEdit, before: WireWell | undefined): Composed {
  const { ctx, vehicle, rs, benchBySlug } = c;
  const errors: string[] = [];
  const warnings: string[] = [];
  const volumeUL = finalVolume(ctx, before, vehicle, e);
  const request: WellTargetsRequest['targets'] = [];
  const fixed: Record<string, WireTarget> = {};
  const removed = new Set([...(e.remove ?? []), ...(e.set ?? []).map((s) => s.slug)]);
  // Without a fill nothing is planned again: the well keeps what it holds, as it is.
  const keepAsIs = e.fill === false;
  for (const [slug, t] of Object.entries(before?.targets ?? {})) {
    if (removed.has(slug) || (slug === vehicle && !keepAsIs)) continue;
    const r = benchBySlug.get(slug);
    if (!keepAsIs && t.target_nM != null && t.target_nM >= 0 && r?.stock_nM != null)
      request.push({ slug, target_nM: t.target_nM, tol_pct: t.tol_pct });
    else fixed[slug] = { ...t };
  }
  for (const s of e.set ?? []) {
    const r = benchBySlug.get(s.slug);
    if (!r) {
      errors.push(`"${s.slug}" is not on the bench`);
      continue;
    }
    if (s.volume_uL != null) {
      fixed[s.slug] = { target_nM: s.target_nM ?? null, volume_uL: s.volume_uL };
      if (s.tol_pct != null) fixed[s.slug].tol_pct = s.tol_pct;
    } else if (s.percent != null) {
      if (r.stock_pct == null) {
        errors.push(`${r.name} has no % (v/v) stock; give a molar concentration or a volume`);
        continue;
      }
      fixed[s.slug] = {
        target_nM: null,
        volume_uL: planPercentVolume(r, s.percent, r.stock_pct, volumeUL, rs),
      };
    } else if (s.target_nM != null) {
      if (r.stock_nM == null) {
        errors.push(`${r.name} has no molar stock concentration; give a volume instead`);
        continue;
      }
      request.push({ slug: s.slug, target_nM: s.target_nM, tol_pct: s.tol_pct });
    }
  }

  // Each well as the designer's set plans it (planVolumeFor): its own best source; one
  // edit's targets are met from a source made for them when no round one does. The vehicle
  // is added below, as applyOps fills a well.
  let key = String(volumeUL);
  for (const t of request) key += `|${t.slug}@${t.target_nM}~${t.tol_pct ?? ''}`;
  let plan = c.plans.get(key);
  if (!plan) {
    plan = planWellTargets(
      { volume_uL: volumeUL, targets: request, vehicle: null, adopt_proposals: true },
      ctx.bench,
      ctx.defn.format,
      rs,
    );
    c.plans.set(key, plan);
  }
  for (const u of plan.unmet) {
    // the vehicle and the well's volume are settled below
    if (u.reason === 'Default vehicle required' || u.reason.startsWith('The targets need '))
      continue;
    if (/is not on the bench$|has no molar stock concentration$/.test(u.reason))
      errors.push(u.reason);
    else warnings.push(`${u.reason}${u.proposal ? `; ${u.proposal}` : ''}`);
  }
  const targets: Record<string, WireTarget> = {};
  for (const [slug, t] of Object.entries(plan.targets)) targets[slug] = { ...t };
  for (const [slug, t] of Object.entries(fixed)) targets[slug] = t;
  // The vehicle takes what the other liquids leave of the well's volume (as applyOps
  // fills a planned well): the wire keeps the volume asked for, the plan dispenses it on
  // the bulk dispenser's step.
  if (e.fill !== false) {
    if (vehicle) delete targets[vehicle];
    let others = 0;
    for (const t of Object.values(targets)) others += t.volume_uL > 0 ? t.volume_uL : 0;
    const rest = volumeUL - others;
    if (rest > 1e-9) {
      if (vehicle) targets[vehicle] = { target_nM: null, volume_uL: Number(rest.toFixed(6)) };
      else
        errors.push(
          'Default vehicle required: put a media or solvent reagent on the bench, or choose the default vehicle',
        );
    } else if (rest < -1e-9) {
      warnings.push(`the contents need more than the ${volumeUL} µL well`);
    }
  }
  const diluted: string[] = [];
  for (const [slug, t] of Object.entries(targets)) if ((t.dilution ?? 1) > 1) diluted.push(slug);
  let tags = e.replace ? [] : [...(before?.tags ?? [])];
  const drops = e.dropTags ?? [];
  if (tags.length > 0 && drops.length > 0) tags = tags.filter((t) => !dropTag(t, drops));
  for (const t of e.addTags ?? []) if (!tags.includes(t)) tags.push(t);
  const well: WireWell = {
    targets,
    label: e.label ?? (e.replace ? '' : (before?.label ?? '')),
    sample: e.sample ?? (e.replace ? '' : (before?.sample ?? '')),
    tags,
  };
  return { well, errors, warnings, diluted };
}

/**
 * Applies one edit to the given wells and plans their volumes again. Wells given the same
 * edit that held the same (a region of a plate) are composed once and share the new well.
 */
export function composeWells(
  ctx: ToolContext,
  ids: readonly string[],
  edit: (id: string) => WellEdit,
): ComposeResult {
  const c: Composing = {
    ctx,
    vehicle: pickVehicle(ctx),
    rs: resolveSettings(ctx.defn.format, ctx.dispensing),
    benchBySlug: new Map(ctx.bench.map((r) => [r.slug, r])),
    plans: new Map(),
  };
  const rs = c.rs;
  const errors = new Set<string>();
  const warnings = new Set<string>();
  const wells: WireWells = { ...ctx.wells };
  const changed: string[] = [];
  const diluted = new Set<string>();
  // by the texts of the edit and the well before; and by the objects themselves, so that
  // wells sharing both (one edit object, wells of a region that share one well) are not
  // even serialized
  const composed = new Map<string, Composed>();
  const byObjects = new Map<WellEdit, Map<WireWell | undefined, Composed>>();
  for (const id of ids) {
    const e = edit(id);
    const before = e.replace ? undefined : ctx.wells[id];
    let sameEdit = byObjects.get(e);
    if (!sameEdit) byObjects.set(e, (sameEdit = new Map()));
    let one = sameEdit.get(before);
    if (!one) {
      const key = `${JSON.stringify(e)}\u0000${before ? JSON.stringify(before) : ''}`;
      one = composed.get(key);
      if (!one) composed.set(key, (one = composeOne(c, e, before)));
      sameEdit.set(before, one);
    }
    for (const x of one.errors) errors.add(x);
    for (const w of one.warnings) warnings.add(`${id}: ${w}`);
    for (const slug of one.diluted) diluted.add(slug);
    wells[id] = one.well;
    changed.push(id);
  }
  // The working stocks this change uses, as the plate's dispense plan prepares them (the
  // numbers of GET /dispense-plan and the protocol sheet); a change without one costs no plan.
  // A reagent's preparations depend only on its own transfers: its entries give them
  // exactly as the whole plate's plan does.
  const ops =
    diluted.size > 0 && errors.size === 0
      ? preparationOps(
          planPreparations(ctx.defn, entriesOf(wells, diluted), ctx.bench, rs.settings),
          ctx.bench,
          diluted,
        )
      : [];
  return { wells, changed, ops, errors: [...errors], warnings: [...warnings] };
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

/** "10.0 µM", "0.1 %", "2.0 µL" for a summary line. */
export function describeAmount(s: ReagentSet): string {
  if (s.target_nM != null) return formatConcentration(s.target_nM);
  if (s.percent != null) return `${Number(s.percent.toPrecision(3))} %`;
  if (s.volume_uL != null) return `${Number(s.volume_uL.toPrecision(4))} µL`;
  return '';
}
