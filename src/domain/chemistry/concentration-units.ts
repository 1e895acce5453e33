import { LIMITS } from '../limits';

/**
 * Every concentration unit a well editor or a stock takes (DISPENSING.md "Mass units"):
 * molar (pM to M), mass per volume (ng/mL to mg/mL, converted to molar only through the
 * reagent's molecular weight), % v/v, % w/v and cells/mL. Inside the code molar values are
 * nM; a value that cannot be made molar stays in its own unit.
 */

/** Units of concentration, in the spelling of the API. */
export const ANY_CONCENTRATION_UNITS = [
  'pM',
  'nM',
  'uM',
  'mM',
  'M',
  'ng/mL',
  'ug/mL',
  'mg/mL',
  '%',
  '% w/v',
  'cells/mL',
] as const;
export type AnyConcentrationUnit = (typeof ANY_CONCENTRATION_UNITS)[number];

// Divisors rather than fractional factors keep exact decimal results (1e9 / 1e9 is 1).
const NM_PER: Partial<Record<AnyConcentrationUnit, number>> = {
  nM: 1,
  uM: 1e3,
  mM: 1e6,
  M: 1e9,
};
/** ng/mL per unit (1 mg/mL = 1e6 ng/mL; 1 % w/v = 1 g / 100 mL = 1e7 ng/mL). */
const NG_PER_ML: Partial<Record<AnyConcentrationUnit, number>> = {
  'ng/mL': 1,
  'ug/mL': 1e3,
  'mg/mL': 1e6,
  '% w/v': 1e7,
};

/**
 * A concentration in nM, or NaN when it cannot be molar: % v/v, cells/mL, or a mass unit
 * without a molecular weight. c (nM) = 1000 * c (ng/mL) / MW (g/mol): 50 ng/mL of a
 * 50 kDa protein is 1 nM.
 */
export function toNanomolarAny(
  value: number,
  unit: AnyConcentrationUnit,
  molecularWeight?: number | null,
): number {
  if (unit === 'pM') return value / 1000;
  const molar = NM_PER[unit];
  if (molar !== undefined) return value * molar;
  const mass = NG_PER_ML[unit];
  if (mass === undefined || molecularWeight == null || !(molecularWeight > 0)) return Number.NaN;
  return (1000 * value * mass) / molecularWeight;
}

/** nM expressed in `unit` (the inverse of toNanomolarAny); NaN where that one is NaN. */
export function fromNanomolarAny(
  nM: number,
  unit: AnyConcentrationUnit,
  molecularWeight?: number | null,
): number {
  if (unit === 'pM') return nM * 1000;
  const molar = NM_PER[unit];
  if (molar !== undefined) return unit === 'nM' ? nM : nM / molar;
  const mass = NG_PER_ML[unit];
  if (mass === undefined || molecularWeight == null || !(molecularWeight > 0)) return Number.NaN;
  return (nM * molecularWeight) / 1000 / mass;
}

function normalise(text: string): string {
  return text
    .trim()
    .replace(/[\u00b5\u03bc]/g, 'u')
    .replace(/\s+/g, ' ');
}

const MOLAR_WORDS: Record<string, AnyConcentrationUnit> = {
  picomolar: 'pM',
  nanomolar: 'nM',
  micromolar: 'uM',
  millimolar: 'mM',
  molar: 'M',
};

/**
 * Parses a unit as people write it: "pM", "µM", "mg/mL", "µg/ml", "ng/mL", "% (v/v)",
 * "% w/v", "cells/mL", "nanomolar". The prefix's case matters for M (mM is not M);
 * undefined otherwise.
 */
