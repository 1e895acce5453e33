// The parameters of each high-level plate op (`PATCH /plate` {op: "series" | "controls" |
// "template" | "randomise" | "reformat" | "import", ...}), bounded so that no request can ask
// for more work than a 1536 plate needs. Valid ops go to expandHighLevelOp (domain/layout).
import { z } from 'zod';
import { PLATE_FORMATS, type PlateFormat } from '../plate-format';
import { MOLAR_UNITS } from '../units';
import { LIMITS } from '../limits';

const shortText = z
  .string({ error: 'must be text' })
  .min(1, 'must not be empty')
  .max(LIMITS.shortText, `must be at most ${LIMITS.shortText} characters`);

/** Well ids or "A1:H12" rectangles; at most one entry per well of the largest plate. */
const wellList = z
  .array(z.string().max(16, 'must be a well id or a rectangle such as A1:H12'))
  .max(LIMITS.wells, `must hold at most ${LIMITS.wells} entries`);

const molarAmount = z.object({
  value: z.number().gt(0, 'must be > 0').max(1e12, 'must be at most 1e12'),
  unit: z.enum(MOLAR_UNITS, { error: 'must be nM, uM, mM or M' }),
});

const tolPct = z.number().gt(0, 'must be > 0').max(1000, 'must be at most 1000');
const nM = z.number().min(0, 'must be >= 0').max(1e18, 'must be at most 1e18');

export const seriesOpSchema = z.object({
  op: z.literal('series'),
  compounds: z
    .array(
      z.object({
        reagent: shortText,
        name: shortText.optional(),
        top: molarAmount.optional(),
        start: z.string().max(8).optional(),
      }),
    )
    .min(1, 'must name at least one compound')
    .max(LIMITS.wells, `must hold at most ${LIMITS.wells} compounds`),
  top: molarAmount,
  factor: z.union([
    z.number().gt(1, 'must be > 1').max(1000, 'must be at most 1000'),
    z.literal('half-log'),
  ]),
  points: z.number().int().min(1, 'must be >= 1').max(48, 'must be at most 48'),
  replicates: z.number().int().min(1, 'must be >= 1').max(32, 'must be at most 32').default(1),
  direction: z.enum(['rows', 'rows-reverse', 'columns', 'columns-reverse']).default('rows'),
  region: wellList.optional(),
  avoid_edges: z.boolean().optional(),
  skip_filled: z.boolean().optional(),
  tol_pct: tolPct.optional(),
});

export const controlsOpSchema = z.object({
  op: z.literal('controls'),
  controls: z
    .array(
      z.object({
        kind: z.enum(['POS', 'NEG', 'ZERO']),
        reagent: shortText.optional(),
        target: molarAmount.nullish(),
        wells: wellList.optional(),
        count: z.number().int().min(1).max(LIMITS.wells).optional(),
        vehicle_pct: z
          .number({ error: 'must be a % v/v' })
          .gt(0, 'must be > 0')
          .max(100, 'must be at most 100')
          .optional()
          .describe(
            "A vehicle control's solvent, % v/v of the well (default: the compound wells' load)",
          ),
      }),
    )
    .min(1, 'must name at least one control')
    .max(16, 'must hold at most 16 controls'),
  columns: z.array(z.number().int().min(1).max(48)).max(48).optional(),
  tol_pct: tolPct.optional(),
});

export const templateBodySchema = z.object({
  name: shortText,
  wells: z
    .array(
      z.object({
        dr: z.number().int().min(0).max(31),
        dc: z.number().int().min(0).max(47),
        targets: z
          .record(shortText, z.object({ target_nM: nM.nullable(), tol_pct: tolPct.optional() }))
          .refine((t) => Object.keys(t).length <= LIMITS.targetsPerWell, {
            message: `must hold at most ${LIMITS.targetsPerWell} reagents`,
          }),
        label: z.string().max(LIMITS.shortText).optional(),
        sample: z.string().max(LIMITS.shortText).optional(),
        tags: z.array(shortText).max(LIMITS.tagsPerWell).optional(),
      }),
    )
    .min(1, 'must hold at least one well')
    .max(LIMITS.wells, `must hold at most ${LIMITS.wells} wells`),
});

