/**
 * Source concentrations (DISPENSING.md "Screening practice"): a target that needs less than
 * one droplet of the stock, or more solvent than the well may hold, needs a less
 * concentrated source. The plan tries the stock and the instrument's intermediate factors
 * and keeps the fewest that meet every target within its tolerance and the solvent budget.
 */
import { formatConcentration } from '../accuracy';
import type { InstrumentProfile } from './instruments';
import { roundToStep } from './rounding';

/** What one target asks of a source. */
export interface TargetNeed {
  target_nM: number;
  tol_pct: number;
  /** the final well volume, uL */
  wellVolumeUL: number;
  /** the most of the stock's solvent the well may receive from this transfer, uL */
  solventBudgetUL: number;
}

/** How a source of `factor` meets a target. */
export interface SourceFit {
  /** dilution of the stock (1: the stock itself) */
  factor: number;
  source_nM: number;
  /** the volume dispensed, a whole multiple of the step */
  volumeUL: number;
  predicted_nM: number;
  err_pct: number;
}

/**
 * A dispensed volume for people, exactly as dispensed (a protocol step is followed to the
 * digit): nL below 1 uL (droplets read as "12.5 nL"), else uL ("49.5 µL", never "50 µL").
 */
export function volumeText(volumeUL: number): string {
  if (volumeUL > 0 && volumeUL < 1) return `${Number((volumeUL * 1000).toFixed(3))} nL`;
  return pipettedText(volumeUL);
}

/** A volume pipetted at the bench, in uL whatever its size ("0.5 µL", as the pipette reads). */
export function pipettedText(volumeUL: number): string {
  return `${Number(volumeUL.toFixed(4))} µL`;
}

// Percent errors of floats land a hair beside a boundary (5.000000000001 %).
const SLACK = 1e-9;

/**
 * The share of a transfer that is the stock's solvent: an acoustic intermediate is diluted
 * in that solvent (all of it), a pipetted one in the aqueous assay diluent (1 / factor).
 */
export function solventShareOf(profile: InstrumentProfile, factor: number): number {
  return profile.kind === 'acoustic' || factor <= 1 ? 1 : 1 / factor;
}

/** The volume and prediction of a target from a source of `factor`, rounded to the step. */
export function fitFrom(
  need: TargetNeed,
  stockNM: number,
  factor: number,
  profile: InstrumentProfile,
): SourceFit {
  const source = stockNM / factor;
  const raw = (need.target_nM * need.wellVolumeUL) / source;
  const volumeUL = roundToStep(raw, profile.step_nL / 1000);
  const predicted = (source * volumeUL) / need.wellVolumeUL;
  const err = ((predicted - need.target_nM) / need.target_nM) * 100;
  return { factor, source_nM: source, volumeUL, predicted_nM: predicted, err_pct: err };
}

/** Whether a fit can be dispensed and meets its target within tolerance and the budget. */
export function fitMeets(fit: SourceFit, need: TargetNeed, profile: InstrumentProfile): boolean {
  return (
    fit.volumeUL * 1000 >= profile.min_nL - SLACK &&
    fit.volumeUL < need.wellVolumeUL &&
    Math.abs(fit.err_pct) <= need.tol_pct + SLACK &&
    fit.volumeUL * solventShareOf(profile, fit.factor) <= need.solventBudgetUL + SLACK
  );
}

/** The stock and the instrument's intermediate factors, most concentrated first. */
export function candidateFactors(profile: InstrumentProfile): number[] {
  return [1, ...profile.intermediate_factors.filter((f) => f > 1)].toSorted((a, b) => a - b);
}

/**
 * The fewest source factors that meet every target it can (greedy set cover: the factor
 * meeting the most targets not yet met, the more concentrated on a tie), and for each
 * target the most concentrated chosen source that meets it (least solvent), or undefined.
 * `preferred` factors (already on the plate) are taken first when they meet a target.
 */
