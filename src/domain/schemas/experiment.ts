// API payloads of experiments (spec section 7), shared by the client and the server.
import { z } from 'zod';
import { PLATE_FORMATS, parsePlateFormat } from '../plate-format';

/** Plate types as the API spells them: strings of the plate formats. */
export const PLATE_TYPES = ['6', '12', '24', '48', '96', '384', '1536'] as const;
export type PlateType = (typeof PLATE_TYPES)[number];

const PLATE_TYPE_MESSAGE = `must be one of ${PLATE_FORMATS.join(', ')}`;

/** "96" or 96 -> "96"; anything else fails with a message naming the choices. */
export const plateTypeSchema = z
  .union([z.string(), z.number()], { error: PLATE_TYPE_MESSAGE })
  .transform((value, ctx) => {
    const format = parsePlateFormat(value);
    if (format === undefined) {
      ctx.addIssue({ code: 'custom', message: PLATE_TYPE_MESSAGE });
      return z.NEVER;
    }
    return String(format) as PlateType;
  });

export const EXPERIMENT_NAME_MAX = 200;
export const EXPERIMENT_DESCRIPTION_MAX = 10_000;

const nameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'must not be blank')
  .max(EXPERIMENT_NAME_MAX, `must be at most ${EXPERIMENT_NAME_MAX} characters`);

// A blank description is stored as no description.
const descriptionSchema = z
  .string({ error: 'must be text' })
  .trim()
  .max(EXPERIMENT_DESCRIPTION_MAX, `must be at most ${EXPERIMENT_DESCRIPTION_MAX} characters`)
  .nullish()
  .transform((value) => (value ? value : null));

/** POST /api/experiments/: name, optional description, plate_type. */
export const experimentCreateSchema = z.object({
  name: nameSchema,
  description: descriptionSchema,
  plate_type: plateTypeSchema,
});
export type ExperimentCreate = z.output<typeof experimentCreateSchema>;

/** PUT /api/experiments/{id}: any of name, description, plate_type. */
export const experimentUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    description: descriptionSchema.optional(),
    plate_type: plateTypeSchema.optional(),
  })
  .refine(
    (value) =>
      value.name !== undefined || value.description !== undefined || value.plate_type !== undefined,
    { message: 'Send at least one of name, description, plate_type' },
  );
export type ExperimentUpdate = z.output<typeof experimentUpdateSchema>;

/** PATCH /api/experiments/{id}/vehicle: a reagent slug, or null to clear it. */
export const experimentVehicleSchema = z.object({
  vehicle_slug: z
    .string({ error: 'must be a reagent slug or null' })
    .trim()
    .min(1, 'must not be blank (send null to clear it)')
    .max(200, 'must be at most 200 characters')
    .nullable(),
});

/** An experiment as the API answers it. */
export const experimentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  plate_type: z.enum(PLATE_TYPES),
  vehicle_slug: z.string().nullable(),
  /** The same value as vehicle_slug, under the name the designer reads. */
  default_vehicle_slug: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Experiment = z.output<typeof experimentSchema>;

/** The largest row id: ids are 32-bit serial integers. */
const MAX_ID = 2_147_483_647;

/**
 * A row id in a path, as a number: a whole number from 1 to 2^31 - 1. Anything else cannot
 * name a row: it is refused with `notFound` and status 404 (the server answers it as it
 * answers someone else's id), not as a malformed request.
 */
export function idParamSchema(notFound: string) {
  return z.string().transform((text, ctx) => {
    const id = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
    if (id >= 1 && id <= MAX_ID) return id;
    ctx.addIssue({ code: 'custom', message: notFound, params: { status: 404 } });
    return z.NEVER;
  });
}

/** The id of an experiment in a path. */
export const experimentIdSchema = idParamSchema('Experiment not found');

/** The parameters of a route under /api/experiments/{id}. */
export const experimentParamsSchema = z.object({ id: experimentIdSchema });
