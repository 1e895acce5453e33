/**
 * The wire shapes of /api/libraries and /api/campaigns (zod, shared by the routes and the
 * client): bounds on every size, so a request can never ask for more than a screen is.
 */
import { z } from 'zod';
import { dispensePlanSchema } from '../schemas/dispensing';
import { templateBodySchema } from '../schemas/layout-ops';
import { LIBRARY_FIELDS } from './library';

/** The most a library or a campaign may hold. */
export const CAMPAIGN_LIMITS = {
  /** file bytes of a library import (its base64 text is a third more) */
  fileBytes: 7_000_000,
  libraryWells: 200_000,
  plates: 400,
  seriesPoints: 24,
  replicates: 8,
  listedWells: 1000,
  listedTransfers: 20_000,
} as const;

const name = z.string().trim().min(1, 'must not be empty').max(200);
const plateType = z.string().max(40);

export const libraryImportSchema = z.object({
  name,
  /** the file's bytes, base64 (CSV text or an .xlsx workbook) */
  file_base64: z
    .string()
    .max(Math.ceil((CAMPAIGN_LIMITS.fileBytes * 4) / 3) + 4, 'the file is larger than 7 MB'),
  default_plate_type: plateType.default('384PP_DMSO2'),
  plate_types: z
    .record(z.string().max(100), plateType)
    .refine((r) => Object.keys(r).length <= 1000, { message: 'at most 1000 plates' })
    .optional(),
  mapping: z.partialRecord(z.enum(LIBRARY_FIELDS), z.string().max(100)).optional(),
  default_unit: z.string().max(10).optional(),
  /** store the good lines of a file that has refused ones */
  keep_good_lines: z.boolean().default(false),
});

const refusedLine = z.object({ line: z.number().int(), reason: z.string() });
const libraryPlate = z.object({ barcode: z.string(), type: z.string(), wells: z.number().int() });

export const librarySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  plates: z.array(libraryPlate),
  compounds: z.number().int(),
});

export const libraryImportAnswerSchema = librarySummarySchema.extend({
  refused_lines: z.array(refusedLine),
});

export const libraryRefusedSchema = z.object({
  detail: z.string(),
  refused_lines: z.array(refusedLine),
});

export const libraryWellSchema = z.object({
  barcode: z.string(),
  plate_type: z.string(),
  well: z.string(),
  compound_id: z.string(),
  compound_name: z.string(),
  concentration_nM: z.number(),
  solvent: z.string(),
  volume_uL: z.number(),
  current_uL: z.number(),
  molecular_weight: z.number().nullable(),
});

/** A source well's volume set by hand (a survey, a top-up), uL. */
export const sourceVolumeSchema = z.object({
  barcode: z.string().min(1).max(100),
  well: z.string().min(1).max(8),
  current_uL: z.number().min(0).max(10_000),
});

export const libraryDetailSchema = z.object({
  library: librarySummarySchema,
  wells: z.array(libraryWellSchema).describe('The first wells found (at most `limit`)'),
});

export const libraryQuerySchema = z.object({
  q: z.string().max(100).optional().describe('compound id or name contains'),
  barcode: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(CAMPAIGN_LIMITS.listedWells).default(200),
});

/** A reagent the assay plates' bench gets (controls, buffer): a bench reagent's create body. */
const benchReagent = z.looseObject({ name: z.string().max(200), reagent_type: z.string().max(40) });

