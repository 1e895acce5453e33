/**
 * Summary statistics the QC, normalisation and fits share. Standard deviations use n - 1;
 * MAD is scaled by 1.4826 so that it estimates the standard deviation of normal data
 * (cellHTS2, R's mad()).
 */

export const MAD_SCALE = 1.4826;

export function mean(xs: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i];
  return xs.length === 0 ? NaN : s / xs.length;
}

/** Sample standard deviation (n - 1); NaN below two values. */
export function sd(xs: ArrayLike<number>): number {
  const n = xs.length;
  if (n < 2) return NaN;
  const m = mean(xs);
  let s = 0;
  for (let i = 0; i < n; i++) s += (xs[i] - m) ** 2;
  return Math.sqrt(s / (n - 1));
}

export function median(xs: ArrayLike<number>): number {
  const n = xs.length;
  if (n === 0) return NaN;
  const sorted = Float64Array.from(xs);
  sorted.sort();
  const h = n >> 1;
  return n % 2 === 1 ? sorted[h] : (sorted[h - 1] + sorted[h]) / 2;
}

/** Median absolute deviation from the median, scaled by 1.4826. */
export function mad(xs: ArrayLike<number>): number {
  const m = median(xs);
  const dev = new Float64Array(xs.length);
  for (let i = 0; i < xs.length; i++) dev[i] = Math.abs(xs[i] - m);
  return MAD_SCALE * median(dev);
}
