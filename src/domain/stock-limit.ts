import { toMolar, type ConcentrationUnit } from './units';

/** Highest stock molarity accepted (spec section 9). */
export const MAX_STOCK_MOLARITY_M = 1.0;

// Tolerates float noise of a conversion (e.g. 0.1 * 1e10 / 1e9) without letting 1.0001 M pass.
const EPSILON = 1e-12;

/** The spec's message for a stock above the limit; `enteredM` is shown without float noise. */
export function stockLimitMessage(enteredM: number): string {
  const shown = String(Number(enteredM.toPrecision(6)));
  return `Stock molarity cannot exceed 1.0 M (entered ${shown} M). Please use a smaller concentration or different unit.`;
}

/**
 * The stock-limit error for a value in `unit`, or undefined when it is acceptable. `%` is
 * never converted (no limit); a missing or non-finite value is not this rule's concern.
 */
export function stockLimitError(
  value: number | null | undefined,
  unit: ConcentrationUnit | null | undefined,
): string | undefined {
  if (value == null || !Number.isFinite(value) || !unit || unit === '%') return undefined;
  const molar = toMolar(value, unit);
  return molar > MAX_STOCK_MOLARITY_M + EPSILON ? stockLimitMessage(molar) : undefined;
}
