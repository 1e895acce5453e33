/**
 * Per-well normalisations (SCREENING.md; cellHTS2's names). Means are the plate's control
 * means; the robust z is taken against the plate's sample wells. SCREENING.md's percent of
 * control (x / mean_p x 100) is not among them: no answer or screen carries it.
 */
import { mad, median } from './stats';

/** Percent activity (percent inhibition) = (x - mean_n) / (mean_p - mean_n) x 100. */
export function percentActivity(x: number, meanPos: number, meanNeg: number): number {
  return ((x - meanNeg) / (meanPos - meanNeg)) * 100;
}

/** Normalised percent inhibition NPI = (mean_p - x) / (mean_p - mean_n) x 100. */
export function npi(x: number, meanPos: number, meanNeg: number): number {
  return ((meanPos - x) / (meanPos - meanNeg)) * 100;
}

/** Robust z = (x - median(samples)) / MAD(samples); null when the MAD is 0. */
export function robustZScores(
  values: ArrayLike<number>,
  samples: ArrayLike<number>,
): Float64Array | null {
  const m = median(samples);
  const s = mad(samples);
  if (!(s > 0)) return null;
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = (values[i] - m) / s;
  return out;
}
