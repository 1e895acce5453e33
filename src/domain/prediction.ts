/**
 * Predicted concentration of a reagent in a well and its status against the target
 * (DOMAIN.md "Predicted concentration and its error", spec section 9). Scalar functions on
 * numbers, NaN meaning "none", so the per-well kernel calls them without allocating.
 */

/** Default target tolerance in percent (spec section 9). */
export const DEFAULT_TOLERANCE_PCT = 5;

/** Status codes, ordered so that a larger code is a worse status for a well. */
export const STATUS = { EMPTY: 0, UNKNOWN: 1, GOOD: 2, WARNING: 3, ERROR: 4 } as const;
export type StatusCode = (typeof STATUS)[keyof typeof STATUS];

/** Status names as they appear in the API and exports, indexed by code. */
export const STATUS_NAMES = ['none', 'unknown', 'good', 'warning', 'error'] as const;
export type TargetStatus = (typeof STATUS_NAMES)[number];

// Percent errors computed from floats land a hair beside the boundary (5.000000000000001).
const BOUNDARY_SLACK = 1e-9;

/**
 * predicted_nM = S * v / V, with S the stock in nM, v the added volume and V the well volume
 * (both uL). NaN when the stock is unknown (null, NaN, a % stock) or the well is empty.
 */
export function predictNM(stockNM: number | null, volumeUL: number, wellVolumeUL: number): number {
  if (stockNM == null || !Number.isFinite(stockNM) || !(wellVolumeUL > 0)) return Number.NaN;
  return (stockNM * volumeUL) / wellVolumeUL;
}

/** err_pct = (predicted - target) / target * 100; NaN when either is missing or target is 0. */
export function errorPct(predictedNM: number, targetNM: number | null): number {
  if (targetNM == null || !(targetNM > 0) || Number.isNaN(predictedNM)) return Number.NaN;
  return ((predictedNM - targetNM) / targetNM) * 100;
}

/** The tolerance to use: the given one when it is a positive number, else 5 %. */
export function effectiveTolerance(tolPct: number | null | undefined): number {
  return tolPct != null && tolPct > 0 ? tolPct : DEFAULT_TOLERANCE_PCT;
}

/** |err| <= t is good, <= 2t is a warning, above is an error. */
export function statusOfError(errPct: number, tolPct?: number | null): StatusCode {
  const t = effectiveTolerance(tolPct);
  const e = Math.abs(errPct);
  if (e <= t + BOUNDARY_SLACK) return STATUS.GOOD;
  if (e <= 2 * t + BOUNDARY_SLACK) return STATUS.WARNING;
  return STATUS.ERROR;
}

/**
 * Status of one target in a well: EMPTY (none) when there is no target or the well volume
 * is 0, UNKNOWN when there is no prediction (no molar stock), otherwise from the error.
 * A target of 0 nM (a blank) is good only when nothing of the reagent is predicted.
 */
export function targetStatus(
  predictedNM: number,
  targetNM: number | null,
  tolPct: number | null | undefined,
  wellVolumeUL: number,
): StatusCode {
  if (targetNM == null || !(targetNM >= 0) || !(wellVolumeUL > 0)) return STATUS.EMPTY;
  if (Number.isNaN(predictedNM)) return STATUS.UNKNOWN;
  if (targetNM === 0) return predictedNM === 0 ? STATUS.GOOD : STATUS.ERROR;
  return statusOfError(errorPct(predictedNM, targetNM), tolPct);
}

/**
 * A target's status as the plan has it: a well that breaks a constraint (over its solvent
 * limit, a volume no instrument dispenses, over-filled) is not dispensed, so none of its
 * targets is met, however near its own prediction is.
 */
export function plannedTargetStatus(code: StatusCode, wellBroken: boolean): StatusCode {
  return wellBroken && code > STATUS.UNKNOWN ? STATUS.ERROR : code;
}

/**
 * Whether the plan dispenses a well of this status: a target outside its tolerance (a
 * warning or an error) or a broken constraint leaves it unmet, and unmet wells are not
 * dispensed.
 */
export function isUnmetStatus(code: number): boolean {
  return code >= STATUS.WARNING;
}

/** isUnmetStatus of a status by its name, as the wire carries it. */
export function isUnmetStatusName(name: TargetStatus | undefined): boolean {
  return name === 'warning' || name === 'error';
}

/** Name of a status code ("none", "unknown", "good", "warning", "error"). */
export function statusName(code: number): TargetStatus {
  return STATUS_NAMES[code] ?? 'none';
}
