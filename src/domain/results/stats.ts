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

/** The k-th smallest of a[0..n) (0-based), reordering a; Hoare's quickselect. */
function select(a: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k];
  }
  return a[k];
}

/**
 * The median of a[0..n), reordering a (no copy: the polish and the plates' QC take
 * thousands of medians, and a sort each was most of their time).
 */
export function medianInPlace(a: Float64Array, n: number): number {
  if (n === 0) return NaN;
  const h = n >> 1;
  const upper = select(a, n, h);
  if (n % 2 === 1) return upper;
  let lower = -Infinity;
  for (let i = 0; i < h; i++) if (a[i] > lower) lower = a[i];
  return (lower + upper) / 2;
}

export function median(xs: ArrayLike<number>): number {
  return medianInPlace(Float64Array.from(xs), xs.length);
}

/** Median absolute deviation from the median, scaled by 1.4826. */
export function mad(xs: ArrayLike<number>): number {
  const dev = Float64Array.from(xs);
  const m = medianInPlace(dev, dev.length);
  for (let i = 0; i < xs.length; i++) dev[i] = Math.abs(xs[i] - m);
  return MAD_SCALE * medianInPlace(dev, dev.length);
}
