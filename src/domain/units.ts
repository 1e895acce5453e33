/**
 * Concentration and volume units. Inside the code molar concentrations are nM and volumes
 * are uL; these functions convert at the edges (forms, display, exports). `%` (v/v) is never
 * converted to molar.
 */
import {
  parseAnyConcentration,
  parseAnyConcentrationUnit,
  type AnyConcentrationUnit,
} from './chemistry/concentration-units';

/** Concentration units a user may enter, in the spelling of the API. */
export const CONCENTRATION_UNITS = ['nM', 'uM', 'mM', 'M', '%'] as const;
export type ConcentrationUnit = (typeof CONCENTRATION_UNITS)[number];

/** Molar units only (everything but `%`). */
export const MOLAR_UNITS = ['nM', 'uM', 'mM', 'M'] as const;
export type MolarUnit = (typeof MOLAR_UNITS)[number];

/** Volume units; uL is canonical. */
export const VOLUME_UNITS = ['nL', 'uL', 'mL'] as const;
export type VolumeUnit = (typeof VOLUME_UNITS)[number];

// Divisors rather than fractional factors: 1e9 / 1e9 is exactly 1, 1e9 * 1e-9 is not.
const NM_PER_UNIT: Record<MolarUnit, number> = { nM: 1, uM: 1e3, mM: 1e6, M: 1e9 };
const NL_PER_UNIT: Record<VolumeUnit, number> = { nL: 1, uL: 1e3, mL: 1e6 };

/** How a unit is shown to people (micro sign, not "u"). */
export const UNIT_LABELS: Record<ConcentrationUnit | VolumeUnit, string> = {
  nM: 'nM',
  uM: 'µM',
  mM: 'mM',
  M: 'M',
  '%': '%',
  nL: 'nL',
  uL: 'µL',
  mL: 'mL',
};

/** True for nM, uM, mM and M. */
export function isMolarUnit(unit: string): unit is MolarUnit {
  return (MOLAR_UNITS as readonly string[]).includes(unit);
}

/** A concentration in `unit` expressed in nM. */
export function toNanomolar(value: number, unit: MolarUnit): number {
  return value * NM_PER_UNIT[unit];
}

/** A concentration in nM expressed in `unit`. */
export function fromNanomolar(nM: number, unit: MolarUnit): number {
  return unit === 'nM' ? nM : nM / NM_PER_UNIT[unit];
}

/** A concentration in `unit` expressed in mol/L. */
export function toMolar(value: number, unit: MolarUnit): number {
  return unit === 'M' ? value : (value * NM_PER_UNIT[unit]) / NM_PER_UNIT.M;
}

/** A volume in `unit` expressed in uL. */
export function toMicrolitres(value: number, unit: VolumeUnit): number {
  return unit === 'uL' ? value : (value * NL_PER_UNIT[unit]) / NL_PER_UNIT.uL;
}

// Both the micro sign (U+00B5) and the Greek mu (U+03BC) reach us from keyboards and pastes.
function normaliseMicro(text: string): string {
  return text.trim().replace(/[\u00b5\u03bc]/g, 'u');
}

// The units of the one list of spellings (parseAnyConcentrationUnit) that a stock or a
// target keeps as given: molar and % v/v.
function keptUnit(unit: AnyConcentrationUnit | undefined): ConcentrationUnit | undefined {
  return unit === '%' || (unit !== undefined && isMolarUnit(unit)) ? unit : undefined;
}

/**
 * Parses a concentration unit as people write it: "µM", "uM", "nM", "mM", "M", "%",
 * "% (v/v)", "%v/v", "mol/L", "micromolar". Case matters for the prefix (mM is not M),
 * except for the unambiguous nM and uM. Undefined for anything else.
 */
export function parseConcentrationUnit(text: string): ConcentrationUnit | undefined {
  return keptUnit(parseAnyConcentrationUnit(text));
}

/** Parses a volume unit ("nL", "µL", "uL", "mL", any case); undefined for anything else. */
export function parseVolumeUnit(text: string): VolumeUnit | undefined {
  const s = normaliseMicro(text).toLowerCase();
  if (s === 'nl') return 'nL';
  if (s === 'ul') return 'uL';
  if (s === 'ml') return 'mL';
  return undefined;
}

