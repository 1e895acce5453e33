// The plate as PUT /plate carries it (DOMAIN.md "On the wire"). Derived fields a client
// sends back (final_vol_uL, predicted, metrics, vehicle_vv_pct, indices, hash) are accepted
// and dropped: the server derives them again and never trusts them.
import { z } from 'zod';
import { parsePlateFormat, plateDefn, type PlateDefn } from '../plate-format';
import type { WireTarget, WireWell } from '../plate-wire';
import { LIMITS } from '../limits';

const shortText = z
  .string({ error: 'must be text' })
  .max(LIMITS.shortText, `must be at most ${LIMITS.shortText} characters`);

/** One reagent of a well: target (nM or null), optional tolerance, added volume. */
export const plateTargetSchema = z.object({
  target_nM: z
    .number({ error: 'must be a number of nM or null' })
    .min(0, 'must be >= 0')
    .max(LIMITS.targetNM, 'must be at most 1e15')
    .nullable(),
  tol_pct: z
    .number({ error: 'must be a number' })
    .gt(0, 'must be > 0')
    .max(1000, 'must be at most 1000')
    .nullish()
    .transform((v) => v ?? undefined),
  volume_uL: z
    .number({ error: 'must be a number of uL' })
    .min(0, 'must be >= 0')
    .max(LIMITS.volumeUL, `must be at most ${LIMITS.volumeUL}`),
  dilution: z
    .number({ error: 'must be a number' })
    .min(1, 'must be >= 1')
    .max(1e9, 'must be at most 1e9')
    .nullish()
    .transform((v) => v ?? undefined),
});

/** One well: targets keyed by bench reagent slug, label, sample and tags. */
export const plateWellSchema = z.object({
  targets: z
    .record(shortText, plateTargetSchema)
    .refine((t) => Object.keys(t).length <= LIMITS.targetsPerWell, {
      message: `must hold at most ${LIMITS.targetsPerWell} reagents`,
    })
    .default({}),
  label: shortText.default(''),
  sample: shortText.default(''),
  tags: z
    .array(shortText)
    .max(LIMITS.tagsPerWell, `must hold at most ${LIMITS.tagsPerWell} tags`)
    .default([]),
});

/** defn {format, rows, cols}; rows and cols must be those of the format. */
export const plateDefnSchema = z
  .object({
    format: z.union([z.number(), z.string()]).transform((v, ctx) => {
      const f = parsePlateFormat(v);
      if (f === undefined) {
        ctx.addIssue({ code: 'custom', message: 'must be one of 6, 12, 24, 48, 96, 384, 1536' });
        return z.NEVER;
      }
      return f;
    }),
    rows: z.number().int().optional(),
    cols: z.number().int().optional(),
  })
  .transform((d, ctx): PlateDefn => {
    const defn = plateDefn(d.format);
    if (
      (d.rows !== undefined && d.rows !== defn.rows) ||
      (d.cols !== undefined && d.cols !== defn.cols)
    ) {
      ctx.addIssue({
        code: 'custom',
        message: `a ${defn.format}-well plate has ${defn.rows} rows and ${defn.cols} columns`,
      });
    }
    return defn;
  });

/** PUT /api/experiments/{id}/plate: the version it was based on, defn and wells. */
export const platePutSchema = z.object({
  version: z.number({ error: 'must be the version the edit was based on' }).int().min(0),
  defn: plateDefnSchema,
  wells: z
    .record(z.string().max(8, 'is not a well id'), plateWellSchema)
    .refine((w) => Object.keys(w).length <= LIMITS.wells, {
      message: `must hold at most ${LIMITS.wells} wells`,
    }),
});
export type PlatePut = z.output<typeof platePutSchema>;
export type PlatePutInput = z.input<typeof platePutSchema>;

// The parsed wells are the domain's wire wells: keep the two in step.
type Assert<T extends true> = T;
export type PlateWellMatchesWire = Assert<
  z.output<typeof plateWellSchema> extends WireWell ? true : false
>;
export type PlateTargetMatchesWire = Assert<
  z.output<typeof plateTargetSchema> extends WireTarget ? true : false
>;
