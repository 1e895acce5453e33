/**
 * The wire shapes of the campaign view (thumbnails of every plate, each plate's plan figures)
 * and of the per-plate exports' paths. Bounded like the rest of /api/campaigns.
 */
import { z } from 'zod';
import { idParamSchema } from '../schemas/experiment';

/** A campaign and one of its plates by its 1-based position. */
export const campaignPlateParamsSchema = z.object({
  campaignId: idParamSchema('Campaign not found'),
  position: idParamSchema('Plate not found'),
});

export const campaignThumbnailsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  format: z.number().int(),
  rows: z.number().int(),
  cols: z.number().int(),
  plates: z.array(
    z.object({
      position: z.number().int(),
      experiment_id: z.number().int(),
      barcode: z.string(),
      compounds: z.number().int(),
      empty_wells: z.number().int(),
      roles: z
        .string()
        .describe(
          "one character a well, rows then columns: '.' empty, 'c' compound, 'P' positive, 'N' negative, 'Z' vehicle, 'o' other",
        ),
    }),
  ),
});

export const campaignPlanSummarySchema = z.object({
  transfer_count: z.number().int(),
  unmet_count: z.number().int(),
  shortfall_count: z.number().int(),
  plates: z.array(
    z.object({
      barcode: z.string(),
      transfers: z.number().int(),
      unmet: z.number().int(),
      shortfalls: z.number().int(),
      solvent_pct: z.record(z.string(), z.object({ min: z.number(), max: z.number() })),
    }),
  ),
  warnings: z.array(z.string()),
});
