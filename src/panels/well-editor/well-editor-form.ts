/**
 * The well editor's inputs as data (spec section 5): a concentration with its unit (default
 * 1000 µM; "50 nM" typed into the field takes its own unit), a 0–100 µL volume.
 */
import {
  isMassStockUnit,
  massTargetWithoutWeight,
  parseAnyConcentration,
  targetBoundProblem,
  toNanomolarAny,
} from '../../domain/chemistry/concentration-units';
import { amountCommas } from '../../domain/quantities';
import { toNanomolar, type MolarUnit } from '../../domain/units';
import type { ReagentAmount } from '../../state/plate-edits';

export const DEFAULT_CONCENTRATION_UM = 1000;
export const DEFAULT_VOLUME_UL = 10;
export const VOLUME_MAX_UL = 100;
export const EDITOR_UNITS: readonly MolarUnit[] = ['nM', 'uM', 'mM', 'M'];

/** What the form holds, as typed. */
export interface EditorValues {
  slug: string;
  /** The concentration as typed: a number in `unit`, or a number with its own unit. */
  uM: string;
  unit: MolarUnit;
  volumeUl: string;
}

/** Defaults: 1000 µM and 10 µL, the first bench reagent. */
export function initialEditorValues(): EditorValues {
  return {
    slug: '',
    uM: String(DEFAULT_CONCENTRATION_UM),
    unit: 'uM',
    volumeUl: String(DEFAULT_VOLUME_UL),
  };
}

/**
 * The concentration typed, in nM: a plain number is in the chosen unit; "50 nM", "2 mM",
 * "1.5 µM", "250 pM", "50 nanomolar", "10,000 nM" carry their own (the domain's one list of
 * units; a decimal comma, "1,5 uM", reads two ways and is not taken), and so do "5 ug/mL",
 * "2 mg/mL", "50 ng/mL", converted through the reagent's molecular weight (c nM = 1000 x
 * c ng/mL / MW). NaN when it is not a concentration that can be made molar (a mass unit
 * without a molecular weight, % v/v, cells/mL); Infinity past what a number holds (1e308 M).
 */
function typedNanomolar(text: string, unit: MolarUnit, molecularWeight?: number | null): number {
  const commas = amountCommas(text.trim());
  if ('problem' in commas) return Number.NaN;
  const t = commas.text;
  if (t === '') return Number.NaN;
  const plain = Number(t);
  if (Number.isFinite(plain)) return toNanomolar(plain, unit);
  const any = parseAnyConcentration(t);
  return any ? toNanomolarAny(any.value, any.unit, molecularWeight) : Number.NaN;
}

/**
 * The concentration typed, in µM (typedNanomolar); null when it is not a concentration of 0
 * or more that can be made molar, or is past the bound of a well's target (1e15 nM).
 */
export function concentrationUM(
  text: string,
  unit: MolarUnit = 'uM',
  molecularWeight?: number | null,
): number | null {
  const nM = typedNanomolar(text, unit, molecularWeight);
  if (!Number.isFinite(nM) || nM < 0 || targetBoundProblem(nM) !== null) return null;
  return nM / 1000;
}

/**
 * Why the typed concentration cannot be a target, or null: past 1e15 nM, or a mass unit
 * ("5 ug/mL") for a reagent without a molecular weight, in the words the plate's ops use.
 */
export function concentrationProblem(
  values: Pick<EditorValues, 'uM'> & { unit?: MolarUnit },
  molecularWeight?: number | null,
  reagentName?: string,
): string | null {
  const commas = amountCommas(values.uM.trim());
  if ('problem' in commas) return commas.problem;
  const typed = parseAnyConcentration(commas.text);
  if (typed && isMassStockUnit(typed.unit) && !(molecularWeight != null && molecularWeight > 0))
    return massTargetWithoutWeight(reagentName, typed.unit);
  return targetBoundProblem(typedNanomolar(values.uM, values.unit ?? 'uM', molecularWeight));
}

/** The amount to apply, or null when the concentration or the volume is not acceptable. */
export function editorAmount(
  values: Pick<EditorValues, 'uM' | 'volumeUl'> & { unit?: MolarUnit },
  /** the chosen reagent's molecular weight, for mass units */
  molecularWeight?: number | null,
): ReagentAmount | null {
  if (values.volumeUl.trim() === '') return null;
  const uM = concentrationUM(values.uM, values.unit ?? 'uM', molecularWeight);
  const volumeUl = Number(values.volumeUl);
  if (uM === null) return null;
  if (!Number.isFinite(volumeUl) || volumeUl < 0 || volumeUl > VOLUME_MAX_UL) return null;
  return { uM, volumeUl };
}
