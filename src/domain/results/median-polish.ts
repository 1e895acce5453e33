/**
 * Tukey's median polish of a plate (rows x columns, NaN for a well without a value) as R's
 * medpolish does it: remove row medians, then column medians, moving the medians of the
 * effects into the overall; stop when sum|residual| falls by less than 1 % or after 10
 * rounds. The B-score (Brideau et al. 2003) is residual / MAD(residuals); when that MAD is 0
 * the score is undefined, so it is refused with the reason, never divided.
 */
import { mad, medianInPlace } from './stats';

export interface MedianPolish {
  overall: number;
  row: Float64Array;
  col: Float64Array;
  /** residuals, row-major, NaN where the plate had no value */
  residuals: Float64Array;
  iterations: number;
  converged: boolean;
}

/** The median of the values that are not NaN, gathered into `scratch`; 0 when there are none. */
function medianOfPresent(xs: Float64Array, scratch: Float64Array): number {
  let n = 0;
  for (let i = 0; i < xs.length; i++) if (!Number.isNaN(xs[i])) scratch[n++] = xs[i];
  return n === 0 ? 0 : medianInPlace(scratch, n);
}

export function medianPolish(
  values: ArrayLike<number>,
  rows: number,
  cols: number,
  options: { eps?: number; maxIter?: number } = {},
): MedianPolish {
  const eps = options.eps ?? 0.01;
  const maxIter = options.maxIter ?? 10;
  const z = Float64Array.from(values);
  const row = new Float64Array(rows);
  const col = new Float64Array(cols);
  let overall = 0;
  let oldSum = 0;
  let converged = false;
  let iter = 0;
  const line = new Float64Array(Math.max(rows, cols));
  const scratch = new Float64Array(Math.max(rows, cols));
  while (iter < maxIter) {
    iter++;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) line[c] = z[r * cols + c];
      const m = medianOfPresent(line.subarray(0, cols), scratch);
      for (let c = 0; c < cols; c++) z[r * cols + c] -= m;
      row[r] += m;
    }
    let delta = medianOfPresent(col, scratch);
    for (let c = 0; c < cols; c++) col[c] -= delta;
    overall += delta;
    for (let c = 0; c < cols; c++) {
      for (let r = 0; r < rows; r++) line[r] = z[r * cols + c];
      const m = medianOfPresent(line.subarray(0, rows), scratch);
      for (let r = 0; r < rows; r++) z[r * cols + c] -= m;
      col[c] += m;
    }
    delta = medianOfPresent(row, scratch);
    for (let r = 0; r < rows; r++) row[r] -= delta;
    overall += delta;
    let sum = 0;
    for (const e of z) if (!Number.isNaN(e)) sum += Math.abs(e);
    converged = sum === 0 || Math.abs(sum - oldSum) < eps * sum;
    if (converged) break;
    oldSum = sum;
  }
  return { overall, row, col, residuals: z, iterations: iter, converged };
}

export type BScore =
  | { ok: true; scores: Float64Array; mad: number; polish: MedianPolish }
  | { ok: false; message: string; polish: MedianPolish };

/** B-scores of a plate; refused when the residuals' MAD is 0. */
export function bScores(values: ArrayLike<number>, rows: number, cols: number): BScore {
  const polish = medianPolish(values, rows, cols);
  const present = polish.residuals.filter((e) => !Number.isNaN(e));
  const spread = mad(present);
  if (!(spread > 0)) {
    return {
      ok: false,
      message:
        'No B-score: most residuals of the median polish are 0 (their MAD is 0), so a score would divide by 0',
      polish,
    };
  }
  return { ok: true, scores: polish.residuals.map((e) => e / spread), mad: spread, polish };
}
