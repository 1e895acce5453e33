/**
 * What each distinct well of a plate needs dispensed (planDispense and planPreparations
 * build on it): its unmet rows with what would meet them, its transfers with their source
 * liquids, its bulk liquids, and its volume and solvent load. A well's plan depends on its
 * contents only, so each distinct well is planned once (distinct-wells.ts).
 */
import { formatConcentration } from '../accuracy';
import { solventOfReagent } from '../chemistry';
import {
  computeMetrics,
  CONSTRAINT,
  metricsInputFromPlate,
  undispensable,
} from '../metrics-kernel';
import type { PlateDefn } from '../plate-format';
import type { BenchReagentInfo, WireWells } from '../plate-wire';
import { distinctWells, packedPlate } from '../plate/distinct-wells';
import { effectiveTolerance, STATUS, statusOfError } from '../prediction';
import type { DispensePlan, UnmetWell } from './plan-types';
import { routeOf } from './routing';
import type { ResolvedSettings } from './settings';
import { backfillKey, solventBudgetUL, solventLimitPct } from './solvent-budget';
import type { PendingTransfer } from './source-wells';
import { percentOfVolume, percentVolume } from './well-targets';
import { bestSource, proposeSource, volumeText, type TargetNeed } from './source-choice';

/** Key of a source liquid: the slug, or "slug@F" for an intermediate diluted F times. */
export function sourceKey(slug: string, factor: number): string {
  return factor > 1 ? `${slug}@${factor}` : slug;
}

/** A transfer a well needs, before the well it goes to is known: its source liquid and volume. */
export interface WellTransfer extends PendingTransfer {
  reagent: string;
  factor: number;
}

/**
 * What one distinct well needs, before it is stamped with the wells holding it: its unmet
 * rows, its transfers and bulk liquids in order, and its volume and solvent load (no row
 * when it holds no liquid).
 */
export interface WellPlan {
  unmet: Omit<UnmetWell, 'well'>[];
  transfers: WellTransfer[];
  bulk: { key: string; reagent: string; volume_uL: number }[];
  solvent: Omit<DispensePlan['wells'][number], 'well'> | null;
}

/** What would meet a target the wire's volume misses. */
function proposalFor(need: TargetNeed, stockNM: number, rs: ResolvedSettings): string {
  const fit = bestSource(need, stockNM, rs.instrument);
  if (fit) {
    const source =
      fit.factor > 1
        ? `a 1:${fit.factor} intermediate (${formatConcentration(fit.source_nM)})`
        : 'the stock';
    return `${volumeText(fit.volumeUL)} of ${source} would meet it`;
  }
  return proposeSource(need, rs.instrument, stockNM).text;
}

/**
 * What would meet a % (v/v) of a % stock that its instrument cannot make: the % that
 * `volumeUL` of the stock makes of this well. `atLeast`: the instrument's least volume, the
 * % rounded up so that it can be dispensed (at least 0.5 % of a 100 uL well for a 500 nL
 * minimum); else a volume on its steps (the 2.5 nL droplet a 1.5 nL % lands on). Null for
 * other entries, whose reason already says the volume.
 */
function percentProposal(
  reagent: BenchReagentInfo,
  targetNM: number | null,
  wellUL: number,
  volumeUL: number,
  atLeast: boolean,
): string | null {
  const stock = reagent.stock_pct;
  if (targetNM != null || stock == null || !(stock > 0) || !(wellUL > 0)) return null;
  const pct = percentOfVolume(volumeUL, stock, wellUL);
  const unit = 10 ** (Math.floor(Math.log10(pct)) - 1);
  const shown = atLeast
    ? Number((Math.ceil(pct / unit - 1e-9) * unit).toPrecision(2))
    : Number(pct.toPrecision(2));
  // a well of hardly more than the reagent itself has no such %
  if (!(shown < stock)) return null;
  const made = atLeast ? percentVolume(shown, stock, wellUL) : volumeUL;
  // the well's volume as it is planned (5 uL, not the 5.0025 uL its droplets make)
  return `${atLeast ? 'at least ' : ''}${shown} % ${reagent.name} (${volumeText(made)} in ${volumeText(Number(wellUL.toPrecision(3)))}) can be dispensed`;
}

