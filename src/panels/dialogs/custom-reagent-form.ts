/**
 * The custom reagent form as data: its values per type, the defaults of spec section 9, the
 * payload it sends and where each problem of planReagentCreate is shown. No React here.
 */
import {
  REAGENT_DEFAULTS,
  REAGENT_FIELDS,
  type ReagentField,
  type ReagentType,
} from '../../domain/reagent-types';
import { planReagentCreate, type ReagentPlan } from '../../domain/reagent-validation';

/** Everything the form holds, as typed (strings) so nothing is lost or reformatted. */
export interface CustomReagentValues {
  type: ReagentType;
  name: string;
  solvent: string;
  media: string;
  stockValue: string;
  stockUnit: string;
  molecularWeight: string;
  cellsPerMl: string;
  ph: string;
  ionicValue: string;
  ionicUnit: string;
  purityGrade: string;
  maxPercent: string;
  supplements: string;
  description: string;
  /** a compound that is a salt whose ions are not named (its stock may pass 1.0 M) */
  salt: boolean;
}

const BLANK: Omit<CustomReagentValues, 'type' | 'salt'> = {
  name: '',
  solvent: '',
  media: '',
  stockValue: '',
  stockUnit: 'uM',
  molecularWeight: '',
  cellsPerMl: '',
  ph: '',
  ionicValue: '',
  ionicUnit: 'mM',
  purityGrade: '',
  maxPercent: '',
  supplements: '',
  description: '',
};

const str = (v: number | string | undefined) => (v === undefined ? undefined : String(v));

/** The defaults of a type as form values (chemical: DMSO, 10000 µM; solvent: 0.1 %, ...). */
export function typeDefaults(type: ReagentType): Partial<CustomReagentValues> {
  const d = REAGENT_DEFAULTS[type];
  const out: Partial<CustomReagentValues> = {};
  if (d.solvent !== undefined) out.solvent = d.solvent;
  if (d.default_concentration_value !== undefined)
    out.stockValue = str(d.default_concentration_value);
  if (d.default_concentration_units !== undefined) out.stockUnit = d.default_concentration_units;
  if (d.max_concentration_percent !== undefined) out.maxPercent = str(d.max_concentration_percent);
  if (d.purity_grade !== undefined) out.purityGrade = d.purity_grade;
  if (d.ph !== undefined) out.ph = str(d.ph);
  return out;
}

/** A fresh form of a type with its defaults. */
export function initialValues(type: ReagentType = 'compound'): CustomReagentValues {
  return { ...BLANK, type, salt: false, ...typeDefaults(type) };
}

/**
 * Switches the type: fields still holding the old type's default (or empty) take the new
 * type's default; anything the person typed stays.
 */
export function changeType(values: CustomReagentValues, type: ReagentType): CustomReagentValues {
  const oldDefaults = typeDefaults(values.type);
  const next: CustomReagentValues = { ...values, type };
  for (const key of Object.keys(BLANK) as (keyof typeof BLANK)[]) {
    const untouched = values[key] === '' || values[key] === (oldDefaults[key] ?? BLANK[key]);
    if (untouched) next[key] = BLANK[key];
  }
  const fresh = typeDefaults(type);
  for (const [key, value] of Object.entries(fresh) as [keyof typeof BLANK, string][]) {
    const untouched = values[key] === '' || values[key] === (oldDefaults[key] ?? BLANK[key]);
    if (untouched) next[key] = value;
  }
  return next;
}

/** Fields of the form for its type (spec section 3 table). */
export function fieldsOf(values: Pick<CustomReagentValues, 'type'>): readonly ReagentField[] {
  return REAGENT_FIELDS[values.type];
}

/** The input planReagentCreate judges: only the fields the type shows are sent. */
export function reagentInput(values: CustomReagentValues): Record<string, unknown> {
  const shown = new Set(fieldsOf(values));
  const input: Record<string, unknown> = {
    reagent_type: values.type === 'compound' ? 'chemical' : values.type,
    name: values.name,
  };
  if (shown.has('solvent')) input.solvent = values.solvent;
  if (shown.has('media')) input.media = values.media;
  if (shown.has('stock_concentration')) {
    input.default_concentration_value = values.stockValue;
    if (values.stockValue.trim() !== '') input.default_concentration_units = values.stockUnit;
  }
  if (shown.has('molecular_weight_g_per_mol'))
    input.molecular_weight_g_per_mol = values.molecularWeight;
  if (shown.has('cells_per_ml')) input.cells_per_ml = values.cellsPerMl;
  if (shown.has('ph')) input.ph = values.ph;
  if (shown.has('ionic_strength')) {
    input.ionic_strength_value = values.ionicValue;
    if (values.ionicValue.trim() !== '') input.ionic_strength_units = values.ionicUnit;
  }
  if (shown.has('purity_grade')) input.purity_grade = values.purityGrade;
  if (shown.has('max_concentration_percent')) input.max_concentration_percent = values.maxPercent;
  if (shown.has('supplements')) input.supplements = values.supplements;
  if (shown.has('description')) input.description = values.description;
  if (values.type === 'compound' && values.salt) input.salt = true;
  return input;
}

/** The form field a payload field's problem belongs to ("experiment" has none: summary only). */
export function formFieldOf(payloadField: string): ReagentField | 'experiment' | 'reagent_type' {
  switch (payloadField) {
    case 'default_concentration_value':
    case 'default_concentration_units':
      return 'stock_concentration';
    case 'ionic_strength_value':
    case 'ionic_strength_units':
      return 'ionic_strength';
    case 'experiment':
    case 'reagent_type':
      return payloadField;
    default:
      return payloadField as ReagentField;
  }
}

/** The plan of the form: the payload to send, or the problems keyed by form field. */
export function planCustomReagent(
  values: CustomReagentValues,
  experimentId: number | null | undefined,
): ReagentPlan {
  return planReagentCreate(reagentInput(values), { experimentId });
}

/** Problems keyed by form field (first message per field), in the plan's order. */
export function problemsByField(
  errors: readonly { field: string; message: string }[],
): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of errors) {
    const field = formFieldOf(e.field);
    if (!out.has(field)) out.set(field, e.message);
  }
  return out;
}
