/**
 * The Z' a layout can expect before any data: from the number of positive and negative
 * control wells and an assay window (each control's mean and CV, given or from a past run).
 * The point value is Z' of the true means and spreads; its 95 % interval is how far the Z'
 * measured on one plate will wander with that many wells, by the delta method: a sample sd of
 * n wells has variance sigma^2 / (2 (n - 1)) and a mean sigma^2 / n, so
 *   Var(Z') ~ 9 [ (Var s_p + Var s_n) / D^2 + S^2 (Var m_p + Var m_n) / D^4 ],
 * S = sigma_p + sigma_n, D = |mu_p - mu_n|. Few controls give a wide interval.
 */

export interface AssayWindow {
  mean_pos: number;
  cv_pos_pct: number;
  mean_neg: number;
  cv_neg_pct: number;
}

export type ExpectedZPrime =
  { ok: true; z_prime: number; lower: number; upper: number } | { ok: false; message: string };

export function expectedZPrime(nPos: number, nNeg: number, w: AssayWindow): ExpectedZPrime {
  if (nPos < 2 || nNeg < 2)
    return { ok: false, message: "Place at least two wells of each control for a Z'" };
  const sp = (Math.abs(w.mean_pos) * w.cv_pos_pct) / 100;
  const sn = (Math.abs(w.mean_neg) * w.cv_neg_pct) / 100;
  const gap = Math.abs(w.mean_pos - w.mean_neg);
  if (!(gap > 0)) return { ok: false, message: 'The controls have the same mean: no assay window' };
  const spread = sp + sn;
  const z = 1 - (3 * spread) / gap;
  const varSpread = sp ** 2 / (2 * (nPos - 1)) + sn ** 2 / (2 * (nNeg - 1));
  const varGap = sp ** 2 / nPos + sn ** 2 / nNeg;
  const half = 1.959964 * 3 * Math.sqrt(varSpread / gap ** 2 + (spread ** 2 * varGap) / gap ** 4);
  return { ok: true, z_prime: z, lower: z - half, upper: z + half };
}
