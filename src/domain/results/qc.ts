/**
 * Plate QC from the control wells (SCREENING.md "QC and normalisation"; p positive, n
 * negative): Z' (Zhang, Chung, Oldenburg 1999) and its robust form (medians and MAD, the
 * cellHTS2 default), signal-to-background, the CV of each control and SSMD for independent
 * groups (Zhang 2007). A kind with fewer than two wells has no spread, so no Z': the answer
 * says why instead of a number.
 */
import { mad, mean, median, sd } from './stats';

export interface ControlSummary {
  n: number;
  mean: number;
  sd: number;
  median: number;
  mad: number;
  /** 100 sd / mean */
  cv_pct: number;
}

export function summarise(values: ArrayLike<number>): ControlSummary {
  const m = mean(values);
  const s = sd(values);
  return {
    n: values.length,
    mean: m,
    sd: s,
    median: median(values),
    mad: mad(values),
    cv_pct: (100 * s) / m,
  };
}

/** Z' = 1 - 3 (sd_p + sd_n) / |mean_p - mean_n|. */
export function zPrime(p: ControlSummary, n: ControlSummary): number {
  return 1 - (3 * (p.sd + n.sd)) / Math.abs(p.mean - n.mean);
}

/** Robust Z' = 1 - 3 (MAD_p + MAD_n) / |median_p - median_n|. */
export function robustZPrime(p: ControlSummary, n: ControlSummary): number {
  return 1 - (3 * (p.mad + n.mad)) / Math.abs(p.median - n.median);
}

/** S/B = mean_p / mean_n. */
export function signalToBackground(p: ControlSummary, n: ControlSummary): number {
  return p.mean / n.mean;
}

/** SSMD = (mean_p - mean_n) / sqrt(sd_p^2 + sd_n^2), for independent groups. */
export function ssmd(p: ControlSummary, n: ControlSummary): number {
  return (p.mean - n.mean) / Math.sqrt(p.sd ** 2 + n.sd ** 2);
}

export interface QcThresholds {
  /** a plate passes with Z' at or above this (default 0.5) */
  z_prime_min: number;
}

export const DEFAULT_QC_THRESHOLDS: QcThresholds = { z_prime_min: 0.5 };

export interface PlateQc {
  pos: ControlSummary | null;
  neg: ControlSummary | null;
  z_prime: number | null;
  robust_z_prime: number | null;
  s_b: number | null;
  ssmd: number | null;
  /** true: passes; false: fails; null: cannot be said (why in `notes`) */
  pass: boolean | null;
  notes: string[];
}

const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);

/** The QC of one plate from the values of its positive and negative control wells. */
export function plateQc(
  pos: ArrayLike<number>,
  neg: ArrayLike<number>,
  thresholds: QcThresholds = DEFAULT_QC_THRESHOLDS,
): PlateQc {
  const notes: string[] = [];
  const p = pos.length > 0 ? summarise(pos) : null;
  const n = neg.length > 0 ? summarise(neg) : null;
  if (!p) notes.push('No positive control wells (tag POS) hold a value');
  if (!n) notes.push('No negative control wells (tag NEG) hold a value');
  if (p && p.n === 1) notes.push("One positive control well: no per-plate Z'");
  if (n && n.n === 1) notes.push("One negative control well: no per-plate Z'");
  const both = p && n && p.n > 1 && n.n > 1;
  const z = both ? finite(zPrime(p, n)) : null;
  const rz = both ? finite(robustZPrime(p, n)) : null;
  if (both && z === null) notes.push("The controls' means are equal: no Z'");
  const pass = z === null ? null : z >= thresholds.z_prime_min;
  if (pass === false)
    notes.push(`Z' ${z!.toFixed(2)} is below ${thresholds.z_prime_min}: the plate fails QC`);
  return {
    pos: p,
    neg: n,
    z_prime: z,
    robust_z_prime: rz,
    s_b: p && n ? finite(signalToBackground(p, n)) : null,
    ssmd: both ? finite(ssmd(p, n)) : null,
    pass,
    notes,
  };
}
