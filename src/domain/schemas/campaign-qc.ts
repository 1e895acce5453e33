/**
 * The campaign QC table (GET /api/campaigns/{campaignId}/qc): every plate's QC from its
 * latest readout under the user's thresholds, shared by the route declaration and the client.
 */
import { z } from 'zod';
import { DEFAULT_CAMPAIGN_QC } from '../results/campaign-qc';

export const campaignQcQuerySchema = z.object({
  z_prime_min: z.coerce
    .number()
    .min(-10)
    .max(1)
    .default(DEFAULT_CAMPAIGN_QC.z_prime_min)
    .describe("a plate fails below this Z'"),
  cv_max_pct: z.coerce
    .number()
    .min(0)
    .max(1000)
    .default(DEFAULT_CAMPAIGN_QC.cv_max_pct)
    .describe("a plate fails when a control's CV (%) is above this"),
});

const n = z.number().nullable();

export const campaignQcSchema = z.object({
  campaign_id: z.number().int(),
  thresholds: z.object({ z_prime_min: z.number(), cv_max_pct: z.number() }),
  plates: z.array(
    z.object({
      position: z.number().int(),
      experiment_id: z.number().int(),
      barcode: z.string(),
      readout: z
        .object({ id: z.number().int(), run: z.number().int(), channel: z.string() })
        .nullable()
        .describe("the plate's latest readout; null when none is imported"),
      z_prime: n,
      robust_z_prime: n,
      s_b: n,
      cv_pos_pct: n,
      cv_neg_pct: n,
      ssmd: n,
      pass: z.boolean().nullable().describe("null: not read yet, or no Z' (see notes)"),
      failures: z.array(z.string()),
      notes: z.array(z.string()),
    }),
  ),
  failing: z.number().int().describe('plates that fail'),
});
export type CampaignQc = z.infer<typeof campaignQcSchema>;
