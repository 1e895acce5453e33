/**
 * The add-reagent rules of spec section 5, as a plan: the cleaned create payload, or every
 * problem with the spec's message. The form and the server both call planReagentCreate, so
 * a reagent is judged the same way on either side.
 */
import { reagentCreateSchema, type ReagentCreate } from './schemas/reagent';
import { stockLimitError } from './stock-limit';
import { parseConcentrationUnit } from './units';
import { parseAnyConcentrationUnit } from './chemistry/concentration-units';
import { toDisplayType, SERVER_REAGENT_TYPES, REAGENT_TYPES } from './reagent-types';

/** One problem of a reagent form, tied to the field to mark. */
export interface ReagentIssue {
  field: string;
  message: string;
}

/** Either the payload to send or store, or the problems to show. */
export type ReagentPlan =
  { ok: true; payload: ReagentCreate } | { ok: false; errors: ReagentIssue[] };

/** What the plan needs to know of where the reagent goes. */
export interface ReagentContext {
  experimentId?: number | string | null;
}

/** The spec's messages, verbatim. */
export const REAGENT_MESSAGES = {
  name: 'Name is required',
  media: 'Media is required for biological reagents',
  cellsOrWeight: 'Either Cells/mL or Molecular weight is required for biological reagents',
  solvent: 'Solvent is required for chemical reagents',
  weight: 'Molecular weight is required for chemical reagents',
  ph: 'pH is required for buffer reagents',
  maxPercent: 'Max concentration % is required for solvent reagents',
  context: 'Bench reagents require an experiment context.',
} as const;

const NUMBER_FIELDS = [
  'default_concentration_value',
  'molecular_weight_g_per_mol',
  'cells_per_ml',
  'ph',
  'ionic_strength_value',
  'max_concentration_percent',
] as const;

const TEXT_FIELDS = [
  'name',
  'solvent',
  'purity_grade',
  'supplements',
  'description',
  'slug',
] as const;

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  reagent_type: 'Type',
  solvent: 'Solvent',
  default_concentration_value: 'Stock concentration',
  default_concentration_units: 'Stock concentration unit',
  molecular_weight_g_per_mol: 'Molecular weight',
  cells_per_ml: 'Cells/mL',
  ph: 'pH',
  ionic_strength_value: 'Ionic strength',
  ionic_strength_units: 'Ionic strength unit',
  max_concentration_percent: 'Max concentration %',
  purity_grade: 'Purity grade',
  supplements: 'Supplements',
  description: 'Description',
  slug: 'Slug',
  salt: 'Salt',
};

/** A number typed or sent; undefined for blanks and anything non-numeric (which is dropped). */
export function optionalNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : undefined;
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function serverType(value: unknown): string | undefined {
  const s = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if ((SERVER_REAGENT_TYPES as readonly string[]).includes(s)) return s;
  if ((REAGENT_TYPES as readonly string[]).includes(s)) return s === 'compound' ? 'chemical' : s;
  return undefined;
}

/**
 * Judges a reagent form or create body (strings or numbers). A biological reagent's media
 * may come as `media` or `solvent`; it is sent as `solvent`.
 */
export function planReagentCreate(
  input: Record<string, unknown>,
  context: ReagentContext,
): ReagentPlan {
  const errors: ReagentIssue[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });

  const cleaned: Record<string, unknown> = {};
  for (const f of TEXT_FIELDS) cleaned[f] = optionalText(input[f]);
  for (const f of NUMBER_FIELDS) cleaned[f] = optionalNumber(input[f]);
  const type = serverType(input.reagent_type);
  cleaned.reagent_type = type ?? input.reagent_type;
  if (type === 'biological' && cleaned.solvent === undefined)
    cleaned.solvent = optionalText(input.media);
  const unitText = optionalText(input.default_concentration_units);
  cleaned.default_concentration_units =
    unitText &&
    (parseConcentrationUnit(unitText) ?? parseAnyConcentrationUnit(unitText) ?? unitText);
  cleaned.ionic_strength_units = optionalText(input.ionic_strength_units);

  const has = (f: string) => cleaned[f] !== undefined;
  if (!has('name')) add('name', REAGENT_MESSAGES.name);
  const display = type && toDisplayType(type);
  if (display === 'biological') {
    if (!has('solvent')) add('media', REAGENT_MESSAGES.media);
    if (!has('cells_per_ml') && !has('molecular_weight_g_per_mol')) {
      add('cells_per_ml', REAGENT_MESSAGES.cellsOrWeight);
    }
  } else if (display === 'compound') {
    if (!has('solvent')) add('solvent', REAGENT_MESSAGES.solvent);
    if (!has('molecular_weight_g_per_mol'))
      add('molecular_weight_g_per_mol', REAGENT_MESSAGES.weight);
  } else if (display === 'buffer') {
    if (!has('ph')) add('ph', REAGENT_MESSAGES.ph);
  } else if (display === 'solvent') {
    if (!has('max_concentration_percent'))
      add('max_concentration_percent', REAGENT_MESSAGES.maxPercent);
  }
  const unit = parseAnyConcentrationUnit(String(cleaned.default_concentration_units ?? ''));
  cleaned.ions = Array.isArray(input.ions) ? input.ions : undefined;
  cleaned.salt = input.salt;
  for (const f of ['pka', 'dpka_dt', 'acid_charge', 'solubility_m'] as const)
    cleaned[f] = optionalNumber(input[f]);
  // The 1.0 M cap is for compounds; salts (they name their ions, or are declared salts) and
  // buffers go to their solubility (chemistry/stock-limits.ts); a mass stock is judged by
  // its molarity through the molecular weight, and has none without one.
  const limit = stockLimitError(cleaned.default_concentration_value as number | undefined, unit, {
    type: type ?? null,
    hasIons: Array.isArray(cleaned.ions) && cleaned.ions.length > 0,
    salt: cleaned.salt === true,
    solubilityM: cleaned.solubility_m as number | undefined,
    molecularWeight: cleaned.molecular_weight_g_per_mol as number | undefined,
  });
  if (limit) add('default_concentration_value', limit);
  const id = context.experimentId;
  if (id == null || String(id).trim() === '') add('experiment', REAGENT_MESSAGES.context);

  const parsed = reagentCreateSchema.safeParse(cleaned);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (errors.some((e) => e.field === field)) continue;
      const label = FIELD_LABELS[field];
      add(
        field,
        label && !issue.message.startsWith(label) ? `${label} ${issue.message}` : issue.message,
      );
    }
  }
  return errors.length > 0 || !parsed.success
    ? { ok: false, errors }
    : { ok: true, payload: parsed.data };
}
