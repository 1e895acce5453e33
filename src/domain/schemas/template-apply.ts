// POST /api/templates/{id}/apply: one saved template laid on several plates (a campaign is
// the experiments the user picks), each plate written on its own, all or nothing per plate.
import { z } from 'zod';

/** Plates one request may reach: each is a full plate write. */
export const MAX_APPLY_EXPERIMENTS = 50;

export const templateApplySchema = z.object({
  experiment_ids: z
    .array(z.number().int().min(1).max(2_147_483_647))
    .min(1, 'must name at least one experiment')
    .max(MAX_APPLY_EXPERIMENTS, `must name at most ${MAX_APPLY_EXPERIMENTS} experiments`),
  at: z
    .string()
    .max(8, 'must be a well id')
    .optional()
    .describe('The well the template’s top-left lands on on every plate (A1 when left out)'),
});

const applied = z.object({
  experiment_id: z.number(),
  ok: z.literal(true),
  version: z.number().describe('The plate’s version after the write'),
  changed: z.number().describe('Wells whose contents changed'),
});
const refused = z.object({
  experiment_id: z.number(),
  ok: z.literal(false),
  detail: z.string().describe('Why this plate was left as it was'),
});

export const templateApplyAnswerSchema = z.object({
  results: z.array(z.discriminatedUnion('ok', [applied, refused])),
});
export type TemplateApplyResult = z.output<typeof templateApplyAnswerSchema>['results'][number];
