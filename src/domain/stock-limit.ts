import {
  COMPOUND_STOCK_LIMIT_M,
  stockLimitM,
  type StockLimitFacts,
} from './chemistry/stock-limits';
import { toNanomolarAny, type AnyConcentrationUnit } from './chemistry/concentration-units';
import { isMolarUnit, toMolar, type ConcentrationUnit } from './units';

/** Highest stock molarity of a compound (spec section 9); salts and buffers go further. */
export const MAX_STOCK_MOLARITY_M = COMPOUND_STOCK_LIMIT_M;

// Tolerates float noise of a conversion (e.g. 0.1 * 1e10 / 1e9) without letting 1.0001 M pass.
const EPSILON = 1e-12;

/** The spec's message for a stock above the limit; `enteredM` is shown without float noise. */
export function stockLimitMessage(enteredM: number, limitM = MAX_STOCK_MOLARITY_M): string {
  const shown = String(Number(enteredM.toPrecision(6)));
  const limit = Number.isInteger(limitM) ? limitM.toFixed(1) : String(limitM);
  return `Stock molarity cannot exceed ${limit} M (entered ${shown} M). Please use a smaller concentration or different unit.`;
}

/**
 * The stock-limit error for a value in `unit`, or undefined when it is acceptable. `%` is
 * never converted (no limit); a mass stock (ug/mL...) is judged by its molarity through the
 * molecular weight in `facts`, and has no molar limit without one; a missing or non-finite
 * value is not this rule's concern. Without `facts` the compound's 1.0 M limit applies; with
 * them, the limit of the type (salts and buffers up to their solubility:
 * chemistry/stock-limits.ts).
 */
export function stockLimitError(
  value: number | null | undefined,
  unit: ConcentrationUnit | AnyConcentrationUnit | null | undefined,
  facts?: StockLimitFacts & { molecularWeight?: number | null },
): string | undefined {
  if (value == null || !Number.isFinite(value) || !unit || unit === '%') return undefined;
  const molar = isMolarUnit(unit)
    ? toMolar(value, unit)
    : toNanomolarAny(value, unit, facts?.molecularWeight) / 1e9;
  if (!Number.isFinite(molar)) return undefined;
  const limit = facts ? stockLimitM(facts) : MAX_STOCK_MOLARITY_M;
  return molar > limit + EPSILON ? stockLimitMessage(molar, limit) : undefined;
}
