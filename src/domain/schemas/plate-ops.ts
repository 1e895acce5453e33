// The body of PATCH /api/experiments/{id}/plate: {version, ops}. Every number and list is
// bounded; high-level op names pass only when an expander is registered for them
// (src/domain/plate/expanders.ts), anything else is an unknown op.
import { z } from 'zod';
import { opExpander } from '../plate/expanders';
import { HIGH_LEVEL_OP_NAMES, PRIMITIVE_OP_NAMES, type PrimitiveOp } from '../plate/ops';
import { LIMITS } from '../limits';
import { plateWellSchema } from './plate';

/** Most ops in one PATCH, and most items in one well list. */
export const OPS_LIMITS = { ops: 1000, wellItems: 1536 } as const;

const shortText = z
  .string({ error: 'must be text' })
  .max(LIMITS.shortText, `must be at most ${LIMITS.shortText} characters`);

const wellList = z
  .array(z.string({ error: 'must be a well id or a range such as A1:H12' }).max(16), {
    error: 'must be a list of wells',
  })
  .min(1, 'must name at least one well')
  .max(OPS_LIMITS.wellItems, `must hold at most ${OPS_LIMITS.wellItems} items`);

const amount = z.object({
  value: z
    .number({ error: 'must be a number' })
    .min(0, 'must be >= 0')
    .max(1e15, 'must be at most 1e15'),
  unit: z.string({ error: 'must be a unit' }).max(16),
});

export const setOpSchema = z.object({
  op: z.literal('set'),
  wells: wellList,
  reagent: shortText,
  target: amount.nullable().optional(),
  target_nM: z
    .number()
    .min(0, 'must be >= 0')
    .max(LIMITS.targetNM, 'must be at most 1e15')
    .nullable()
    .optional(),
  volume_uL: z
    .number()
    .min(0, 'must be >= 0')
    .max(LIMITS.volumeUL, `must be at most ${LIMITS.volumeUL}`)
    .optional(),
  tol_pct: z.number().gt(0, 'must be > 0').max(1000, 'must be at most 1000').optional(),
  dilution: z.number().min(1, 'must be >= 1').max(1e9, 'must be at most 1e9').optional(),
  vehicle_pct: z
    .number({ error: 'must be a % v/v' })
    .gt(0, 'must be > 0')
    .max(100, 'must be at most 100')
    .optional()
    .describe("A vehicle control's solvent, % v/v of the well (default: the compound wells' load)"),
});

export const clearOpSchema = z.object({
  op: z.literal('clear'),
  wells: wellList,
  reagent: shortText.optional(),
});

const tagList = z
  .array(shortText)
  .max(LIMITS.tagsPerWell, `must hold at most ${LIMITS.tagsPerWell} tags`);

export const tagOpSchema = z.object({
  op: z.literal('tag'),
  wells: wellList,
  add: tagList.optional(),
  remove: tagList.optional(),
});

export const labelOpSchema = z.object({
  op: z.literal('label'),
  wells: wellList,
  label: shortText,
});
export const sampleOpSchema = z.object({
  op: z.literal('sample'),
  wells: wellList,
  sample: shortText,
});

export const putOpSchema = z.object({
  op: z.literal('put'),
  wells: z
    .record(z.string().max(8, 'is not a well id'), plateWellSchema.nullable())
    .refine((w) => Object.keys(w).length <= LIMITS.wells, {
      message: `must hold at most ${LIMITS.wells} wells`,
    }),
});

export const primitiveOpSchema = z.discriminatedUnion('op', [
  setOpSchema,
  clearOpSchema,
  tagOpSchema,
  labelOpSchema,
  sampleOpSchema,
  putOpSchema,
]);

/** A high-level op: checked by its expander, here only its name. */
const highLevelOpSchema = z
  .object({ op: z.string().max(40) })
  .loose()
  .superRefine((o, ctx) => {
    if (!opExpander(o.op)) ctx.addIssue({ code: 'custom', message: `Unknown op "${o.op}"` });
  });

const KNOWN = new Set<string>([...PRIMITIVE_OP_NAMES, ...HIGH_LEVEL_OP_NAMES]);

/** One op: a primitive op, or a high-level one with a registered expander. */
export const plateOpSchema = z.unknown().transform((value, ctx): PlateOpInput => {
  const name = (value as { op?: unknown } | null)?.op;
  if (typeof name !== 'string') {
    ctx.addIssue({ code: 'custom', message: 'must be an op: an object with an "op" name' });
    return z.NEVER;
  }
  const schema: z.ZodType = (PRIMITIVE_OP_NAMES as readonly string[]).includes(name)
    ? primitiveOpSchema
    : highLevelOpSchema;
  if (!KNOWN.has(name) && !opExpander(name)) {
    ctx.addIssue({ code: 'custom', message: `Unknown op "${name.slice(0, 40)}"` });
    return z.NEVER;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({ ...issue, code: 'custom', path: issue.path, message: issue.message } as never);
    return z.NEVER;
  }
  return parsed.data as PlateOpInput;
});

/** A parsed op: primitive, or high-level (left for its expander). */
export type PlateOpInput = PrimitiveOp | { op: string; [field: string]: unknown };

/** PATCH /api/experiments/{id}/plate. */
export const platePatchSchema = z.object({
  version: z.number({ error: 'must be the version the edit was based on' }).int().min(0),
  ops: z
    .array(plateOpSchema, { error: 'must be a list of ops' })
    .min(1, 'must hold at least one op')
    .max(OPS_LIMITS.ops, `must hold at most ${OPS_LIMITS.ops} ops`),
});
export type PlatePatch = z.output<typeof platePatchSchema>;
