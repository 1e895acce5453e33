/**
 * Planning volumes from targets (DOMAIN.md "Planning volumes from targets"): v_r = c_r * V /
 * S_r, the vehicle fills the remainder, transfers too small for the instrument go through a
 * working stock diluted by a round factor, and volumes are rounded to what the instrument
 * can dispense before anything is predicted. Returns plans; callers apply them.
 * Kept for the assistant's compose tool and the protocol sheet until they call the
 * dispensing engine (dispensing/well-targets.ts, dispensing/plan.ts); steps come from the
 * engine's instrument profiles and rounding.
 */
import { formatConcentration, formatVolume } from './accuracy';
import { instrumentById } from './dispensing/instruments';
import { roundToStep } from './dispensing/rounding';
import type { ProtocolOp, WireTarget, WireWells } from './plate-wire';

export type Instrument = 'pipette' | 'acoustic';

/** Smallest volume step, uL: 0.1 uL pipettes, 2.5 nL acoustic droplets. */
export const INSTRUMENT_RESOLUTION_UL: Record<Instrument, number> = {
  pipette: instrumentById('pipette')!.step_nL / 1000,
  acoustic: instrumentById('echo-650')!.step_nL / 1000,
};

/** Dilution factors tried for a working stock, smallest first. */
export const WORKING_STOCK_FACTORS = [10, 100, 1000, 10000] as const;

/** Extra working stock prepared beyond what the wells take (dead volume, pipetting loss). */
export const WORKING_STOCK_OVERAGE = 0.1;

/** Rounds a volume to the instrument's step (0.25 uL -> 0.3 uL on a pipette). */
export function roundToResolution(volumeUL: number, instrument: Instrument = 'pipette'): number {
  return roundToStep(volumeUL, INSTRUMENT_RESOLUTION_UL[instrument]);
}

/** v = c * V / S: stock volume giving target c (nM) in a well of V uL; NaN without a stock. */
export function volumeForTarget(
  targetNM: number,
  stockNM: number | null,
  wellVolumeUL: number,
): number {
  if (stockNM == null || !(stockNM > 0)) return Number.NaN;
  return (targetNM * wellVolumeUL) / stockNM;
}

/**
 * The smallest round factor F so that v * F reaches the minimum transfer; 1 when v already
 * does (or there is no minimum), NaN when even the largest factor is not enough.
 */
export function workingStockFactor(
  volumeUL: number,
  minTransferUL: number | null | undefined,
  factors: readonly number[] = WORKING_STOCK_FACTORS,
): number {
  if (minTransferUL == null || !(volumeUL > 0) || volumeUL >= minTransferUL) return 1;
  for (const f of factors) if (volumeUL * f >= minTransferUL) return f;
  return Number.NaN;
}

/** What planning needs to know of a reagent. */
export interface PlanReagent {
  slug: string;
  name: string;
  stock_nM: number | null;
  solvent: string | null;
  min_transfer_ul: number | null;
}

/** One well to plan: its final volume, the targets and the vehicle that fills it. */
export interface WellPlanRequest {
  finalVolumeUL: number;
  targets: { slug: string; target_nM: number; tol_pct?: number }[];
  vehicleSlug: string | null;
}

export interface PlanOptions {
  instrument?: Instrument;
  /** the instrument's own minimum transfer, uL (a reagent's min_transfer_ul may be larger) */
  minTransferUL?: number;
  /** plan working stocks for transfers below the minimum (default true) */
  workingStocks?: boolean;
}

export type PlanProblemKind =
  'unknown_reagent' | 'no_stock' | 'too_small' | 'overfill' | 'no_vehicle';

/** Why a target of a well cannot be met as asked. */
export interface PlanProblem {
  kind: PlanProblemKind;
  slug: string | null;
  message: string;
}

/** The planned contents of one well. */
export interface WellPlan {
  targets: Record<string, WireTarget>;
  vehicleUL: number;
  problems: PlanProblem[];
}

function reagentMap(bench: readonly PlanReagent[]): Map<string, PlanReagent> {
  return new Map(bench.map((b) => [b.slug, b]));
}