export const campaignCreateSchema = z.object({
  name,
  format: z.union([z.literal(384), z.literal(1536)]),
  library_id: z.number().int().min(1),
  /** only these compounds (library order kept); default every compound of the library */
  compounds: z.array(z.string().max(200)).max(CAMPAIGN_LIMITS.libraryWells).optional(),
  /** shuffle the compounds with this seed; absent: library order */
  shuffle_seed: z.number().int().min(0).max(4_294_967_295).optional(),
  barcode: z.object({
    prefix: z.string().max(40).default(''),
    digits: z.number().int().min(1).max(12).default(4),
    start: z.number().int().min(0).max(1_000_000_000).default(1),
  }),
  layout: z
    .object({
      template_id: z.number().int().min(1).optional(),
      template: templateBodySchema.optional(),
      at: z.string().max(8).default('A1'),
      compound_wells: z.array(z.string().max(16)).max(2000).optional(),
      /** move the controls from plate to plate under this seed */
      shift_seed: z.number().int().min(0).max(4_294_967_295).optional(),
    })
    .refine((l) => (l.template_id === undefined) !== (l.template === undefined), {
      message: 'give a template_id or a template',
    }),
  dose: z.object({
    top: z.object({ value: z.number().positive().max(1e9), unit: z.enum(['nM', 'uM', 'mM']) }),
    points: z.number().int().min(1).max(CAMPAIGN_LIMITS.seriesPoints).default(1),
    factor: z.number().min(1).max(1000).default(3),
    replicates: z.number().int().min(1).max(CAMPAIGN_LIMITS.replicates).default(1),
  }),
  /** the reagents the layout names (controls, buffer), put on every plate's bench */
  reagents: z.array(benchReagent).max(20).default([]),
  /** copy the bench of this experiment of yours (the plate the template was made on) */
  bench_from: z.number().int().min(1).optional(),
  /** the dispensing settings of every plate (instrument, assay volume, backfill...) */
  dispensing: z.record(z.string(), z.unknown()).optional(),
});
export type CampaignCreate = z.output<typeof campaignCreateSchema>;

const campaignPlate = z.object({
  position: z.number().int(),
  experiment_id: z.number().int(),
  barcode: z.string(),
});

export const campaignCreatedSchema = z.object({
  id: z.number().int(),
  plates: z.array(campaignPlate),
  per_plate: z.number().int().describe('compounds per plate'),
  empty_wells_last_plate: z.number().int(),
  warnings: z.array(z.string()),
});

export const campaignExportQuerySchema = z.object({
  plate: z.string().max(100).optional().describe('one plate, by barcode'),
  format: z.enum(['csv', 'xlsx']).default('csv'),
});

export const campaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  format: z.number().int(),
  library_id: z.number().int().nullable(),
  created_at: z.string(),
  plates: z.array(
    campaignPlate.extend({
      compounds: z.number().int(),
      control_shift: z.number().int(),
      empty_wells: z.number().int(),
    }),
  ),
});

const transferSchema = z.object({
  source_plate: z.string(),
  source_barcode: z.string(),
  source_plate_type: z.string(),
  source_well: z.string(),
  destination_plate: z.string(),
  destination_barcode: z.string(),
  destination_plate_type: z.string(),
  destination_well: z.string(),
  volume_nL: z.number(),
  reagent: z.string(),
  stock_nM: z.number().nullable(),
  compound_id: z.string().nullable(),
  plate_index: z.number().int(),
});

export const campaignPlanQuerySchema = z.object({
  plate: z.string().max(100).optional().describe('only the transfers to this barcode'),
});

export const campaignPlanSchema = z.object({
  transfer_count: z.number().int().describe('transfers of the campaign (or of the plate asked)'),
  transfers: z
    .array(transferSchema)
    .describe(`at most ${CAMPAIGN_LIMITS.listedTransfers}; the picklist export has them all`),
  library_count: z.number().int().describe('library wells the plan read'),
  unmet_count: z.number().int(),
  library: z.array(
    z.object({
      barcode: z.string(),
      plate_type: z.string(),
      well: z.string(),
      compound_id: z.string(),
      start_uL: z.number(),
      dead_uL: z.number(),
      taken_uL: z.number(),
      remaining_uL: z.number(),
      transfers: z.number().int(),
    }),
  ),
  sources: dispensePlanSchema.shape.sources.describe(
    'the other source wells: controls, backfill, intermediates',
  ),
  intermediates: dispensePlanSchema.shape.intermediates,
  unmet: z.array(
    z.object({
      plate: z.string(),
      well: z.string(),
      reagent: z.string(),
      reason: z.string(),
      proposal: z.string().nullable(),
    }),
  ),
  shortfalls: z.array(
    z.object({
      plate: z.string(),
      plate_index: z.number().int(),
      destination_well: z.string(),
      compound_id: z.string(),
      volume_uL: z.number(),
      source_barcode: z.string().nullable(),
      source_well: z.string().nullable(),
      available_uL: z.number(),
      remedy: z.string(),
    }),
  ),
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