export const templateOpSchema = z.object({
  op: z.literal('template'),
  template: templateBodySchema,
  at: z.string().max(8, 'must be a well id'),
});

export const randomiseOpSchema = z.object({
  op: z.literal('randomise'),
  seed: z.number().int().min(0, 'must be >= 0').max(4_294_967_295, 'must be at most 2^32-1'),
  region: wellList.optional(),
  fixed_tags: z.array(shortText).max(32).optional(),
  separate_replicates: z.boolean().optional(),
  avoid_edges: z.boolean().optional(),
});

const wireWell = z.object({
  targets: z
    .record(
      shortText,
      z.object({
        target_nM: nM.nullable(),
        tol_pct: tolPct.optional(),
        volume_uL: z.number().min(0).max(LIMITS.volumeUL),
        dilution: z.number().min(1).max(1e9).optional(),
      }),
    )
    .refine((t) => Object.keys(t).length <= LIMITS.targetsPerWell, {
      message: `must hold at most ${LIMITS.targetsPerWell} reagents`,
    }),
  label: z.string().max(LIMITS.shortText).optional(),
  sample: z.string().max(LIMITS.shortText).optional(),
  tags: z.array(shortText).max(LIMITS.tagsPerWell).optional(),
});

export const reformatOpSchema = z.object({
  op: z.literal('reformat'),
  mode: z.enum(['combine', 'split']),
  convention: z.enum(['interleaved', 'block'], {
    error: 'must name the quadrant convention: interleaved or block',
  }),
  sources: z
    .array(
      z.object({
        plate: shortText,
        format: z
          .number()
          .refine((f) => (PLATE_FORMATS as readonly number[]).includes(f), {
            message: 'must be one of 6, 12, 24, 48, 96, 384, 1536',
          })
          .transform((f) => f as PlateFormat),
        wells: z
          .record(z.string().max(8), wireWell)
          .refine((w) => Object.keys(w).length <= LIMITS.wells, {
            message: `must hold at most ${LIMITS.wells} wells`,
          }),
        quadrant: z.number().int().min(1).max(4).optional(),
      }),
    )
    .min(1, 'must name at least one source plate')
    .max(4, 'must hold at most 4 source plates'),
  quadrant: z.number().int().min(1).max(4).optional(),
});

/** Lines and cells of an imported file: the caps of the file reader, again at the API. */
export const IMPORT_LIMITS = { rows: 20_000, columns: 100, cellChars: 1000 } as const;

export const importOpSchema = z.object({
  op: z.literal('import'),
  form: z.enum(['long', 'grid', 'compounds']),
  rows: z
    .array(
      z
        .array(z.string().max(IMPORT_LIMITS.cellChars))
        .max(IMPORT_LIMITS.columns, `must hold at most ${IMPORT_LIMITS.columns} cells`),
    )
    .max(IMPORT_LIMITS.rows, `must hold at most ${IMPORT_LIMITS.rows} lines`),
  accept_partial: z.boolean().optional(),
  series: z
    .object({
      factor: z.union([z.number().gt(1).max(1000), z.literal('half-log')]),
      points: z.number().int().min(1).max(48),
      replicates: z.number().int().min(1).max(32).optional(),
      direction: z.enum(['rows', 'rows-reverse', 'columns', 'columns-reverse']),
    })
    .optional(),
});

/** Any high-level op, told apart by its `op`. */
export const highLevelOpSchema = z.discriminatedUnion('op', [
  seriesOpSchema,
  controlsOpSchema,
  templateOpSchema,
  randomiseOpSchema,
  reformatOpSchema,
  importOpSchema,
]);
