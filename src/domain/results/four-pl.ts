/**
 * The four-parameter log-logistic dose-response model, drc's LL.4:
 *   f(x) = c + (d - c) / (1 + exp(b (ln x - ln e)))
 * c bottom, d top, e the IC50/EC50, b the Hill slope (b > 0 for a falling curve). Fitted by
 * least squares with Levenberg-Marquardt on every point (replicates are points, never
 * averaged), with intervals by the delta method and t on n - 4 degrees of freedom, as drc's
 * summary and ED() give them.
 *
 * Written here, not taken from ml-levenberg-marquardt: that package reproduces drc's
 * estimates but stops only on an absolute sum of squares or its iteration cap, so it cannot
 * say whether a fit converged, it differentiates numerically, and it took 3.5 ms a fit on
 * ryegrass (35 s for 10,000 fits). Here the Jacobian is analytic and the fit stops on a
 * relative change, so a fit that does not converge is reported.
 *
 * The fit runs on (b, c, d, ln e): e stays positive and the steps are even on a log axis.
 * The covariance of e follows by the chain rule (se(e) = e se(ln e)), which is exactly the
 * delta method on drc's own parameterisation.
 */
import { tQuantile } from './t-quantile';

export interface FourPlParams {
  b: number;
  c: number;
  d: number;
  e: number;
}

/** The model at x (x = 0 is the limit: d for b > 0, c for b < 0). */
export function fourPl(p: FourPlParams, x: number): number {
  if (x <= 0) return p.b > 0 ? p.d : p.b < 0 ? p.c : (p.c + p.d) / 2;
  return p.c + (p.d - p.c) / (1 + Math.exp(p.b * (Math.log(x) - Math.log(p.e))));
}

export interface Estimate {
  value: number;
  se: number;
  /** 95 % interval; NaN when the covariance cannot be had */
  lower: number;
  upper: number;
}

export type FourPlFit =
  | {
      ok: true;
      b: Estimate;
      c: Estimate;
      d: Estimate;
      e: Estimate;
      /** residual standard error sqrt(SSE / df) */
      rse: number;
      df: number;
      iterations: number;
      /** the IC50 lies beyond the tested concentrations: above ('>') or below ('<') them */
      censored: '>' | '<' | null;
      /** lowest and highest positive concentration tested */
      range: [number, number];
    }
  | { ok: false; message: string; iterations: number };

const MAX_ITER = 200;
const tCache = new Map<number, number>();
function t975(df: number): number {
  let t = tCache.get(df);
  if (t === undefined) {
    t = tQuantile(0.975, df);
    tCache.set(df, t);
  }
  return t;
}

interface Work {
  lx: Float64Array;
  zero: Uint8Array;
  y: Float64Array;
  n: number;
  jac: Float64Array;
  res: Float64Array;
}

/** Residuals and Jacobian at phi = (b, c, d, ln e); returns the sum of squares. */
function evaluate(w: Work, phi: Float64Array, withJacobian: boolean): number {
  const [b, c, d, le] = phi;
  let sse = 0;
  for (let i = 0; i < w.n; i++) {
    let g: number;
    let dgdu = 0;
    let u = 0;
    if (w.zero[i]) g = b > 0 ? 1 : b < 0 ? 0 : 0.5;
    else {
      u = w.lx[i] - le;
      g = 1 / (1 + Math.exp(b * u));
      dgdu = -g * (1 - g);
    }
    const r = w.y[i] - (c + (d - c) * g);
    w.res[i] = r;
    sse += r * r;
    if (withJacobian) {
      const k = i * 4;
      w.jac[k] = (d - c) * dgdu * u;
      w.jac[k + 1] = 1 - g;
      w.jac[k + 2] = g;
      w.jac[k + 3] = -(d - c) * dgdu * b;
    }
  }
  return sse;
}

