// Payloads of the dispensing settings (GET/PUT /api/experiments/{id}/dispensing) and the
// instrument list (GET /api/instruments), shared by the client and the server.
import { z } from 'zod';
import { INSTRUMENTS } from '../dispensing/instruments';
import { SOURCE_PLATE_TYPES } from '../dispensing/plate-types';

const instrumentIds = INSTRUMENTS.map((i) => i.id);
const sourceTypeIds = SOURCE_PLATE_TYPES.map((t) => t.id);

const oneOf = (ids: readonly string[]) =>
  z.string().refine((v) => ids.includes(v), { message: `must be one of ${ids.join(', ')}` });

export const backfillSchema = z
  .object({
    solvent: z.string().trim().min(1, 'must not be blank').max(200),
    percent: z.number().gt(0, 'must be above 0').max(100, 'must be at most 100'),
  })
  .strict();

/** The settings as stored and answered. */
export const dispenseSettingsSchema = z
  .object({
    instrument: oneOf(instrumentIds),
    bulk_instrument: oneOf(instrumentIds),
    assay_volume_uL: z.number().gt(0, 'must be above 0').max(100_000).nullable(),
    source_plate_type: oneOf(sourceTypeIds),
    destination_plate_type: z.string().trim().min(1).max(100),
    destination_barcode: z.string().max(100),
    source_barcode: z.string().max(100).optional(),
    backfill: backfillSchema.nullable(),
    diluent: z.string().max(200).nullable().optional(),
    temperature_C: z.number().min(-20).max(100).optional(),
    dispense_unmet: z
      .boolean()
      .optional()
      .describe('dispense the wells the plan cannot meet anyway, marked; default false'),
  })
  .strict();

/** A PUT body: any subset, merged over the stored settings (or the format's defaults). */
export const dispenseSettingsPutSchema = dispenseSettingsSchema.partial().strict();

const bandSchema = z.object({
  below_nL: z.number().nullable(),
  band: z.enum(['poor', 'moderate', 'good']),
  range: z.string().nullable(),
});

export const instrumentSchema = z.object({
  id: z.string(),
  kind: z.enum(['acoustic', 'pipette', 'bulk']),
  name: z.string(),
  step_nL: z.number(),
  min_nL: z.number(),
  bands: z.array(bandSchema),
  intermediate_factors: z.array(z.number()),
});

export const sourcePlateTypeSchema = z.object({
  id: z.string(),
  format: z.number(),
  fluid: z.enum(['dmso', 'aqueous']),
  min_uL: z.number(),
  max_uL: z.number(),
  dead_uL: z.number(),
});

/** GET /api/instruments. */
export const instrumentsAnswerSchema = z.object({
  instruments: z.array(instrumentSchema),
  source_plate_types: z.array(sourcePlateTypeSchema),
});

const nullableNumber = z.number().nullable();

/** GET /api/experiments/{id}/dispense-plan: what will be dispensed (plan-types.ts). */
export const dispensePlanSchema = z.object({
  settings: dispenseSettingsSchema,
  transfers: z.array(
    z.object({
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
      stock_nM: nullableNumber.describe('the source concentration, nM'),
      unmet: z
        .boolean()
        .optional()
        .describe('a transfer to a well the plan cannot meet, kept by dispense_unmet'),
    }),
  ),
  sources: z.array(
    z.object({
      plate: z.string(),
      barcode: z.string(),
      type: z.string(),
      well: z.string(),
      reagent: z.string(),
      concentration: nullableNumber,
      diluent: z.string().nullable(),
      fill_uL: z.number(),
      dead_uL: z.number(),
      transfers_uL: z.number(),
    }),
  ),
  bulk: z.array(
    z.object({ reagent: z.string(), wells: z.array(z.string()), volume_uL: z.number() }),
  ),
  intermediates: z.array(
    z.object({
      reagent: z.string(),
      concentration: z.number(),
      factor: z.number(),
      from_concentration: z.number(),
      from_uL: z.number(),
      diluent: z.string(),
      diluent_uL: z.number(),
      total_uL: z.number(),
    }),
  ),
  unmet: z.array(
    z.object({
      well: z.string(),
      reagent: z.string(),
      reason: z.string(),
      proposal: z.string().nullable(),
    }),
  ),
  warnings: z.array(z.string()),
  points: z
    .array(
      z.object({
        well: z.string(),
        reagent: z.string(),
        factor: z.number().describe('the source dilution of the stock (1: the stock)'),
        steps: z.number().describe('pipetted volumes and transfers from the stock to the well'),
        error_pct: z.number().describe('expected error along the chain of dilutions, %'),
        band: z.enum(['poor', 'moderate', 'good']),
        status: z.enum(['good', 'warning']),
      }),
    )
    .describe("each dispensed point's expected error along its chain of dilutions"),
  wells: z.array(
    z.object({
      well: z.string(),
      volume_uL: z.number(),
      backfill_uL: z.number(),
      solvent_pct: z.record(z.string(), z.number()),
    }),
  ),
});
