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
export type VersionCreate = z.output<typeof versionCreateSchema>;
