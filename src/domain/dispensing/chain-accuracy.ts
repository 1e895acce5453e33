/**
 * The accuracy of each dispensed point along its chain of dilutions (DISPENSING.md
 * "Accuracy along a chain"): a point fed from a 1:10000 source carries the errors of every
 * volume pipetted to make that source, from the stock on, and of its own transfer. Errors of
 * independent pipettings add in quadrature: e = sqrt(sum e_i^2), each e_i the error of its
 * band (AccuracyBandSpec.error_pct: poor 10 %, moderate 5 %, a pipette's good 1 %).
 */
import type { AccuracyBandSpec } from './instruments';
import { PIPETTE_BANDS } from './instruments';
import type { Intermediate, PointAccuracy } from './plan-types';
import { bandOfVolume } from './transfer-band';

/** The summed error of a source and how many pipetted volumes it took from the stock. */
export interface ChainError {
  /** sqrt of the sum of squared step errors, % */
  pct: number;
  /** pipetted volumes from the stock (each preparation pipettes its source and diluent) */
  steps: number;
  /** of those, how many were in the poor band */
  poorSteps: number;
}

/** Each reagent's prepared sources: factor -> its chain error. */
export type ChainErrors = Map<string, Map<number, ChainError>>;

const STOCK: ChainError = { pct: 0, steps: 0, poorSteps: 0 };
/** Factors within this ratio are the same source (float quotients of concentrations). */
const SAME = 1e-9;

function stepOf(bands: readonly AccuracyBandSpec[], volumeUL: number) {
  const band = bandOfVolume(bands, volumeUL);
  return { pct: band?.error_pct ?? 0, poor: band?.band === 'poor' ? 1 : 0 };
}

/**
 * Each intermediate's chain error, by reagent and factor: its source's (the stock's is 0)
 * and its own in quadrature. Its own is the error of its factor f = (A + B) / A from its
 * two pipetted volumes, source A and diluent B: B / (A + B) * sqrt(eA^2 + eB^2) (0.5 uL of
 * source, poor 10 %, and 4.5 uL of diluent, moderate 5 %: 10.06 %). Intermediates
 * in any order; each is made from the stock or a less diluted one of the same reagent.
 */
export function preparationErrors(intermediates: readonly Intermediate[]): ChainErrors {
  const out = new Map<string, Map<number, ChainError>>();
  const sorted = intermediates.toSorted((a, b) => a.factor - b.factor);
  for (const i of sorted) {
    const map = out.get(i.reagent) ?? new Map<number, ChainError>();
    out.set(i.reagent, map);
    const fromFactor = (i.factor * i.concentration) / i.from_concentration;
    const from = chainOf(map, fromFactor);
    const a = stepOf(PIPETTE_BANDS, i.from_uL);
    const b = stepOf(PIPETTE_BANDS, i.diluent_uL);
    // f = (A + B) / A: df / f = B / (A + B) * sqrt(eA^2 + eB^2)
    const own = (i.diluent_uL / i.total_uL) * Math.hypot(a.pct, b.pct);
    map.set(i.factor, {
      pct: Math.hypot(from.pct, own),
      steps: from.steps + 2,
      poorSteps: from.poorSteps + a.poor + b.poor,
    });
  }
  return out;
}

/** The chain error of a source of `factor` (1, or one not prepared: the stock's, 0). */
export function chainOf(map: ReadonlyMap<number, ChainError> | undefined, factor: number) {
  if (!map || factor <= 1) return STOCK;
  for (const [f, e] of map) if (Math.abs(f / factor - 1) <= SAME) return e;
  return STOCK;
}

/** A summed error's band: the worst of the pipette's bands whose error it reaches. */
function bandOfError(pct: number): PointAccuracy['band'] {
  const poor = PIPETTE_BANDS.find((b) => b.band === 'poor')!.error_pct;
  const moderate = PIPETTE_BANDS.find((b) => b.band === 'moderate')!.error_pct;
  if (pct >= poor - SAME) return 'poor';
  if (pct >= moderate - SAME) return 'moderate';
  return 'good';
}

/**
 * One point's accuracy: its source's chain and its own transfer (by the instrument's bands)
 * in quadrature, against its tolerance, %.
 */
export function pointAccuracy(
  chain: ChainError,
  transferBands: readonly AccuracyBandSpec[],
  transferUL: number,
  tolerancePct: number,
): Pick<PointAccuracy, 'steps' | 'error_pct' | 'band' | 'status'> {
  const own = stepOf(transferBands, transferUL).pct;
  const pct = Math.hypot(chain.pct, own);
  return {
    steps: chain.steps + 1,
    error_pct: Number(pct.toFixed(2)),
    band: bandOfError(pct),
    status: pct > tolerancePct + SAME ? 'warning' : 'good',
  };
}