/** Plans one well: volumes for its targets, a working stock where needed, vehicle to fill. */
export function planWell(
  req: WellPlanRequest,
  bench: readonly PlanReagent[],
  opts: PlanOptions = {},
): WellPlan {
  const instrument = opts.instrument ?? 'pipette';
  const step = INSTRUMENT_RESOLUTION_UL[instrument];
  const byslug = reagentMap(bench);
  const V = req.finalVolumeUL;
  const targets: Record<string, WireTarget> = {};
  const problems: PlanProblem[] = [];
  let used = 0;

  for (const t of req.targets) {
    const r = byslug.get(t.slug);
    if (!r) {
      problems.push({
        kind: 'unknown_reagent',
        slug: t.slug,
        message: `"${t.slug}" is not on the bench`,
      });
      continue;
    }
    const entry: WireTarget = { target_nM: t.target_nM, volume_uL: 0 };
    if (t.tol_pct != null) entry.tol_pct = t.tol_pct;
    targets[t.slug] = entry;
    if (t.target_nM === 0) continue; // a blank: nothing added
    const raw = volumeForTarget(t.target_nM, r.stock_nM, V);
    if (Number.isNaN(raw)) {
      problems.push({
        kind: 'no_stock',
        slug: t.slug,
        message: `${r.name} has no molar stock concentration`,
      });
      continue;
    }
    const min = Math.max(r.min_transfer_ul ?? 0, opts.minTransferUL ?? 0, step);
    const factor = opts.workingStocks === false ? 1 : workingStockFactor(raw, min);
    if (Number.isNaN(factor) || (factor === 1 && raw < min)) {
      problems.push({
        kind: 'too_small',
        slug: t.slug,
        message: `${r.name}: ${formatVolume(raw)} is below the ${formatVolume(min)} minimum transfer`,
      });
    }
    const f = Number.isNaN(factor) ? 1 : factor;
    entry.volume_uL = roundToResolution(raw * f, instrument);
    if (f > 1) entry.dilution = f;
    used += entry.volume_uL;
  }

  const remainder = roundToResolution(V - used, instrument);
  let vehicleUL = 0;
  if (remainder < 0) {
    problems.push({
      kind: 'overfill',
      slug: null,
      message: `The targets need ${formatVolume(used)}, more than the ${formatVolume(V)} well`,
    });
  } else if (remainder > 0) {
    if (!req.vehicleSlug) {
      problems.push({ kind: 'no_vehicle', slug: null, message: 'Default vehicle required' });
    } else {
      vehicleUL = remainder;
      const existing = targets[req.vehicleSlug];
      if (existing)
        existing.volume_uL = roundToResolution(existing.volume_uL + remainder, instrument);
      else targets[req.vehicleSlug] = { target_nM: null, volume_uL: remainder };
    }
  }
  return { targets, vehicleUL, problems };
}

/** A planned plate: wells in wire form, working-stock preparations, problems per well. */
export interface PlatePlan {
  wells: WireWells;
  ops: ProtocolOp[];
  problems: Record<string, PlanProblem[]>;
}

/**
 * Plans several wells and the working stocks they share: one "add" operation off the plate
 * (sel "OFF") per reagent and dilution, sized for every well that uses it plus 10 %.
 */
export function planPlate(
  requests: Record<string, WellPlanRequest>,
  bench: readonly PlanReagent[],
  opts: PlanOptions = {},
): PlatePlan {
  const instrument = opts.instrument ?? 'pipette';
  const wells: WireWells = {};
  const problems: Record<string, PlanProblem[]> = {};
  const needs = new Map<string, { slug: string; factor: number; totalUL: number; wells: number }>();

  for (const [id, req] of Object.entries(requests)) {
    const plan = planWell(req, bench, opts);
    wells[id] = { targets: plan.targets };
    if (plan.problems.length > 0) problems[id] = plan.problems;
    for (const [slug, t] of Object.entries(plan.targets)) {
      if (!t.dilution || !(t.volume_uL > 0)) continue;
      const key = `${slug}@${t.dilution}`;
      const need = needs.get(key) ?? { slug, factor: t.dilution, totalUL: 0, wells: 0 };
      need.totalUL += t.volume_uL;
      need.wells += 1;
      needs.set(key, need);
    }
  }

  const byslug = reagentMap(bench);
  const ops: ProtocolOp[] = [];
  for (const need of needs.values()) {
    const r = byslug.get(need.slug)!;
    const min = Math.max(
      r.min_transfer_ul ?? 0,
      opts.minTransferUL ?? 0,
      INSTRUMENT_RESOLUTION_UL[instrument],
    );
    // The stock taken for the working stock must itself be transferable.
    const stockUL = Math.max(
      Math.ceil(((need.totalUL * (1 + WORKING_STOCK_OVERAGE)) / need.factor) * 10) / 10,
      Math.ceil(min * 10) / 10,
    );
    const diluentUL = Number((stockUL * (need.factor - 1)).toFixed(6));
    const diluent = r.solvent || 'solvent';
    ops.push({
      op: 'add',
      sel: 'OFF',
      reagent: need.slug,
      volume_uL: stockUL,
      label: `${r.name} working stock 1:${need.factor}`,
      notes:
        `Add ${formatVolume(stockUL)} of ${r.name} stock to ${formatVolume(diluentUL)} ${diluent} ` +
        `(${formatConcentration((r.stock_nM ?? 0) / need.factor)}); ${formatVolume(need.totalUL)} used in ` +
        `${need.wells} well${need.wells === 1 ? '' : 's'}`,
    });
  }
  return { wells, ops, problems };
}
