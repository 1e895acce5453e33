/**
 * Plate tools that change wells: set and remove reagents, clear, fill with the vehicle,
 * controls, tags, labels and samples. Each returns a plan (ToolOutcome); nothing is stored.
 */
import { canonicalWellId } from '../../../domain/well-id';
import { catalogToBench, resolveReagent } from '../reagent-match';
import type { CatalogReagent } from '../../catalog/catalog-seed';
import type { PrimitiveOp } from '../../../domain/plate/ops';
import { plannedWellVolume } from '../../../domain/plate/plan-volume';
import { resolveSettings } from '../../../domain/dispensing/settings';
import { percentVolume, planPercentVolume } from '../../../domain/dispensing/well-targets';
import { undispensable } from '../../../domain/metrics-kernel';
import type { PlateOpInput } from '../../../domain/schemas/plate-ops';
import { pickDefaultVehicle } from '../../../domain/reagent-types';
import { applyPlan, preparationsOf, putOf } from './apply-plan';
import { describeAmount, heldAmount, setSummary, wellVolume, type ReagentSet } from './set-summary';
import { toolError, type ToolContext, type ToolOutcome } from './tool-types';
import { summarizeIds } from './well-list';

/** Canonical ids of the wells named, or an error naming the ones off the plate. */
export function checkWells(ctx: ToolContext, wells: readonly string[]): string[] | string {
  if (wells.length === 0) return 'Which wells? Name them, e.g. "B3", "column 4" or "rows A-D".';
  const out = new Set<string>();
  const bad: string[] = [];
  for (const w of wells) {
    const id = canonicalWellId(w, ctx.defn);
    if (id) out.add(id);
    else bad.push(w);
  }
  if (bad.length > 0)
    return `${bad.slice(0, 5).join(', ')} ${bad.length === 1 ? 'is' : 'are'} not on this ${ctx.defn.format}-well plate.`;
  return [...out];
}

/** A reagent named by a tool argument, put on a copy of the bench when it comes from the catalog. */
export function useReagent(
  ctx: ToolContext,
  name: string,
): { ctx: ToolContext; slug: string; name: string; add: CatalogReagent | null } | string {
  const ref = resolveReagent(name, ctx.bench, ctx.catalog ?? []);
  if (!ref)
    return `I don't know a reagent called "${name}". Add it to the bench fridge first, or check the spelling.`;
  if (ref.source === 'bench') return { ctx, slug: ref.slug, name: ref.name, add: null };
  const next = { ...ctx, bench: [...ctx.bench, catalogToBench(ref.entry)] };
  return { ctx: next, slug: ref.slug, name: ref.name, add: ref.entry };
}

/**
 * A change the designer's plate ops make, applied as the plate writer applies them. With a
 * final volume of the edit's own (which the writer's context does not know), the wells are
 * written as they became.
 */
export function opsChange(
  ctx: ToolContext,
  plateOps: PlateOpInput[],
  summary: string,
  adds: CatalogReagent[] = [],
  finalVolumeUL?: number,
): ToolOutcome {
  const r = applyPlan(ctx, plateOps, finalVolumeUL);
  if (typeof r === 'string') return toolError(`I could not do that: ${r}. Nothing changed.`);
  // with a final volume of the edit's own, the wells are written as they became
  const put = finalVolumeUL == null ? undefined : putOf(r.wells, r.changed);
  return {
    kind: 'change',
    wells: r.wells,
    summary:
      adds.length > 0
        ? `${summary} (${adds.map((a) => a.name).join(', ')} added to the bench)`
        : summary,
    changed: r.changed,
    plateOps: put ?? plateOps,
    expanded: put ?? r.expanded,
    ops: preparationsOf(ctx, r.wells, r.changed),
    benchAdds: adds,
    warnings: r.warnings,
  };
}

const NO_VEHICLE =
  'Default vehicle required: put a media or solvent reagent on the bench, or choose the default vehicle';

/**
 * The vehicle filling wells up to their planned volume: the designer's set of the vehicle
 * alone, once the vehicle they hold is taken out.
 */
