// POST /api/experiments/{id}/versions: an optional summary; an absent body is no summary.
import { z } from 'zod';
import { LIMITS } from '../limits';

/** {summary?}; blank summaries become null. */
export const versionCreateSchema = z
  .object({
    summary: z
      .string({ error: 'must be text' })
      .trim()
      .max(LIMITS.longText, `must be at most ${LIMITS.longText} characters`)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .nullish()
  .transform((v) => ({ summary: v?.summary ?? null }));

/**
 * The snapshot a version may keep (POST .../versions `snapshot`): a label, the subsection
 * shown, the plate type and the bench inventory (BenchReagent objects) at that moment.
 */
export const versionSnapshotSchema = z.object({
  label: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'must not be blank')
    .max(LIMITS.shortText, `must be at most ${LIMITS.shortText} characters`),
  subsection: z.number({ error: 'must be a number' }).int().min(0).max(63).default(0),
  plate_type: z
    .union([z.string(), z.number()], { error: 'must be a plate type' })
    .transform((v) => String(v)),
  inventory: z
    .array(
      z.looseObject({
        slug: z.string({ error: 'must be text' }).min(1).max(LIMITS.shortText),
        name: z.string({ error: 'must be text' }).min(1).max(LIMITS.shortText),
      }),
    )
    .max(500, 'must hold at most 500 reagents')
    .default([]),
});
export type VersionSnapshot = z.output<typeof versionSnapshotSchema>;

/** POST .../versions as the document shows it: an optional summary and snapshot. */
export const versionBodySchema = z
  .object({
    summary: z.string().max(LIMITS.longText).nullish(),
    snapshot: versionSnapshotSchema.nullish(),
  })
  .nullish();

/** A saved version as listed: no state, no inventory. */
export const versionSummarySchema = z.object({
  id: z.number().int(),
  experiment_id: z.number().int(),
  version: z.number().int().describe('The plate version it keeps'),
  summary: z.string().nullable(),
  label: z.string().nullable().describe("The snapshot's label; null for a plain version"),
  created_at: z.string(),
  has_snapshot: z.boolean(),
});

const wellIdsSchema = z.array(z.string());
const changeListsSchema = z.object({
  added: wellIdsSchema,
  removed: wellIdsSchema,
  changed: wellIdsSchema,
});

/** What changed from the version before (domain/plate/plate-diff.ts). */
export const plateDiffSchema = z.object({
  wells: changeListsSchema,
  reagents: z.record(z.string(), changeListsSchema),
  reagents_added: z.array(z.string()),
  reagents_removed: z.array(z.string()),
});

/** GET .../versions: newest first, each with its changes (null where the log ends). */
export const versionListSchema = z.array(
  versionSummarySchema.extend({ changes: plateDiffSchema.nullable() }),
);

/** What a snapshot keeps besides the plate, as the API answers it. */
export const snapshotAnswerSchema = z.object({
  label: z.string(),
  subsection: z.number().int(),
  plate_type: z.string(),
  inventory: z.array(z.looseObject({ slug: z.string(), name: z.string() })),
});