export function chooseSources(
  needs: readonly TargetNeed[],
  stockNM: number,
  profile: InstrumentProfile,
  preferred: readonly number[] = [],
): { factors: number[]; fits: (SourceFit | undefined)[] } {
  const candidates = [...new Set([...preferred, ...candidateFactors(profile)])];
  const meets = new Map<number, Set<number>>();
  for (const f of candidates) {
    const set = new Set<number>();
    needs.forEach((n, i) => {
      if (fitMeets(fitFrom(n, stockNM, f, profile), n, profile)) set.add(i);
    });
    meets.set(f, set);
  }
  const chosen: number[] = [];
  const met = new Set<number>();
  for (const f of preferred) {
    const gain = [...meets.get(f)!].filter((i) => !met.has(i));
    if (gain.length > 0) {
      chosen.push(f);
      for (const i of gain) met.add(i);
    }
  }
  for (;;) {
    let best = -1;
    let bestGain = 0;
    for (const f of candidates) {
      if (chosen.includes(f)) continue;
      let gain = 0;
      for (const i of meets.get(f)!) if (!met.has(i)) gain++;
      if (gain > bestGain || (gain === bestGain && gain > 0 && f < best)) {
        best = f;
        bestGain = gain;
      }
    }
    if (bestGain === 0) break;
    chosen.push(best);
    for (const i of meets.get(best)!) met.add(i);
  }
  const byConcentration = chosen.toSorted((a, b) => a - b);
  const fits = needs.map((n, i) => {
    const f = byConcentration.find((x) => meets.get(x)!.has(i));
    return f === undefined ? undefined : fitFrom(n, stockNM, f, profile);
  });
  return { factors: byConcentration, fits };
}

/**
 * A source made for a target: the dilution of the stock that puts the target in the
 * proposal's volume, rounded to 2 significant figures (1:45 for 1.11 uM in 25 nL of 5 uL
 * from 10 mM), else 3 (1:3650 for 13.7 nM, not 1:3645.01): such factors are pipetted exactly
 * in whole 0.1 uL (intermediates.ts), so the working stock is what the predictions say. A
 * rounder factor is taken while it is within half a point of the most exact one's error.
 * The unrounded factor when only it meets (the plan then says the stock is made off it);
 * undefined when none meets.
 */
export function madeSourceFit(
  need: TargetNeed,
  stockNM: number,
  proposal: SourceProposal,
  profile: InstrumentProfile,
): SourceFit | undefined {
  if (proposal.volume_uL == null) return undefined;
  const exact = (stockNM * proposal.volume_uL) / (need.target_nM * need.wellVolumeUL);
  const fits = [Number(exact.toPrecision(2)), Number(exact.toPrecision(3)), exact]
    .filter((f) => f > 1)
    .map((f) => fitFrom(need, stockNM, f, profile))
    .filter((fit) => fitMeets(fit, need, profile));
  if (fits.length === 0) return undefined;
  const least = Math.min(...fits.map((f) => Math.abs(f.err_pct)));
  return fits.find((f) => Math.abs(f.err_pct) <= least + ROUNDER_FACTOR_PCT);
}

/** How much more error (percentage points) a rounder made-for-target factor may bring. */
const ROUNDER_FACTOR_PCT = 0.5;

/** What would meet a target no source of the plan meets, in words and as a concentration. */
export interface SourceProposal {
  source_nM: number | null;
  /** the volume a well would take of it, uL; null with the source */
  volume_uL: number | null;
  text: string;
}

/**
 * A source concentration that would meet the target: enough steps that one step is within
 * the tolerance (n >= 50 / tol, the rounding error being at most half a step), and no more
 * solvent than the budget. Whatever the dilution, a stock of S in a solvent gives at most
 * S * budget / V in the well (the solvent comes with the compound): above that, or when the
 * fewest such droplets already pass the budget, no source can, and the proposal says so.
 */
export function proposeSource(
  need: TargetNeed,
  profile: InstrumentProfile,
  stockNM: number,
): SourceProposal {
  const ceiling = (stockNM * need.solventBudgetUL) / need.wellVolumeUL;
  if (need.target_nM > ceiling * (1 + need.tol_pct / 100)) {
    return {
      source_nM: null,
      volume_uL: null,
      text:
        `the stock's solvent limits it to ${formatConcentration(ceiling)} in the well ` +
        `(${volumeText(need.solventBudgetUL)} of solvent): a more concentrated stock would meet it`,
    };
  }
  const step = profile.step_nL / 1000;
  const n = Math.max(Math.ceil(50 / need.tol_pct), Math.ceil(profile.min_nL / profile.step_nL));
  const volume = n * step;
  if (profile.kind === 'acoustic' && volume > need.solventBudgetUL + SLACK) {
    return {
      source_nM: null,
      volume_uL: null,
      text:
        `±${need.tol_pct}% needs at least ${n} steps (${volumeText(volume)}), more than the ` +
        `${volumeText(need.solventBudgetUL)} of solvent the well may take`,
    };
  }
  const source = Number(((need.target_nM * need.wellVolumeUL) / volume).toPrecision(3));
  return {
    source_nM: source,
    volume_uL: volume,
    text: `a ${formatConcentration(source)} source (${volumeText(volume)} a well) would meet it`,
  };
}