function fillOps(wells: string[], vehicle: string): PrimitiveOp[] {
  return [
    { op: 'clear', wells, reagent: vehicle },
    { op: 'set', wells, reagent: vehicle, target_nM: null },
  ];
}

/**
 * A % (v/v) of a reagent's % stock in wells, the vehicle filling the rest: the volume is
 * planned for the volume each well is planned to hold (empty: the assay volume).
 */
function percentOps(
  ctx: ToolContext,
  ids: string[],
  slug: string,
  percent: number,
  emptied: boolean,
  finalVolumeUL?: number,
): PrimitiveOp[] | string {
  const info = ctx.bench.find((b) => b.slug === slug);
  if (!info?.stock_pct)
    return `${info?.name ?? slug} has no % (v/v) stock; give a molar concentration or a volume`;
  const vehicle = pickDefaultVehicle(ctx.bench, ctx.vehicleSlug);
  if (!vehicle || vehicle === slug) return NO_VEHICLE;
  const rs = resolveSettings(ctx.defn.format, ctx.dispensing);
  const byVolume = new Map<number, string[]>();
  for (const id of ids) {
    const w = emptied ? undefined : ctx.wells[id];
    const V = finalVolumeUL ?? plannedWellVolume(ctx.defn, ctx.dispensing, wellVolume(w));
    byVolume.set(V, [...(byVolume.get(V) ?? []), id]);
  }
  const ops: PrimitiveOp[] = [...byVolume].map(([V, wells]) => {
    const raw = percentVolume(percent, info.stock_pct!, V);
    const planned = planPercentVolume(info, percent, info.stock_pct!, V, rs);
    // a % the instrument's steps cannot make (none of it, or 1.5 nL as one 2.5 nL droplet)
    // is written as asked, not as the step it rounds to: the plate marks that unmet, so the
    // check refuses it in the plate's words rather than writing another %
    const volume = undispensable(raw, planned, 0, Number.NaN, Number.NaN) ? raw : planned;
    return { op: 'set', wells, reagent: slug, target_nM: null, volume_uL: volume };
  });
  return [...ops, ...fillOps(ids, vehicle)];
}

/**
 * The molar targets the wells hold set again, so that a final volume of the edit's own
 * plans them into it (the reagents of `except` are set by the edit itself).
 */
export function replanOps(
  ctx: ToolContext,
  ids: readonly string[],
  except: string | null,
): PrimitiveOp[] {
  const groups = new Map<string, { slug: string; nM: number; tol?: number; wells: string[] }>();
  for (const id of ids)
    for (const [slug, t] of Object.entries(ctx.wells[id]?.targets ?? {})) {
      if (slug === except || t.target_nM == null) continue;
      const key = `${slug}\u0000${t.target_nM}\u0000${t.tol_pct ?? ''}`;
      const g = groups.get(key) ?? { slug, nM: t.target_nM, tol: t.tol_pct, wells: [] };
      g.wells.push(id);
      groups.set(key, g);
    }
  return [...groups.values()].map((g) => ({
    op: 'set',
    wells: g.wells,
    reagent: g.slug,
    target_nM: g.nM,
    ...(g.tol != null ? { tol_pct: g.tol } : {}),
  }));
}

/**
 * The ops putting one reagent into wells: a molar target planned (with an explicit volume,
 * as given), a % of its % stock, or a bare volume added as it is (the well editor's rule).
 * The vehicle fills the rest, except around a bare volume with no final volume.
 */
