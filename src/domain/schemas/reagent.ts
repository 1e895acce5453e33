// API payloads of bench reagents (spec sections 3 and 7), shared by the client and the server.
import { z } from 'zod';
import { SERVER_REAGENT_TYPES, toServerType } from '../reagent-types';
import { CONCENTRATION_UNITS, parseConcentrationUnit } from '../units';
import { MASS_STOCK_UNITS, parseAnyConcentrationUnit } from '../chemistry/concentration-units';
import { LIMITS } from '../limits';

/** Optional free text up to `max` characters, trimmed; empty or missing -> null. */
export const trimmedText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const number = (min: number, max: number) =>
  z
    .number({ error: 'must be a number' })
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .nullish()
    .transform((v) => v ?? null);

// Only the display alias is translated: an unknown type must fail, not become "other".
const typeAlias = (v: unknown) => {
  const s = typeof v === 'string' ? v.trim().toLowerCase() : v;
  return s === 'compound' ? toServerType(s) : s;
};

/** "chemical" or "compound" (and the other types) -> the server spelling. */
export const serverReagentTypeSchema = z.preprocess(
  typeAlias,
  z.enum(SERVER_REAGENT_TYPES, { error: `must be one of ${SERVER_REAGENT_TYPES.join(', ')}` }),
);

/** M, mM, uM (also µM), nM or %. */
export const concentrationUnitSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (parseConcentrationUnit(v) ?? v) : v),
  z.enum(CONCENTRATION_UNITS, { error: `must be one of ${CONCENTRATION_UNITS.join(', ')}` }),
);

const STOCK_UNITS = [...CONCENTRATION_UNITS, ...MASS_STOCK_UNITS] as const;

/**
 * A bench stock's unit: the molar units and % v/v, and ng/mL, ug/mL (also ng/uL) and mg/mL,
 * converted to molar only through the reagent's molecular weight.
 */
const stockUnitSchema = z.preprocess(
  (v) =>
    typeof v === 'string' ? (parseConcentrationUnit(v) ?? parseAnyConcentrationUnit(v) ?? v) : v,
  z.enum(STOCK_UNITS, { error: `must be one of ${STOCK_UNITS.join(', ')}` }),
);

/** The reagent create payload (spec section 3), after cleaning. */
export const reagentCreateSchema = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(LIMITS.shortText, `must be at most ${LIMITS.shortText} characters`),
    reagent_type: serverReagentTypeSchema,
    solvent: trimmedText(LIMITS.shortText),
    default_concentration_units: stockUnitSchema.nullish().transform((v) => v ?? null),
    default_concentration_value: number(0, 1e12),
    molecular_weight_g_per_mol: number(0, 1e9),
    cells_per_ml: number(0, 1e15),
    ph: number(0, 14),
    ionic_strength_value: number(0, 1e6),
    ionic_strength_units: z
      .enum(['M', 'mM'], { error: 'must be M or mM' })
      .nullish()
      .transform((v) => v ?? null),
    max_concentration_percent: number(0, 100),
    // Chemistry facts (catalog fields): ions for ionic strength, pKa for a buffer's pH,
    // solubility for the stock limit of salts and buffers.
    ions: z
      .array(
        z.object({
          charge: z.number().int().min(-4).max(4),
          count: z.number().int().min(1).max(10),
        }),
      )
      .max(10)
      .nullish(),
    pka: z.number({ error: 'must be a number' }).min(-2).max(16).nullish(),
    dpka_dt: z.number({ error: 'must be a number' }).min(-1).max(1).nullish(),
    acid_charge: z.number({ error: 'must be a number' }).int().min(-4).max(4).nullish(),
    solubility_m: z.number({ error: 'must be a number' }).min(0).max(100).nullish(),
    // a salt whose ions are not named: its stock goes to its solubility (not the 1.0 M rule)
    // and its ionic strength is unknown, never 0
    salt: z.boolean({ error: 'must be true or false' }).nullish(),
    purity_grade: trimmedText(LIMITS.shortText),
    supplements: trimmedText(LIMITS.longText),
    description: trimmedText(LIMITS.longText),
    slug: z
      .string({ error: 'must be text' })
      .trim()
      .max(LIMITS.shortText, `must be at most ${LIMITS.shortText} characters`)
      .regex(/^$|^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'may hold only letters, digits, ".", "_" and "-"')
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  // A v/v fraction cannot pass 100 %; molar stocks have their own 1.0 M rule (stock-limit.ts).
  .superRefine((r, ctx) => {
    if (r.default_concentration_units === '%' && (r.default_concentration_value ?? 0) > 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['default_concentration_value'],
        message: 'must be at most 100 for a % (v/v) stock',
      });
    }
  });