/** The wells of a plate planned: each distinct well's plan, and which one each well holds. */
export interface PlannedWells {
  /** canonical ids of the filled wells, row-major */
  ids: string[];
  /** for each of `ids`, its plan's index in `plans` */
  slots: number[];
  plans: WellPlan[];
  warnings: string[];
}

/**
 * Plans each distinct well once (distinct-wells.ts): a well's plan depends on its contents
 * only, so its rows are made once and stamped on every well that holds it.
 */
export function planWells(
  d: PlateDefn,
  wells: WireWells,
  bench: readonly BenchReagentInfo[],
  rs: ResolvedSettings,
): PlannedWells {
  const s = rs.settings;
  const { ids, slots, distinct } = distinctWells(d, wells);
  const packed = packedPlate(d, distinct);
  const input = metricsInputFromPlate(packed.defn, packed.wells, bench, rs);
  const m = computeMetrics(input);
  const R = bench.length;
  const S = m.solventCount;
  const slugIndex = new Map(bench.map((b, r) => [b.slug, r]));
  const warnings: string[] = [];
  const bfKey = backfillKey(bench, s.backfill);
  const bfSlug = s.backfill?.solvent ?? '';
  const stepNL = rs.instrument.step_nL;

  if (s.backfill && !bench.some((b) => b.slug === bfSlug)) {
    warnings.push(
      `The backfill solvent "${bfSlug}" is not on the bench: its source is pure ${bfSlug}.`,
    );
  }
  /** The plan of the distinct well `w` (its rows without the destination). */
  const planOfWell = (w: number): WellPlan => {
    const well = distinct[w];
    const plan: WellPlan = { unmet: [], transfers: [], bulk: [], solvent: null };
    const miss = (reagent: string, reason: string, proposal: string | null = null) =>
      plan.unmet.push({ reagent, reason, proposal });
    const V = m.volumeUL[w];
    for (const [slug, t] of Object.entries(well.targets)) {
      const r = slugIndex.get(slug);
      if (r === undefined) {
        miss(slug, `"${slug}" is not on the bench`);
        continue;
      }
      const i = w * R + r;
      const reagent = bench[r];
      const v = m.dispensedUL[i];
      const factor = t.dilution != null && t.dilution > 1 ? t.dilution : 1;
      const route = routeOf(reagent, t, rs);
      if (t.volume_uL > 0 && v === 0) {
        miss(
          slug,
          `${volumeText(t.volume_uL)} of ${reagent.name} is below one ${stepNL} nL step of ${rs.instrument.name}`,
          percentProposal(
            reagent,
            t.target_nM,
            V,
            Math.max(stepNL, rs.instrument.min_nL) / 1000,
            true,
          ),
        );
      }
      // under the instrument's minimum: it cannot be made, so it is an unmet row and never
      // a transfer row (a picklist line the instrument would refuse)
      const belowMinimum = v > 0 && route === 'transfer' && v * 1000 < rs.instrument.min_nL - 1e-9;
      if (belowMinimum) {
        miss(
          slug,
          `${volumeText(v)} of ${reagent.name} is below the ${volumeText(rs.instrument.min_nL / 1000)} minimum of ${rs.instrument.name}`,
          percentProposal(reagent, t.target_nM, V, rs.instrument.min_nL / 1000, true),
        );
      }
      // a volume without a target is what the user wants: droplets that land it off by more
      // than its tolerance (3.5 nL as one 2.5 nL droplet) do not make it
      const offVolume =
        v > 0 &&
        !belowMinimum &&
        t.target_nM == null &&
        undispensable(t.volume_uL, v, 0, Number.NaN, t.tol_pct ?? Number.NaN);
      if (offVolume) {
        const by = route === 'bulk' ? rs.bulk : rs.instrument;
        miss(
          slug,
          `${volumeText(t.volume_uL)} of ${reagent.name} is dispensed as ${volumeText(v)} in ${by.step_nL} nL steps of ${by.name}, outside ±${effectiveTolerance(t.tol_pct)}%`,
          percentProposal(reagent, t.target_nM, V, v, false),
        );
      }
      const target = t.target_nM;
      const pred = m.predictedNM[i];
      if (target != null && target > 0 && V > 0) {
        const tol = effectiveTolerance(t.tol_pct);
        const missed = Number.isNaN(pred) || statusOfError(m.errPct[i], tol) !== STATUS.GOOD;
        if (missed) {
          const need: TargetNeed = {
            target_nM: target,
            tol_pct: tol,
            wellVolumeUL: V,
            solventBudgetUL: solventBudgetUL(reagent, bench, s.backfill, V),
          };
          const stock = reagent.stock_nM;
          miss(
            slug,
            Number.isNaN(pred)
              ? `${reagent.name} has no molar stock concentration`
              : `${formatConcentration(pred)} predicted for ${formatConcentration(target)} (${m.errPct[i].toFixed(1)}%, outside ±${tol}%)`,
            stock != null && stock > 0 ? proposalFor(need, stock, rs) : null,
          );
        }
      }
      if (!(v > 0) || belowMinimum) continue;
      if (route === 'bulk') plan.bulk.push({ key: `${slug}|${v}`, reagent: slug, volume_uL: v });
      else
        plan.transfers.push({ key: sourceKey(slug, factor), volumeUL: v, reagent: slug, factor });
    }
    if (!(V > 0)) return plan;
    const b = m.backfillUL[w];
    if (b > 0) plan.transfers.push({ key: bfSlug, volumeUL: b, reagent: bfSlug, factor: 1 });
    const loads: Record<string, number> = {};
    for (let k = 0; k < S; k++) {
      const pct = m.solventPct[w * S + k];
      if (pct > 0) loads[input.solventKeys[k]] = pct;
    }
    plan.solvent = { volume_uL: V, backfill_uL: b, solvent_pct: loads };
    if ((m.broken[w] & CONSTRAINT.SOLVENT_LOAD) !== 0) {
      for (const [key, pct] of Object.entries(loads)) {
        const limit =
          s.backfill && key === bfKey
            ? Math.max(s.backfill.percent, solventLimitPct(bench, key))
            : solventLimitPct(bench, key);
        if (pct > limit + 1e-9) {
          miss(
            key,
            `${key.toUpperCase()} at ${pct.toFixed(2)}% v/v is above its ${limit}% limit`,
            solventCeilingText(well.targets, key, V),
          );
        }
      }
    }
    if (s.backfill && bfKey && b === 0 && (loads[bfKey] ?? 0) > s.backfill.percent + 1e-6) {
      miss(
        bfKey,
        `The well already holds ${loads[bfKey].toFixed(2)}% ${bfKey.toUpperCase()}, above the ${s.backfill.percent}% backfill`,
      );
    }
    if ((m.broken[w] & CONSTRAINT.OVERFILL) !== 0) {
      miss('', `${volumeText(V)} over-fills the well`);
    }
    if ((m.broken[w] & CONSTRAINT.MIN_TRANSFER) !== 0) {
      miss('', "A transfer is below its reagent's minimum transfer volume");
    }
    return plan;
  };

  /**
   * Why a solvent's load passes its limit, when a target asks it: the targets whose stock
   * brings the solvent and that no dilution can meet (the solvent comes with the compound:
   * 10 mM in DMSO at 0.5 % of 100 uL gives 50.0 uM at most), each with its ceiling.
   */
  const solventCeilingText = (
    targets: WireWells[string]['targets'],
    key: string,
    V: number,
  ): string | null => {
    const texts: string[] = [];
    for (const [slug, t] of Object.entries(targets)) {
      const r = slugIndex.get(slug);
      const reagent = r === undefined ? undefined : bench[r];
      const stock = reagent?.stock_nM;
      if (!reagent || t.target_nM == null || !(t.target_nM > 0) || !(stock != null && stock > 0))
        continue;
      if (solventOfReagent(reagent.type, reagent.solvent, reagent.slug) !== key) continue;
      const need: TargetNeed = {
        target_nM: t.target_nM,
        tol_pct: effectiveTolerance(t.tol_pct),
        wellVolumeUL: V,
        solventBudgetUL: solventBudgetUL(reagent, bench, s.backfill, V),
      };
      const proposal = proposeSource(need, rs.instrument, stock);
      if (proposal.source_nM == null) texts.push(`${reagent.name}: ${proposal.text}`);
    }
    return texts.length > 0 ? texts.join('; ') : null;
  };

  return { ids, slots, plans: distinct.map((_, w) => planOfWell(w)), warnings };
}

/** Counts a well's bulk liquids: wells per liquid, the liquids in order of first use. */
export function countBulk(count: Map<string, number>, plan: WellPlan): void {
  for (const b of plan.bulk) count.set(b.reagent, (count.get(b.reagent) ?? 0) + 1);
}