/** Solves the 4 x 4 system a x = v in place (Gaussian elimination, partial pivots). */
function solve4(a: Float64Array, v: Float64Array): boolean {
  for (let col = 0; col < 4; col++) {
    let pivot = col;
    for (let r = col + 1; r < 4; r++)
      if (Math.abs(a[r * 4 + col]) > Math.abs(a[pivot * 4 + col])) pivot = r;
    if (!(Math.abs(a[pivot * 4 + col]) > 1e-300)) return false;
    if (pivot !== col) {
      for (let k = 0; k < 4; k++) {
        const t = a[col * 4 + k];
        a[col * 4 + k] = a[pivot * 4 + k];
        a[pivot * 4 + k] = t;
      }
      const t = v[col];
      v[col] = v[pivot];
      v[pivot] = t;
    }
    for (let r = col + 1; r < 4; r++) {
      const f = a[r * 4 + col] / a[col * 4 + col];
      for (let k = col; k < 4; k++) a[r * 4 + k] -= f * a[col * 4 + k];
      v[r] -= f * v[col];
    }
  }
  for (let r = 3; r >= 0; r--) {
    let s = v[r];
    for (let k = r + 1; k < 4; k++) s -= a[r * 4 + k] * v[k];
    v[r] = s / a[r * 4 + r];
  }
  return v.every(Number.isFinite);
}

/** The inverse of a 4 x 4 symmetric matrix, or null when singular. */
function invert4(m: Float64Array): Float64Array | null {
  const out = new Float64Array(16);
  for (let j = 0; j < 4; j++) {
    const a = Float64Array.from(m);
    const v = new Float64Array(4);
    v[j] = 1;
    if (!solve4(a, v)) return null;
    for (let i = 0; i < 4; i++) out[i * 4 + j] = v[i];
  }
  return out;
}

function normalMatrix(w: Work, a: Float64Array, g: Float64Array): void {
  a.fill(0);
  g.fill(0);
  for (let i = 0; i < w.n; i++) {
    const k = i * 4;
    for (let p = 0; p < 4; p++) {
      const jp = w.jac[k + p];
      g[p] += jp * w.res[i];
      for (let q = p; q < 4; q++) a[p * 4 + q] += jp * w.jac[k + q];
    }
  }
  for (let p = 0; p < 4; p++) for (let q = 0; q < p; q++) a[p * 4 + q] = a[q * 4 + p];
}

/**
 * Starting values as drc's self-starter finds them: the plateaus just outside the lowest and
 * highest response, then b and e from a straight line through the logit of the response
 * against ln x.
 */
function start(w: Work): Float64Array {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of w.y) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const margin = (hi - lo) * 0.001 || 1e-6;
  const c = lo - margin;
  const d = hi + margin;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  let m = 0;
  let lmin = Infinity;
  let lmax = -Infinity;
  for (let i = 0; i < w.n; i++) {
    if (w.zero[i]) continue;
    const z = Math.log((d - w.y[i]) / (w.y[i] - c));
    const x = w.lx[i];
    sx += x;
    sy += z;
    sxx += x * x;
    sxy += x * z;
    m++;
    lmin = Math.min(lmin, x);
    lmax = Math.max(lmax, x);
  }
  const slope = (m * sxy - sx * sy) / (m * sxx - sx * sx);
  const intercept = (sy - slope * sx) / m;
  let b = slope;
  let le = -intercept / slope;
  if (!Number.isFinite(b) || Math.abs(b) < 1e-3) b = 1;
  if (!Number.isFinite(le) || le < lmin - 2 || le > lmax + 2) le = (lmin + lmax) / 2;
  return Float64Array.of(b, c, d, le);
}

/**
 * Fits the 4PL to concentrations x (any one unit; 0 allowed, read as the limit) and
 * responses y. Needs at least two distinct positive concentrations and five points.
 */