export type ReagentCreate = z.output<typeof reagentCreateSchema>;

/** PATCH .../bench/reagents/{id}: the constraints editor; null clears a limit. */
export const benchReagentPatchSchema = z.object({
  max_concentration_percent: z
    .number({ error: 'must be a number from 0 to 100, or null for no limit' })
    .min(0, 'must be at least 0')
    .max(100, 'must be at most 100')
    .nullable()
    .optional(),
  min_transfer_ul: z
    .number({ error: 'must be a number of uL >= 0, or null for no minimum' })
    .min(0, 'must be at least 0')
    .max(LIMITS.volumeUL, `must be at most ${LIMITS.volumeUL}`)
    .nullable()
    .optional(),
});
export type BenchReagentPatch = z.output<typeof benchReagentPatchSchema>;

/** A decimal number written as text, as a form field sends it ("10", "1.5e3"). */
const NUMERIC_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

// A number, or a form field's text holding one ("" for none): anything else is refused.
const optionalNumber = (min: number, max: number) =>
  z
    .union(
      [
        z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`),
        z
          .string()
          .trim()
          .refine((v) => v === '' || NUMERIC_TEXT.test(v), 'must be a number')
          .refine(
            (v) => v === '' || !NUMERIC_TEXT.test(v) || (Number(v) >= min && Number(v) <= max),
            `must be a number from ${min} to ${max}`,
          ),
      ],
      { error: 'must be a number' },
    )
    .nullish();
const optionalText = (max: number) =>
  z.string({ error: 'must be text' }).max(max, `must be at most ${max} characters`).nullish();

/**
 * POST .../bench/reagents as it arrives: the type and bounds of each field only, so that a
 * wrong type ("ph": "seven") is refused naming the field instead of being dropped. What is
 * required for which reagent type is judged afterwards by planReagentCreate (the spec's
 * messages); the values pass through unchanged for it.
 */
export const benchReagentBodySchema = z.looseObject({
  name: optionalText(LIMITS.shortText),
  reagent_type: optionalText(LIMITS.shortText),
  solvent: optionalText(LIMITS.shortText),
  default_concentration_units: optionalText(LIMITS.shortText),
  default_concentration_value: optionalNumber(0, 1e12),
  molecular_weight_g_per_mol: optionalNumber(0, 1e9),
  cells_per_ml: optionalNumber(0, 1e15),
  ph: optionalNumber(0, 14),
  ionic_strength_value: optionalNumber(0, 1e6),
  ionic_strength_units: optionalText(LIMITS.shortText),
  max_concentration_percent: optionalNumber(0, 100),
  purity_grade: optionalText(LIMITS.shortText),
  supplements: optionalText(LIMITS.longText),
  description: optionalText(LIMITS.longText),
  slug: optionalText(LIMITS.shortText),
});

/** Who may read a definition: only its owner, or everyone. */
export const visibilitySchema = z.enum(['private', 'public'], {
  error: 'must be private or public',
});

/** POST and PATCH /api/reagents/definitions: a bench reagent body, its visibility and aliases. */
export const definitionBodySchema = benchReagentBodySchema.extend({
  visibility: visibilitySchema.optional(),
  aliases: z
    .array(z.string({ error: 'must be text' }).max(LIMITS.shortText), {
      error: 'must be a list of names',
    })
    .max(50, 'must hold at most 50 names')
    .optional(),
});

const nullableNumber = z.number().nullable();
const nullableText = z.string().nullable();

/** A reagent definition as the API answers it. */
export const definitionSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  reagent_type: z.string(),
  type: z.string().describe('The display name of reagent_type'),
  color: z.string(),
  visibility: visibilitySchema,
  is_owner: z.boolean(),
  default_concentration_value: nullableNumber,
  default_concentration_units: nullableText,
  solvent: nullableText,
  molecular_weight_g_per_mol: nullableNumber,
  cells_per_ml: nullableNumber,
  ph: nullableNumber,
  ionic_strength_value: nullableNumber,
  ionic_strength_units: nullableText,
  max_concentration_percent: nullableNumber,
  purity_grade: nullableText,
  supplements: nullableText,
  description: nullableText,
  aliases: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A catalog entry as the search answers it. */
export const catalogItemSchema = z.object({
  slug: z.string(),
  name: z.string(),
  reagent_type: z.string(),
  default_concentration_value: nullableNumber,
  default_concentration_units: nullableText,
  solvent: nullableText,
  molecular_weight_g_per_mol: nullableNumber,
  ph: nullableNumber,
  max_concentration_percent: nullableNumber,
  cells_per_ml: nullableNumber,
  description: nullableText,
  aliases: z.array(z.string()),
  ions: z
    .array(z.object({ charge: z.number(), count: z.number() }))
    .nullish()
    .describe('The ions one formula unit releases (salts): ionic strength and stock limit'),
  pka: nullableNumber.optional().describe('pKa at 25 C (buffers)'),
  dpka_dt: nullableNumber.optional().describe('dpKa/dT per C (buffers)'),
  acid_charge: nullableNumber.optional().describe('Charge of the acid form (buffers)'),
  solubility_m: nullableNumber.optional().describe('Solubility in water, M: the stock limit'),
});

/** A bench reagent as the API answers it (the BenchReagent type of bench-reagent.ts). */
export const benchReagentSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  reagent_type: z.string(),
  type: z.string().describe('The display name of reagent_type'),
  color: z.string(),
  stock_uM: nullableNumber,
  stock_molarity_M: nullableNumber,
  stock_ng_per_mL: nullableNumber
    .optional()
    .describe(
      'A mass stock (ng/mL) of a reagent without a molecular weight; its concentrations stay in mass units',
    ),
  concentration_units: nullableText,
  default_concentration_value: nullableNumber,
  analyte_id: nullableText,
  max_concentration_percent: nullableNumber,
  min_transfer_ul: nullableNumber,
  molecular_weight_g_per_mol: nullableNumber,
  solvent: nullableText,
  cells_per_ml: nullableNumber,
  ph: nullableNumber,
  ionic_strength_mM: nullableNumber,
  ions: z
    .array(z.object({ charge: z.number(), count: z.number() }))
    .readonly()
    .nullish()
    .describe('The ions one formula unit releases (salts and buffers), for ionic strength'),
  pka: nullableNumber.optional().describe('pKa at 25 C (buffers)'),
  dpka_dt: nullableNumber.optional().describe('dpKa/dT per C (buffers)'),
  acid_charge: nullableNumber
    .optional()
    .describe('Charge of the acid form (buffers: HEPES 0, Tris +1, phosphate -1)'),
  solubility_m: nullableNumber.optional().describe('Solubility in water, M: the stock limit'),
  salt: z
    .boolean()
    .optional()
    .describe('A salt whose ions are not named: its ionic strength is unknown, never 0'),
  description: nullableText,
  created_at: z.string(),
});

const slugField = z
  .string({ error: 'must be text' })
  .max(LIMITS.shortText, `must be at most ${LIMITS.shortText} characters`)
  .optional();

/** PATCH .../bench/reagents[/{slug}]: the limits, and the slug when the path has none. */
export const benchReagentPatchBodySchema = benchReagentPatchSchema.extend({ slug: slugField });

/** DELETE .../bench/reagents: the slug, in the body (or ?slug=, or the path). */
export const benchReagentSlugSchema = z.object({ slug: slugField });
