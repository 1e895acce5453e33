/**
 * Targets of one well into volumes an instrument dispenses (DOMAIN.md "Planning volumes
 * from targets"): for each target the source (the stock or an intermediate) and a volume on
 * the instrument's step, the vehicle filling the rest; a target no source meets within its
 * tolerance is unmet with a reason and a proposal, never written as if it were met.
 */
import { formatConcentration } from '../accuracy';
import { vehiclePct } from '../chemistry';
import type { PlateFormat } from '../plate-format';
import type { BenchReagentInfo, WireTarget } from '../plate-wire';
import { effectiveTolerance } from '../prediction';
import { roundToStep } from './rounding';
import { routeOf, stepOf } from './routing';
import { resolveSettings, type DispenseSettings, type ResolvedSettings } from './settings';
import { backfillRoomOf } from './backfill-room';
import { solventBudgetUL } from './solvent-budget';
import {
  bestSource,
  fitFrom,
  madeSourceFit,
  proposeSource,
  type TargetNeed,
} from './source-choice';

/**
 * A round source landing a target within this share of its tolerance is kept: a working
 * stock made for the target adds a preparation, and its pipetting error, for a gain of a
 * point or two. Past it (4 % of 5 %), a made source is taken when it lands nearer.
 */
const NEAR_ENOUGH = 0.8;

/** One well to plan. */
export interface WellTargetsRequest {
  /** the well's final volume, uL */
  volume_uL: number;
  targets: { slug: string; target_nM: number; tol_pct?: number }[];
  /** the liquid that fills the rest of the well (a bench slug), or null */
  vehicle: string | null;
  /**
   * what the well's liquids other than these targets and its vehicle leave of `volume_uL`
   * (a compound already in the well); absent: all of it. Each target's transfer fits in what
   * the earlier ones leave of it.
   */
  room_uL?: number;
  /**
   * When no round intermediate meets a target, or the one that does lands it past 4/5 of its
   * tolerance and a made one lands it nearer, plan it from the source the proposal names (a
   * dilution made for it, as a serial dilution in the stock's solvent is) instead of
   * leaving it unmet: what the designer's set and the assistant's edits ask for.
   */
  adopt_proposals?: boolean;
}

/** A target of a well that cannot be met as asked. */
export interface UnmetTarget {
  reagent: string;
  reason: string;
  /** what would meet it, in words; null when nothing would */
  proposal: string | null;
}

/** The planned well: wire targets (volumes on the step, `dilution` for an intermediate). */
export interface WellTargetsPlan {
  targets: Record<string, WireTarget>;
  unmet: UnmetTarget[];
}

function resolved(
  format: PlateFormat,
  settings: Partial<DispenseSettings> | ResolvedSettings | null | undefined,
): ResolvedSettings {
  if (settings && 'sourceType' in settings) return settings;
  return resolveSettings(format, settings as Partial<DispenseSettings> | null | undefined);
}

/**
 * Plans one well. A caller with one well (the well editor's set) passes its request, the
 * bench, the plate format and the experiment's dispensing settings.
 */
