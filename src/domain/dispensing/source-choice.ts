/**
 * Source concentrations (DISPENSING.md "Screening practice"): a target that needs less than
 * one droplet of the stock, or more solvent than the well may hold, needs a less
 * concentrated source. The plan tries the stock and the instrument's intermediate factors
 * and keeps, for each target, the one that meets it within its tolerance and the solvent
 * budget in the best band (bestSource).
 */
import { formatConcentration } from '../accuracy';
import { dilutesInSolvent, type InstrumentProfile } from './instruments';
import { preparationSteps } from './intermediates';
import { roundToStep } from './rounding';
import { bandOfVolume } from './transfer-band';

/** What one target asks of a source. */
export interface TargetNeed {
  target_nM: number;
  tol_pct: number;
  /** the final well volume, uL */
  wellVolumeUL: number;
  /** the most of the stock's solvent the well may receive from this transfer, uL */
  solventBudgetUL: number;
  /**
   * what the well's other liquids leave for this transfer, uL (its vehicle, which fills the
   * rest, not counted); absent: the whole well
   */
  roomUL?: number;
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
 * in that solvent (all of it), a pipetted one in the aqueous assay diluent (1 / factor),
 * unless the settings make it in a solvent (dilutesInSolvent: all of it again).
 */
export function solventShareOf(profile: InstrumentProfile, factor: number): number {
  return dilutesInSolvent(profile) || factor <= 1 ? 1 : 1 / factor;
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
    (need.roomUL === undefined || fit.volumeUL <= need.roomUL + SLACK) &&
    Math.abs(fit.err_pct) <= need.tol_pct + SLACK &&
    fit.volumeUL * solventShareOf(profile, fit.factor) <= need.solventBudgetUL + SLACK
  );
}

/** The stock and the instrument's intermediate factors, most concentrated first. */
function candidateFactors(profile: InstrumentProfile): number[] {
  return [1, ...profile.intermediate_factors.filter((f) => f > 1)].toSorted((a, b) => a - b);
}

/**
 * The least volume of an instrument's good band, uL: a pipette's 10 uL (under 2 uL poor,
 * under 10 uL moderate), 10 nL of an acoustic dispenser's; 0 when every volume is good.
 */
export function goodBandFloorUL(profile: InstrumentProfile): number {
  let floor = 0;
  for (const b of profile.bands) {
    if (b.band === 'good') break;
    if (b.below_nL != null) floor = Math.max(floor, b.below_nL / 1000);
  }
  return floor;
}

/**
 * The source of one target among the stock and the instrument's intermediate factors: of
 * those that meet it, the least diluted (the fewest preparations, and for an acoustic
 * dispenser the least solvent: its working stocks are diluted in the stock's solvent, so a
 * more diluted one brings more of it). An instrument that dilutes in the assay diluent (a
 * pipette) first prefers the source that puts the transfer in its good band, then the one
 * made in the fewest steps from the stock, then the least diluted: 10 uM in 100 uL is 10 uL
 * of a 1:100 (good, one step), not 1 uL of a 1:10 (poor, +-10-20 %). A transfer fits in
 * the room the well's other liquids leave, and a poor one comes last: beside 60 uL of other
 * compounds, 5 uM from 1 mM is 5 uL of the 1:10 (moderate), not 50 uL of the 1:100 (past
 * the 40 uL left) nor 0.5 uL of the stock (poor).
 */
export function bestSource(
  need: TargetNeed,
  stockNM: number,
  profile: InstrumentProfile,
): SourceFit | undefined {
  const fits = candidateFactors(profile)
    .map((f) => fitFrom(need, stockNM, f, profile))
    .filter((fit) => fitMeets(fit, need, profile));
  if (solventShareOf(profile, 10) === 1 || fits.length < 2) return fits[0];
  const floor = goodBandFloorUL(profile) - SLACK;
  const bandRank = (fit: SourceFit): number => {
    if (fit.volumeUL >= floor) return 0;
    return bandOfVolume(profile.bands, fit.volumeUL)?.band === 'poor' ? 2 : 1;
  };
  const rank = (fit: SourceFit): [number, number, number] => [
    bandRank(fit),
    preparationSteps(fit.factor),
    fit.factor,
  ];
  return fits.reduce((best, fit) => {
    const [a, b] = [rank(fit), rank(best)];
    return a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] < b[2])))
      ? fit
      : best;
  });
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
  // in the instrument's good band too, while that is at most half the well (10 uL of a
  // pipette's in 100 uL; an acoustic dispenser's 10 nL is fewer droplets than the tolerance's)
  const good = goodBandFloorUL(profile);
  const n = Math.max(
    Math.ceil(50 / need.tol_pct),
    Math.ceil(profile.min_nL / profile.step_nL),
    good <= need.wellVolumeUL / 2 ? Math.ceil(Number((good / step).toFixed(6))) : 0,
  );
  const volume = n * step;
  if (dilutesInSolvent(profile) && volume > need.solventBudgetUL + SLACK) {
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