function reagentOps(
  ctx: ToolContext,
  ids: string[],
  s: ReagentSet,
  emptied: boolean,
  finalVolumeUL?: number,
): PrimitiveOp[] | string {
  if (s.percent != null && s.volume_uL == null && s.target_nM == null)
    return percentOps(ctx, ids, s.slug, s.percent, emptied, finalVolumeUL);
  const op: PrimitiveOp = {
    op: 'set',
    wells: ids,
    reagent: s.slug,
    target_nM: s.target_nM ?? null,
  };
  if (s.volume_uL != null) op.volume_uL = s.volume_uL;
  if (s.tol_pct != null) op.tol_pct = s.tol_pct;
  if (s.volume_uL == null || (s.target_nM == null && finalVolumeUL == null)) return [op];
  const vehicle = pickDefaultVehicle(ctx.bench, ctx.vehicleSlug);
  if (!vehicle || vehicle === s.slug) return NO_VEHICLE;
  return [op, ...fillOps(ids, vehicle)];
}

/** Arguments of set_reagent. */
export interface SetReagentArgs {
  wells: string[];
  reagent: string;
  target_nM?: number | null;
  percent?: number | null;
  volume_uL?: number | null;
  final_volume_uL?: number | null;
  tol_pct?: number | null;
}

function reagentSet(slug: string, a: Omit<SetReagentArgs, 'wells' | 'reagent'>): ReagentSet {
  const s: ReagentSet = { slug };
  if (a.target_nM != null) s.target_nM = a.target_nM;
  if (a.percent != null) s.percent = a.percent;
  if (a.volume_uL != null) s.volume_uL = a.volume_uL;
  if (a.tol_pct != null) s.tol_pct = a.tol_pct;
  return s;
}

/** Puts a reagent at a concentration (volume planned) or a volume into wells. */
export function setReagent(ctx: ToolContext, a: SetReagentArgs): ToolOutcome {
  const ids = checkWells(ctx, a.wells);
  if (typeof ids === 'string') return toolError(ids);
  if (a.target_nM == null && a.percent == null && a.volume_uL == null)
    return toolError(
      `How much ${a.reagent}? Give a concentration or a volume, e.g. "10 uM ${a.reagent}".`,
    );
  const r = useReagent(ctx, a.reagent);
  if (typeof r === 'string') return toolError(r);
  const s = reagentSet(r.slug, a);
  const info = r.ctx.bench.find((b) => b.slug === r.slug);
  const fv = a.final_volume_uL ?? undefined;
  const ops = reagentOps(r.ctx, ids, s, false, fv);
  if (typeof ops === 'string') return toolError(ops);
  return opsChange(
    r.ctx,
    fv == null ? ops : [...replanOps(r.ctx, ids, r.slug), ...ops],
    // "Added" only where a well lacked the reagent: a target replaced says what it was
    setSummary(
      r.name,
      describeAmount(s),
      ids.map((id) => ({ id, before: heldAmount(r.ctx.wells[id], r.slug, info) })),
    ),
    r.add ? [r.add] : [],
    fv,
  );
}

/** Takes a reagent out of wells; its volume goes to the vehicle so the others keep their targets. */
export function removeReagent(
  ctx: ToolContext,
  a: { wells: string[]; reagent: string },
): ToolOutcome {
  const ids = checkWells(ctx, a.wells);
  if (typeof ids === 'string') return toolError(ids);
  const ref = resolveReagent(a.reagent, ctx.bench);
  if (!ref || ref.source !== 'bench')
    return toolError(`"${a.reagent}" is not on the bench, so no well holds it.`);
  const holding = ids.filter((id) => ctx.wells[id]?.targets[ref.slug] != null);
  if (holding.length === 0)
    return toolError(`None of ${summarizeIds(ids)} holds ${ref.name}; nothing changed.`);
  const vehicle = pickDefaultVehicle(ctx.bench, ctx.vehicleSlug);
  if (!vehicle) return toolError(NO_VEHICLE);
  const ops: PrimitiveOp[] = [{ op: 'clear', wells: holding, reagent: ref.slug }];
  if (ref.slug !== vehicle) ops.push(...fillOps(holding, vehicle));
  return opsChange(ctx, ops, `Removed ${ref.name} from ${summarizeIds(holding)}`);
}