export function parseAnyConcentrationUnit(text: string): AnyConcentrationUnit | undefined {
  const s = normalise(text);
  const compact = s.replace(/\s+/g, '');
  const word = MOLAR_WORDS[compact.toLowerCase()];
  if (word) return word;
  if (/^%\(?w\/v\)?$/i.test(compact)) return '% w/v';
  if (/^%(\(?v\/v\)?)?$/i.test(compact)) return '%';
  if (/^cells\/ml$/i.test(compact)) return 'cells/mL';
  const mass = /^([num])g\/ml$/i.exec(compact);
  if (mass) return `${mass[1].toLowerCase()}g/mL` as AnyConcentrationUnit;
  // per uL is a thousand times per mL: 1 ng/uL is 1 ug/mL, 1 ug/uL is 1 mg/mL
  const perUL = /^([nu])g\/ul$/i.exec(compact);
  if (perUL) return perUL[1].toLowerCase() === 'n' ? 'ug/mL' : 'mg/mL';
  if (compact === 'M' || /^mol\/l$/i.test(compact)) return 'M';
  if (compact === 'mM' || /^mmol\/l$/i.test(compact)) return 'mM';
  if (/^um$/i.test(compact) || /^umol\/l$/i.test(compact)) return 'uM';
  if (/^nm$/i.test(compact) || /^nmol\/l$/i.test(compact)) return 'nM';
  if (/^pm$/i.test(compact) || /^pmol\/l$/i.test(compact)) return 'pM';
  return undefined;
}

/** Parses "50 ng/mL", "10 µM", "0.5 % w/v" into value and unit; undefined when malformed. */
export function parseAnyConcentration(
  text: string,
): { value: number; unit: AnyConcentrationUnit } | undefined {
  const m = /^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)\s*(.+?)\s*$/i.exec(text);
  if (!m) return undefined;
  const unit = parseAnyConcentrationUnit(m[2]);
  const value = Number(m[1]);
  return unit && Number.isFinite(value) ? { value, unit } : undefined;
}

/** Mass units a bench stock may be given in (a protein's 1 mg/mL, an antibody's 50 ug/mL). */
export const MASS_STOCK_UNITS = ['ng/mL', 'ug/mL', 'mg/mL'] as const;
export type MassStockUnit = (typeof MASS_STOCK_UNITS)[number];

/** True for ng/mL, ug/mL and mg/mL. */
export function isMassStockUnit(unit: string | null | undefined): unit is MassStockUnit {
  return (MASS_STOCK_UNITS as readonly string[]).includes(unit ?? '');
}

/**
 * A bench stock in canonical form: molar stocks (and mass stocks of a reagent with a
 * molecular weight, converted by it: 1 mg/mL of a 50 kDa protein is 20 uM) in nM; % v/v
 * stocks as %; a mass stock without a molecular weight in ng/mL, never made molar. All null
 * when the value is missing or not finite.
 */
export function canonicalStockOf(
  value: number | null | undefined,
  unit: string | null | undefined,
  molecularWeight?: number | null,
): { stock_nM: number | null; stock_pct: number | null; stock_ng_per_mL: number | null } {
  const none = { stock_nM: null, stock_pct: null, stock_ng_per_mL: null };
  if (value == null || !Number.isFinite(value) || !unit) return none;
  if (unit === '%') return { ...none, stock_pct: value };
  const nM = toNanomolarAny(value, unit as AnyConcentrationUnit, molecularWeight);
  if (Number.isFinite(nM)) return { ...none, stock_nM: nM };
  const mass = NG_PER_ML[unit as AnyConcentrationUnit];
  return mass === undefined || !isMassStockUnit(unit)
    ? none
    : { ...none, stock_ng_per_mL: value * mass };
}

/**
 * Why a target cannot be a well's, or null: past 1e15 nM (LIMITS.targetNM, 1e6 M), which no
 * solution holds (pure water is 55.5 M), or not a finite number (1e308 uM is Infinity nM).
 * Every write path holds targets to that bound; the forms say it before sending. NaN (no
 * number typed) is not this rule's concern.
 */
export function targetBoundProblem(nM: number): string | null {
  if (Number.isNaN(nM) || nM <= LIMITS.targetNM) return null;
  const shown = Number.isFinite(nM) ? `${nM.toPrecision(3)} nM` : 'more than a number can hold';
  return (
    `That target (${shown}) is more than any solution holds: ` +
    `enter one of at most 1e15 nM (1,000,000 M).`
  );
}

/**
 * Why a target in a mass unit cannot be made molar: the reagent has no molecular weight. One
 * sentence for the plate's ops and the well editor, saying what to add or type instead.
 */
export function massTargetWithoutWeight(reagentName: string | undefined, unitText: string): string {
  return (
    `${reagentName ?? 'This reagent'} has no molecular weight, so a target in ` +
    `${unitText} cannot be made molar: add its molecular weight (g/mol) to the ` +
    'reagent on the bench, or give the target in nM, uM, mM or M.'
  );
}
