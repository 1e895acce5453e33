// POST /api/experiments/{id}/versions: an optional summary; an absent body is no summary.
import { z } from 'zod';
import { LIMITS } from './limits';

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