/** Empties wells completely (contents, tags, label, sample). */
export function clearWells(ctx: ToolContext, a: { wells: string[] }): ToolOutcome {
  const ids = checkWells(ctx, a.wells);
  if (typeof ids === 'string') return toolError(ids);
  const filled = ids.filter((id) => ctx.wells[id] != null);
  if (filled.length === 0)
    return toolError(
      `${summarizeIds(ids)} ${ids.length === 1 ? 'is' : 'are'} already empty; nothing changed.`,
    );
  return opsChange(ctx, [{ op: 'clear', wells: filled }], `Cleared ${summarizeIds(filled)}`);
}

/** Fills wells with the default vehicle (or a named liquid) up to a final volume. */
export function fillVehicle(
  ctx: ToolContext,
  a: { wells: string[]; final_volume_uL?: number | null; reagent?: string | null },
): ToolOutcome {
  const ids = checkWells(ctx, a.wells);
  if (typeof ids === 'string') return toolError(ids);
  let c = ctx;
  const adds: CatalogReagent[] = [];
  if (a.reagent) {
    const r = useReagent(ctx, a.reagent);
    if (typeof r === 'string') return toolError(r);
    c = { ...r.ctx, vehicleSlug: r.slug };
    if (r.add) adds.push(r.add);
  }
  const vehicle = pickDefaultVehicle(c.bench, c.vehicleSlug);
  if (!vehicle)
    return toolError(
      'Default vehicle required: put a media or solvent reagent on the bench first.',
    );
  const name = c.bench.find((b) => b.slug === vehicle)?.name ?? vehicle;
  const fv = a.final_volume_uL ?? undefined;
  return opsChange(
    c,
    [...(fv == null ? [] : replanOps(c, ids, vehicle)), ...fillOps(ids, vehicle)],
    `Filled ${summarizeIds(ids)} with ${name}${fv ? ` to ${fv} µL` : ''}`,
    adds,
    fv,
  );
}

/** Control kinds and the tag each carries. */
export const CONTROL_TAGS = {
  positive: 'POS',
  negative: 'NEG',
  dmso: 'DMSO',
  vehicle: 'vehicle',
  zero: 'ZERO',
  reserved: 'RESERVED',
} as const;
export type ControlKind = keyof typeof CONTROL_TAGS;

/** Arguments of set_control. */
export interface ControlArgs {
  wells: string[];
  kind: ControlKind;
  reagent?: string | null;
  target_nM?: number | null;
  percent?: number | null;
  final_volume_uL?: number | null;
}

const CONTROL_NAMES: Record<ControlKind, string> = {
  positive: 'positive controls',
  negative: 'negative controls',
  dmso: 'DMSO controls',
  vehicle: 'vehicle controls',
  zero: 'ZERO wells',
  reserved: 'RESERVED wells',
};

/**
 * Makes wells controls: positive (a reagent at a concentration), negative and vehicle
 * (vehicle only), DMSO (DMSO at a % v/v, default its limit or 0.1 %), ZERO (a blank), and
 * RESERVED (only the tag, contents untouched).
 */
