// What the plate routes answer (API.md "Plate"): the full plate state, the compact form, the
// changes since a version, the answer of a PATCH and the bodies of a stale write. The server
// declares them on its routes (so the OpenAPI document shows them) and the client reads its
// wire types from them; the type checks at the end keep them in step with the domain's types.
import { z } from 'zod';
import type { CompactPlate } from '../plate/compact';
import { PLATE_FORMATS, type PlateDefn } from '../plate-format';
import type { PlateState, StateWell } from '../plate-state';
import type { WireWell } from '../plate-wire';
import { STATUS_NAMES } from '../prediction';
import { apiErrorSchema } from './api-error';

/** The plate's format and shape. */
export const plateDefnAnswerSchema = z.object({
  format: z.union(PLATE_FORMATS.map((f) => z.literal(f))),
  rows: z.number().int(),
  cols: z.number().int(),
});

/** One reagent of a well as the user decided it. */
export const wireTargetSchema = z.object({
  target_nM: z.number().nullable(),
  tol_pct: z.number().optional(),
  volume_uL: z.number(),
  dilution: z.number().optional(),
});

/** A well as the user decided it. */
export const wireWellSchema = z.object({
  targets: z.record(z.string(), wireTargetSchema),
  label: z.string().optional(),
  sample: z.string().optional(),
  tags: z.array(z.string()).optional(),
});
export const wireWellsSchema = z.record(z.string(), wireWellSchema);

const statusSchema = z.enum(STATUS_NAMES);

/** A well with what is derived from it and the bench. */
export const stateWellSchema = z.object({
  targets: z.record(
    z.string(),
    wireTargetSchema.extend({
      tol_pct: z.number(),
      final_vol_uL: z.number().describe('The well volume, uL'),
      status: statusSchema,
    }),
  ),
  predicted: z.record(z.string(), z.object({ nM: z.number(), err_pct: z.number().nullable() })),
  metrics: z.object({
    volumeUl: z.number(),
    reagentVolumes: z.record(z.string(), z.number()),
    reagentDisplayNames: z.record(z.string(), z.string()),
    targetDisplayNames: z.record(z.string(), z.string()),
    pH: z.number().nullable(),
    ionicStrength: z.number().nullable(),
    backfillUl: z.number().optional(),
  }),
  label: z.string(),
  sample: z.string(),
  tags: z.array(z.string()),
  vehicle_vv_pct: z.number(),
  status: statusSchema.describe('The worst target status; "error" also for a broken constraint'),
  broken: z.array(
    z.enum(['overfill', 'solvent_load', 'min_transfer', 'max_percent', 'undispensable']),
  ),
  unmet_reasons: z
    .array(z.string())
    .optional()
    .describe('Why the plan cannot meet the well, each reason with what would meet it'),
});

const wellLists = z.record(z.string(), z.array(z.string()));

/** The full plate state: wells with their derived values, indices, version and hash. */
export const plateStateSchema = z.object({
  defn: plateDefnAnswerSchema,
  wells: z.record(z.string(), stateWellSchema),
  indices: z.object({
    by_sample: wellLists,
    by_col: wellLists,
    tags: wellLists,
    by_target: wellLists,
    unmet: z.array(z.string()),
  }),
  version: z.number().int(),
  hash: z.string(),
});

const column = <T extends z.ZodType>(value: T) => z.union([value, z.array(value)]);

/** GET /plate?form=compact: the user's decisions as columns (domain/plate/compact.ts). */
export const compactPlateSchema = z.object({
  form: z.literal('compact'),
  version: z.number().int(),
  hash: z.string(),
  defn: plateDefnAnswerSchema,
  cells: z.array(z.number().int()).describe('Runs [start, length, ...] of filled well indices'),
  label: z.array(z.string().nullable()),
  sample: z.array(z.string().nullable()),
  tags: z.array(z.array(z.string()).nullable()),
  reagents: z.array(
    z.object({
      slug: z.string(),
      cells: z.array(z.number().int()),
      target_nM: column(z.number().nullable()),
      volume_uL: column(z.number()),
      tol_pct: column(z.number().nullable()),
      dilution: column(z.number().nullable()).optional(),
    }),
  ),
});

/** GET /plate?since=: the wells as decided now of every well changed, and those emptied. */
export const plateChangesSchema = z.object({
  from: z.number().int(),
  version: z.number().int(),
  hash: z.string(),
  changed: wireWellsSchema,
  removed: z.array(z.string()),
});

/** GET /plate: the full state, the compact form, or the changes since a version. */
export const plateReadSchema = z.union([plateStateSchema, compactPlateSchema, plateChangesSchema]);

/** Per index, the keys whose well lists changed (their new lists; empty when gone). */
export const indicesChangedSchema = z.object({
  by_sample: wellLists.optional(),
  by_col: wellLists.optional(),
  tags: wellLists.optional(),
  by_target: wellLists.optional(),
  unmet: z.array(z.string()).optional(),
});

/** PATCH /plate: the new version and the wells it changed, derived values included. */
export const platePatchedSchema = z.object({
  version: z.number().int(),
  hash: z.string(),
  changed: z.record(z.string(), stateWellSchema),
  removed: z.array(z.string()),
  indices_changed: indicesChangedSchema,
});

/** 409 of a stale PATCH: the version now and the changes since the one the ops were made at. */
export const patchStaleSchema = apiErrorSchema.extend({
  version: z.number().int(),
  since: plateChangesSchema.nullable(),
});

/** 409 of a stale PUT: the plate as it is now. */
export const putStaleSchema = apiErrorSchema.extend({ current: plateStateSchema });

/** 400 of a refused op: which op, and the well when one is to blame. */
export const opRefusedSchema = apiErrorSchema.extend({
  op_index: z.number().int().optional(),
  op: z.string().nullable().optional(),
  well: z.string().optional(),
});

export type PlateChanges = z.output<typeof plateChangesSchema>;
export type PlatePatched = z.output<typeof platePatchedSchema>;

// The answers are the domain's own types: keep the two in step, both ways.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type PlateAnswerTypesMatch = [
  Assert<Same<z.output<typeof plateStateSchema>, PlateState>>,
  Assert<Same<z.output<typeof stateWellSchema>, StateWell>>,
  Assert<Same<z.output<typeof compactPlateSchema>, CompactPlate>>,
  Assert<Same<z.output<typeof wireWellSchema>, WireWell>>,
  Assert<Same<z.output<typeof plateDefnAnswerSchema>, PlateDefn>>,
];

/** A plate as the user decided it, at a version: what the client computes the rest from. */
export const wirePlateSchema = z.object({
  version: z.number().int(),
  hash: z.string(),
  defn: plateDefnAnswerSchema,
  wells: wireWellsSchema,
});
export type WirePlate = z.output<typeof wirePlateSchema>;
export type PlateStateAnswer = z.output<typeof plateStateSchema>;
export type CompactPlateAnswer = z.output<typeof compactPlateSchema>;
