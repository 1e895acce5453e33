// Payloads of the transfer-log routes (/api/experiments/{id}/transfer-logs, /reconciliation):
// the imported files and the reconciliation (transfer-log/reconcile-types.ts).
import { z } from 'zod';

export const runFileSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['transfer log', 'survey']),
  filename: z.string(),
  rows: z.number().int().describe('transfers (a log) or surveyed wells (a survey) read'),
  created_at: z.string(),
});

/** POST answer: the file stored, and how its rows met the plan. */
export const importAnswerSchema = runFileSchema.extend({
  matched: z.number().int().describe('log rows matched to a planned transfer'),
  unmatched: z.number().int().describe('log rows that match no planned transfer'),
  missed_wells: z.number().int(),
  library_wells_updated: z
    .number()
    .int()
    .describe(
      "library source wells (the owner's, by plate barcode and well) whose current volume the file's measurements set",
    ),
});

export const runFilesSchema = z.object({ files: z.array(runFileSchema) });

const wellStatus = z.enum(['as planned', 'off', 'missed', 'not logged']);

const transferSchema = z.object({
  source_plate: z.string(),
  source_barcode: z.string(),
  source_well: z.string(),
  destination_well: z.string(),
  reagent: z.string(),
  volume_nL: z.number(),
  actual_nL: z.number().nullable().describe('null: no log row speaks of it'),
  state: z.enum(['done', 'short', 'failed', 'not logged']),
  reason: z.string(),
});

export const reconciliationSchema = z.object({
  files: z.number().int().describe('files imported'),
  counts: z.object({
    as_planned: z.number().int(),
    off: z.number().int(),
    missed: z.number().int(),
    not_logged: z.number().int(),
    unmatched_rows: z.number().int(),
  }),
  wells: z.array(
    z.object({
      well: z.string(),
      status: wellStatus,
      off_pct: z.number().nullable().describe('the largest departure from the plan, %'),
      volume_uL: z.number(),
      actual_volume_uL: z.number(),
      reagents: z.array(
        z.object({
          reagent: z.string(),
          planned_nM: z.number(),
          actual_nM: z.number(),
          error_pct: z.number(),
          tolerance_pct: z.number(),
        }),
      ),
      solvent_pct: z.record(z.string(), z.number()),
      actual_solvent_pct: z.record(z.string(), z.number()),
      failed: z.number().int(),
    }),
  ),
  problems: z.array(transferSchema).describe('the transfers failed or short'),
  unmatched: z.array(
    z.object({
      file: z.string(),
      line: z.number().int(),
      source: z.string(),
      source_well: z.string(),
      destination: z.string(),
      destination_well: z.string(),
      transfer_nL: z.number(),
      actual_nL: z.number(),
      why: z.string(),
    }),
  ),
  sources: z.array(
    z.object({
      plate: z.string(),
      barcode: z.string(),
      well: z.string(),
      reagent: z.string(),
      concentration: z.number().nullable(),
      fill_uL: z.number(),
      dead_uL: z.number(),
      delivered_uL: z.number(),
      expected_uL: z.number(),
      measured_uL: z.number().nullable(),
      measured_by: z.enum(['transfer log', 'survey']).nullable(),
      dmso_pct: z.number().nullable(),
      flagged: z.boolean(),
    }),
  ),
});

export type ReconciliationAnswer = z.infer<typeof reconciliationSchema>;
export type RunFilesAnswer = z.infer<typeof runFilesSchema>;

export type ImportAnswer = z.infer<typeof importAnswerSchema>;