export function setControl(ctx: ToolContext, a: ControlArgs): ToolOutcome {
  const ids = checkWells(ctx, a.wells);
  if (typeof ids === 'string') return toolError(ids);
  const tag = CONTROL_TAGS[a.kind];
  const label = CONTROL_NAMES[a.kind];
  if (a.kind === 'reserved')
    return opsChange(
      ctx,
      [{ op: 'tag', wells: ids, add: [tag] }],
      `Marked ${summarizeIds(ids)} as RESERVED`,
    );
  const fv = a.final_volume_uL ?? undefined;
  let reagent = a.reagent ?? null;
  if ((a.kind === 'positive' || a.kind === 'negative') && fv == null && a.percent == null) {
    // The designer's controls op: a molar control, or a negative control of the vehicle alone
    const vehicle = pickDefaultVehicle(ctx.bench, ctx.vehicleSlug);
    const named = reagent ? useReagent(ctx, reagent) : null;
    if (typeof named === 'string') return toolError(named);
    if (named ? a.target_nM != null : a.kind === 'negative' && vehicle) {
      const control = {
        kind: tag,
        reagent: named ? named.slug : vehicle!,
        wells: ids,
        ...(named ? { target: { value: a.target_nM!, unit: 'nM' } } : {}),
      };
      const what = named
        ? `${describeAmount({ slug: named.slug, target_nM: a.target_nM })} ${named.name}`
        : 'vehicle only';
      return opsChange(
        named?.ctx ?? ctx,
        [{ op: 'controls', controls: [control] }],
        `Set ${summarizeIds(ids)} as ${label}${named ? ': ' : ' ('}${what}${named ? '' : ')'}`,
        named?.add ? [named.add] : [],
      );
    }
  }
  if (a.kind === 'dmso') reagent = reagent ?? 'DMSO';
  if (!reagent) {
    if (a.kind === 'positive')
      return toolError(
        'Which reagent is the positive control, and at what concentration? e.g. "positive controls in column 24: 10 uM staurosporine".',
      );
    const vehicle = pickDefaultVehicle(ctx.bench, ctx.vehicleSlug);
    if (!vehicle) return toolError(NO_VEHICLE);
    return opsChange(
      ctx,
      [
        { op: 'clear', wells: ids },
        { op: 'set', wells: ids, reagent: vehicle, target_nM: null },
        { op: 'tag', wells: ids, add: [tag] },
      ],
      `Set ${summarizeIds(ids)} as ${label} (vehicle only)`,
      [],
      fv,
    );
  }
  const r = useReagent(ctx, reagent);
  if (typeof r === 'string') return toolError(r);
  const info = r.ctx.bench.find((b) => b.slug === r.slug)!;
  let s: ReagentSet;
  if (a.target_nM != null) s = { slug: r.slug, target_nM: a.target_nM };
  else if (a.percent != null) s = { slug: r.slug, percent: a.percent };
  else if (info.stock_pct != null)
    s = { slug: r.slug, percent: info.max_concentration_percent ?? 0.1 };
  else return toolError(`At what concentration? e.g. "${label} in column 1: 10 uM ${r.name}".`);
  const ops = reagentOps(r.ctx, ids, s, true, fv);
  if (typeof ops === 'string') return toolError(ops);
  return opsChange(
    r.ctx,
    [{ op: 'clear', wells: ids }, ...ops, { op: 'tag', wells: ids, add: [tag] }],
    `Set ${summarizeIds(ids)} as ${label}: ${describeAmount(s)} ${r.name}`,
    r.add ? [r.add] : [],
    fv,
  );
}

/** Adds or removes a tag, sets a label or a sample name. */
export function annotateWells(
  ctx: ToolContext,
  a: {
    wells: string[];
    tag?: string | null;
    remove_tag?: string | null;
    label?: string | null;
    sample?: string | null;
  },
): ToolOutcome {
  const ids = checkWells(ctx, a.wells);
  if (typeof ids === 'string') return toolError(ids);
  const parts: string[] = [];
  if (a.tag) parts.push(`tagged ${a.tag}`);
  if (a.remove_tag) parts.push(`tag ${a.remove_tag} removed`);
  if (a.label != null) parts.push(`labelled "${a.label}"`);
  if (a.sample != null) parts.push(`sample "${a.sample}"`);
  if (parts.length === 0)
    return toolError(
      'What should the wells carry? e.g. "tag column 1 as REF" or "label B3 hit-1".',
    );
  const plateOps: PrimitiveOp[] = [];
  if (a.tag || a.remove_tag)
    plateOps.push({
      op: 'tag',
      wells: ids,
      ...(a.tag ? { add: [a.tag] } : {}),
      ...(a.remove_tag ? { remove: [a.remove_tag] } : {}),
    });
  if (a.label != null) plateOps.push({ op: 'label', wells: ids, label: a.label });
  if (a.sample != null) plateOps.push({ op: 'sample', wells: ids, sample: a.sample });
  return opsChange(ctx, plateOps, `${summarizeIds(ids)}: ${parts.join(', ')}`);
}