/** Parses "10 mM", "2.5µM", "0.1 %" into a value and unit; undefined when malformed. */
export function parseConcentration(
  text: string,
): { value: number; unit: ConcentrationUnit } | undefined {
  const any = parseAnyConcentration(text);
  const unit = keptUnit(any?.unit);
  return any && unit ? { value: any.value, unit } : undefined;
}

/**
 * A stock as entered (value + unit) in canonical form: molar stocks in nM, `%` stocks kept
 * as % (never converted). Both null when the value is missing or not finite.
 */
export function canonicalStock(
  value: number | null | undefined,
  unit: ConcentrationUnit | null | undefined,
): { stock_nM: number | null; stock_pct: number | null } {
  if (value == null || !Number.isFinite(value) || !unit) return { stock_nM: null, stock_pct: null };
  if (unit === '%') return { stock_nM: null, stock_pct: value };
  return { stock_nM: toNanomolar(value, unit), stock_pct: null };
}

/** An ionic strength entered in M or mM, in mM; null when missing. */
export function ionicStrengthToMillimolar(
  value: number | null | undefined,
  unit: 'M' | 'mM' | null | undefined,
): number | null {
  if (value == null || !Number.isFinite(value)) return null;
  return unit === 'M' ? value * 1000 : value;
}

/**
 * Unit words as requests spell them, the one list the readers of requests use: an amount
 * ends with one ("10,000 nanomolar", "10 um", "2 uL", "5 ug/mL"), and a number followed by
 * one is an amount, never a column ("columns 1 and 2, 0.1 %"). Regular-expression sources.
 */
/**
 * Molar units: "nM", "µM", "mM", "M", "pM", typed lower case ("10 um", "1 mm"), per litre
 * ("umol/L") or spelt out ("nanomolar").
 */
export const MOLAR_UNIT_SPELLING = String.raw`(?:[pnuUµμm]?mol\s*\/\s*[lL]|[pnuUµμm]M|M|nm|um|mm|NM|UM|MM|(?:pico|nano|micro|milli)?molar)`;
/** Volume units: "nL", "uL", "µL", "mL", any case, or spelt out ("microlitres"). */
export const VOLUME_UNIT_SPELLING = String.raw`(?:[nuUµμm]L|nl|ul|ml|(?:nano|micro|milli)lit(?:re|er)s?)`;
/** Any unit an amount may end with: molar, %, a volume. */
export const AMOUNT_UNIT_SPELLING = String.raw`(?:${MOLAR_UNIT_SPELLING}|%|percent|${VOLUME_UNIT_SPELLING})(?![A-Za-z])`;
/** Mass units ("ng", "ug", "mg", "g", and the "kg" and "lb" no well is dosed in). */
export const MASS_UNIT_SPELLING = String.raw`(?:kg|mg|[uµμ]g|ng|g|lbs?)`;
/** A mass per volume, its two units captured: "5 ug/mL" -> "ug", "mL". */
export const MASS_PER_VOLUME_SPELLING = String.raw`(ng|[uµμ]g|mg|g)\s*\/\s*([uµμ][lL]|m[lL]|[lL])(?![A-Za-z])`;

const GRAMS: Record<string, number> = { ng: 1e-9, ug: 1e-6, mg: 1e-3, g: 1 };
const PER_LITRE: Record<string, number> = { ul: 1e6, ml: 1e3, l: 1 };

/** A mass per volume in ng/mL ("5 ug/mL" is 5000, "1 mg/L" is 1000); NaN for other units. */
export function toNanogramsPerMl(value: number, mass: string, volume: string): number {
  const gramsPerLitre =
    value *
    GRAMS[normaliseMicro(mass).toLowerCase()] *
    PER_LITRE[normaliseMicro(volume).toLowerCase()];
  // 1 g/L is 1e6 ng/mL; rounded to 12 digits so that 5 ug/mL is 5000, not 4999.999...
  return Number((gramsPerLitre * 1e6).toPrecision(12));
}

/** The unit words, lower case, for a reader that checks every word of a request. */
export const UNIT_WORDS: readonly string[] =
  'nm um mm m pm nl ul ml l nanomolar micromolar millimolar molar picomolar microlitre microliter microlitres microliters nanolitre nanoliter nanolitres nanoliters millilitre milliliter millilitres milliliters ng ug mg g mol umol nmol mmol pmol'.split(
    ' ',
  );
