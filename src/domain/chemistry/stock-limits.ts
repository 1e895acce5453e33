/**
 * Stock limits by reagent type (DISPENSING.md "Stock limits"): the 1.0 M rule is for
 * compounds; salts and buffers go to their solubility (NaCl 5 M, Tris 2 M are ordinary
 * stocks). A salt is a compound whose catalog entry names its ions, or one its user declares
 * a salt (`salt: true`) without naming them.
 */
import { toDisplayType } from '../reagent-types';

/** Highest molarity of a compound's stock, M (spec section 9). */
export const COMPOUND_STOCK_LIMIT_M = 1.0;

/** What the limit of a stock depends on. */
export interface StockLimitFacts {
  type: string | null | undefined;
  /** the reagent names its ions (a salt) */
  hasIons?: boolean;
  /** the reagent is declared a salt without naming its ions (a custom salt) */
  salt?: boolean;
  /** its solubility in water, M, when known */
  solubilityM?: number | null;
}

/**
 * The highest stock molarity accepted for a reagent, M: 1.0 for compounds (and any type
 * not listed), the solubility for salts and buffers (no limit when it is not known),
 * no limit for solvents, media and biologicals, whose stocks are not molar stocks of a
 * solid.
 */
export function stockLimitM(facts: StockLimitFacts): number {
  const t = toDisplayType(facts.type);
  const solubility =
    facts.solubilityM != null && facts.solubilityM > 0 ? facts.solubilityM : Infinity;
  if (t === 'buffer') return solubility;
  const salt = facts.hasIons === true || facts.salt === true;
  if (t === 'compound' || t === 'other') return salt ? solubility : COMPOUND_STOCK_LIMIT_M;
  return Infinity;
}
