/**
 * Answers and queries of the results routes (plate-reader readouts, QC, normalised values and
 * fits), shared by the server's route declarations and the client.
 */
import { z } from 'zod';
import { experimentParamsSchema } from './experiment';

/** /api/experiments/{id}/readouts/{readout}: a readout of the experiment (else 404). */
export const readoutParamsSchema = experimentParamsSchema.extend({
  readout: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

export const readoutSummarySchema = z.object({
  id: z.number().int(),
  run: z.number().int().describe('the import that brought it; a plate read twice has two runs'),
  barcode: z.string().describe("'' when the file named no plate: the open plate"),
  channel: z.string(),
  file_name: z.string(),
  wells: z.number().int().describe('wells with a reading'),
  created_at: z.string(),
});
export type ReadoutSummary = z.infer<typeof readoutSummarySchema>;

export const readoutListSchema = z.object({ readouts: z.array(readoutSummarySchema) });

export const readoutSchema = readoutSummarySchema.extend({
  values: z.record(z.string(), z.number()).describe('well id -> reading'),
});

export const importQuerySchema = z.object({
  ratio_numerator: z.string().max(100).optional().describe('channel divided ...'),
  ratio_denominator: z.string().max(100).optional().describe('... by this channel, per well'),
});

export const importAnswerSchema = z.object({
  run: z.number().int(),
  readouts: z.array(readoutSummarySchema),
});

export const resultsQuerySchema = z.object({
  z_prime_min: z.coerce.number().min(-10).max(1).default(0.5).describe("a plate passes at this Z'"),
});

const controlSummarySchema = z.object({
  n: z.number().int(),
  mean: z.number(),
  sd: z.number().nullable(),
  median: z.number(),
  mad: z.number(),
  cv_pct: z.number().nullable(),
});

const estimateSchema = z.object({
  value: z.number(),
  se: z.number().nullable(),
  lower: z.number().nullable(),
  upper: z.number().nullable(),
});

export const fitSchema = z.object({
  compound: z.string(),
  x: z.array(z.number()).describe('concentrations, nM'),
  y: z.array(z.number()),
  response: z.enum(['normalised', 'raw']),
  fit: z.union([
    z.object({
      ok: z.literal(true),
      b: estimateSchema,
      c: estimateSchema,
      d: estimateSchema,
      e: estimateSchema.describe('IC50 / EC50, nM'),
      rse: z.number().nullable(),
      df: z.number().int(),
      iterations: z.number().int(),
      censored: z.enum(['>', '<']).nullable(),
      range: z.tuple([z.number(), z.number()]),
    }),
    z.object({ ok: z.literal(false), message: z.string(), iterations: z.number().int() }),
  ]),
});

export const plateResultsSchema = z.object({
  readout: readoutSummarySchema,
  qc: z.object({
    pos: controlSummarySchema.nullable(),
    neg: controlSummarySchema.nullable(),
    z_prime: z.number().nullable(),
    robust_z_prime: z.number().nullable(),
    s_b: z.number().nullable(),
    ssmd: z.number().nullable(),
    pass: z.boolean().nullable(),
    notes: z.array(z.string()),
    edge_rows: z.array(z.string()),
    edge_cols: z.array(z.number().int()),
    b_score_note: z.string().nullable(),
  }),
  wells: z.array(
    z.object({
      well: z.string(),
      role: z.enum(['pos', 'neg', 'blank', 'sample', 'empty']),
      compound: z.string().nullable(),
      nM: z.number().nullable(),
      raw: z.number(),
      normalised: z.number().nullable(),
      npi: z.number().nullable(),
      z: z.number().nullable(),
      b_score: z.number().nullable(),
    }),
  ),
  fits: z.array(fitSchema),
});
export type PlateResults = z.infer<typeof plateResultsSchema>;
export type ReadoutList = z.infer<typeof readoutListSchema>;
export type ImportAnswer = z.infer<typeof importAnswerSchema>;