export function fitFourPl(x: ArrayLike<number>, y: ArrayLike<number>): FourPlFit {
  const n = x.length;
  const lx = new Float64Array(n);
  const zero = new Uint8Array(n);
  const positive = new Set<number>();
  let xmin = Infinity;
  let xmax = -Infinity;
  for (let i = 0; i < n; i++) {
    if (!(x[i] >= 0) || !Number.isFinite(y[i]))
      return { ok: false, message: 'A point has no concentration or no value', iterations: 0 };
    if (x[i] === 0) zero[i] = 1;
    else {
      lx[i] = Math.log(x[i]);
      positive.add(x[i]);
      xmin = Math.min(xmin, x[i]);
      xmax = Math.max(xmax, x[i]);
    }
  }
  if (n < 5) return { ok: false, message: `${n} points: a 4PL fit needs 5 or more`, iterations: 0 };
  if (positive.size < 2)
    return { ok: false, message: 'Fewer than two concentrations: no curve to fit', iterations: 0 };
  const w: Work = {
    lx,
    zero,
    y: Float64Array.from(y),
    n,
    jac: new Float64Array(n * 4),
    res: new Float64Array(n),
  };
  let phi = start(w);
  let sse = evaluate(w, phi, true);
  const a = new Float64Array(16);
  const g = new Float64Array(4);
  const step = new Float64Array(4);
  const trial = new Float64Array(4);
  const damped = new Float64Array(16);
  let lambda = 1e-3;
  let converged = false;
  let iter = 0;
  while (iter < MAX_ITER && !converged) {
    iter++;
    normalMatrix(w, a, g);
    let accepted = false;
    while (!accepted) {
      damped.set(a);
      for (let p = 0; p < 4; p++) damped[p * 5] += lambda * (a[p * 5] || 1e-12);
      step.set(g);
      if (solve4(damped, step)) {
        for (let p = 0; p < 4; p++) trial[p] = phi[p] + step[p];
        const next = evaluate(w, trial, false);
        if (Number.isFinite(next) && next <= sse) {
          const gain = sse - next;
          let rel = 0;
          for (let p = 0; p < 4; p++)
            rel = Math.max(rel, Math.abs(step[p]) / (Math.abs(phi[p]) + 1e-8));
          phi = Float64Array.from(trial);
          sse = evaluate(w, phi, true);
          lambda = Math.max(lambda / 10, 1e-12);
          accepted = true;
          if (gain <= 1e-12 * (next + 1e-300) || rel < 1e-10) converged = true;
          continue;
        }
      }
      lambda *= 10;
      // No step lowers the sum of squares any more: a minimum to the double's precision.
      if (lambda > 1e12) {
        converged = true;
        break;
      }
    }
  }
  const df = n - 4;
  const [b, c, d, le] = phi;
  if (!converged || !phi.every(Number.isFinite)) {
    return {
      ok: false,
      message: `The fit did not converge in ${MAX_ITER} steps`,
      iterations: iter,
    };
  }
  // An IC50 more than 1000-fold beyond the tested range is no estimate: the curve is flat.
  if (le < Math.log(xmin) - Math.log(1000) || le > Math.log(xmax) + Math.log(1000))
    return {
      ok: false,
      message: 'No curve: the response does not change over the tested concentrations',
      iterations: iter,
    };
  const rse = df > 0 ? Math.sqrt(sse / df) : NaN;
  normalMatrix(w, a, g);
  const inv = invert4(a);
  // With no change in response the slope and the midpoint are not determined: the normal
  // matrix is singular (or nearly), and an IC50 from it would be noise.
  const spread = Math.abs(d - c);
  if (
    !inv ||
    !(spread > 1e-9 * (Math.abs(c) + Math.abs(d))) ||
    ![0, 5, 10, 15].every((k) => inv[k] > 0 && Number.isFinite(inv[k]))
  )
    return {
      ok: false,
      message: 'No curve: the response does not change over the tested concentrations',
      iterations: iter,
    };
  const t = df > 0 ? t975(df) : NaN;
  const estimate = (value: number, se: number): Estimate => ({
    value,
    se,
    lower: value - t * se,
    upper: value + t * se,
  });
  const se = (p: number) => Math.sqrt(inv[p * 5]) * rse;
  const e = Math.exp(le);
  return {
    ok: true,
    b: estimate(b, se(0)),
    c: estimate(c, se(1)),
    d: estimate(d, se(2)),
    e: estimate(e, e * se(3)),
    rse,
    df,
    iterations: iter,
    censored: e > xmax ? '>' : e < xmin ? '<' : null,
    range: [xmin, xmax],
  };
}