export function planWellTargets(
  req: WellTargetsRequest,
  bench: readonly BenchReagentInfo[],
  format: PlateFormat,
  settings?: Partial<DispenseSettings> | ResolvedSettings | null,
): WellTargetsPlan {
  const rs = resolved(format, settings);
  const profile = rs.instrument;
  const V = req.volume_uL;
  const bySlug = new Map(bench.map((b) => [b.slug, b]));
  const targets: Record<string, WireTarget> = {};
  const unmet: UnmetTarget[] = [];
  let used = 0;

  for (const t of req.targets) {
    const r = bySlug.get(t.slug);
    const tol = effectiveTolerance(t.tol_pct);
    if (!r) {
      unmet.push({ reagent: t.slug, reason: `"${t.slug}" is not on the bench`, proposal: null });
      continue;
    }
    const entry: WireTarget = { target_nM: t.target_nM, volume_uL: 0 };
    if (t.tol_pct != null) entry.tol_pct = t.tol_pct;
    targets[t.slug] = entry;
    if (t.target_nM === 0) continue; // a blank: nothing added
    if (r.stock_nM == null || !(r.stock_nM > 0)) {
      unmet.push({
        reagent: t.slug,
        reason: `${r.name} has no molar stock concentration`,
        proposal: null,
      });
      continue;
    }
    const need: TargetNeed = {
      target_nM: t.target_nM,
      tol_pct: tol,
      wellVolumeUL: V,
      solventBudgetUL: solventBudgetUL(r, bench, rs.settings.backfill, V),
      roomUL: Math.max(0, (req.room_uL ?? V) - used),
    };
    const round = bestSource(need, r.stock_nM, profile);
    // When asked, a source made for the target (a serial dilution in the stock's solvent, as
    // screening practice prepares anyway) meets it where no round intermediate does, and
    // replaces a round one that lands it near the edge of its tolerance when its droplets land
    // it nearer: 3.33 uM from 1:10 is 7 droplets, +5.0 %; from a 1:15 made for it, 10, 0 %.
    const proposal = proposeSource(need, profile, r.stock_nM);
    const made =
      req.adopt_proposals &&
      (!round || Math.abs(round.err_pct) > tol * NEAR_ENOUGH) &&
      proposal.source_nM != null &&
      proposal.source_nM < r.stock_nM
        ? madeSourceFit(need, r.stock_nM, proposal, profile)
        : undefined;
    const fit = made && (!round || Math.abs(made.err_pct) < Math.abs(round.err_pct)) ? made : round;
    if (fit) {
      entry.volume_uL = fit.volumeUL;
      if (fit.factor > 1) entry.dilution = fit.factor;
      used += fit.volumeUL;
      continue;
    }
    // Nothing meets it: keep the stock's nearest dispensable volume, say why and what would.
    const nearest = fitFrom(need, r.stock_nM, 1, profile);
    entry.volume_uL = nearest.volumeUL;
    used += nearest.volumeUL;
    unmet.push({
      reagent: t.slug,
      reason:
        `${r.name} at ${formatConcentration(t.target_nM)}: no source of the plan meets it ` +
        `within ±${tol}% on ${profile.name}`,
      proposal: proposal.text,
    });
  }

  // With a backfill the well ends at p % solvent: b = p * V less the solvent the transfers
  // bring is kept free, so that the vehicle, the transfers and the backfill make V (the one
  // rule of the designer's fill, backfill-room.ts).
  const rest = V - used - backfillRoomOf(targets, V, bench, rs);
  if (rest < -1e-9) {
    unmet.push({
      reagent: req.vehicle ?? '',
      reason: `The targets need ${used} µL, more than the ${V} µL well`,
      proposal: null,
    });
  } else if (rest > 1e-9) {
    const vehicle = req.vehicle ? bySlug.get(req.vehicle) : undefined;
    if (!vehicle) {
      unmet.push({
        reagent: req.vehicle ?? '',
        reason: 'Default vehicle required',
        proposal: null,
      });
    } else {
      const route = routeOf(vehicle, { target_nM: null, volume_uL: rest }, rs);
      const v = roundToStep(rest, stepOf(route, rs));
      const existing = targets[vehicle.slug];
      if (existing) existing.volume_uL = roundToStep(existing.volume_uL + v, stepOf(route, rs));
      else if (v > 0) targets[vehicle.slug] = { target_nM: null, volume_uL: v };
    }
  }
  return { targets, unmet };
}

/** v = p * V / S: the volume of a % stock S that makes p % (v/v) of a well of V uL. */
export function percentVolume(percent: number, stockPct: number, wellVolumeUL: number): number {
  return (percent * wellVolumeUL) / stockPct;
}

/** p = v * S / V: the % (v/v) that v uL of a % stock S makes of a well of V uL. */
export function percentOfVolume(volumeUL: number, stockPct: number, wellVolumeUL: number): number {
  return (vehiclePct(volumeUL, wellVolumeUL) * stockPct) / 100;
}

/**
 * percentVolume on the step of the instrument that dispenses it (a bulk liquid on the bulk
 * dispenser's, else the experiment's instrument's).
 */
export function planPercentVolume(
  reagent: Pick<BenchReagentInfo, 'type' | 'solvent' | 'slug' | 'name'>,
  percent: number,
  stockPct: number,
  wellVolumeUL: number,
  resolvedSettings: ResolvedSettings,
): number {
  const raw = percentVolume(percent, stockPct, wellVolumeUL);
  const route = routeOf(reagent, { target_nM: null, volume_uL: raw }, resolvedSettings);
  return roundToStep(raw, stepOf(route, resolvedSettings));
}
