// POST /api/report-issue (spec section 3, "Issue report").
import { z } from 'zod';
import { LIMITS } from '../limits';

const include = z
  .object({
    chat: z.boolean().default(true),
    plate: z.boolean().default(true),
    logs: z.boolean().default(true),
    env: z.boolean().default(true),
  })
  .default({ chat: true, plate: true, logs: true, env: true });

/** The issue report request; the description is required (spec section 5). */
export const issueReportSchema = z.object({
  session_id: z
    .string({ error: 'must be text' })
    .max(LIMITS.shortText, `must be at most ${LIMITS.shortText} characters`)
    .nullish()
    .transform((v) => v ?? null),
  experiment_id: z
    .union(
      [
        z.number().int().positive(),
        z
          .string()
          .regex(/^\d{1,15}$/)
          .transform(Number),
      ],
      {
        error: 'must be an experiment id',
      },
    )
    .nullish()
    .transform((v) => v ?? null),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(LIMITS.report, `must be at most ${LIMITS.report} characters`),
  include,
  time_window_minutes: z
    .number({ error: 'must be a number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1')
    .max(10_080, 'must be at most 10080 (one week)')
    .nullish()
    .transform((v) => v ?? null),
});
export type IssueReport = z.output<typeof issueReportSchema>;
export type IssueReportInput = z.input<typeof issueReportSchema>;

/** POST /api/report-issue with reporting switched off (200). */
export const reportDisabledSchema = z
  .object({ status: z.literal('disabled'), message: z.string() })
  .describe('Reporting is switched off on this server');

/** POST /api/report-issue: the report stored (201). */
export const reportSubmittedSchema = z.object({
  status: z.literal('submitted'),
  report_id: z.number().int(),
  issue_url: z.string().nullable(),
});

export type IssueReportResult =
  z.output<typeof reportDisabledSchema> | z.output<typeof reportSubmittedSchema>;
