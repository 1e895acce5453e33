// API payloads of reagent stocks (POST /api/reagents/definitions/{id}/stocks, PATCH
// /api/reagents/stocks/{id}), shared by the client and the server.
import { z } from 'zod';
import { stockLimitError } from '../stock-limit';
import type { ConcentrationUnit } from '../units';
import { LIMITS } from '../limits';
import { concentrationUnitSchema, trimmedText } from './reagent';

const fields = {
  concentration_value: z
    .number({ error: 'must be a number' })
    .min(0, 'must be at least 0')
    .max(1e12, 'must be at most 1e12'),
  concentration_units: concentrationUnitSchema,
  experiment_id: z
    .number({ error: 'must be an experiment id' })
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  label: trimmedText(LIMITS.shortText),
  lot: trimmedText(LIMITS.shortText),
  volume_uL: z
    .number({ error: 'must be a number of uL' })
    .min(0, 'must be at least 0')
    .max(LIMITS.volumeUL, `must be at most ${LIMITS.volumeUL}`)
    .nullish()
    .transform((v) => v ?? null),
  notes: trimmedText(LIMITS.longText),
};

// The spec's 1.0 M rule holds for stocks too; % is never converted.
function checkLimit(
  s: { concentration_value?: number; concentration_units?: ConcentrationUnit },
  ctx: z.RefinementCtx,
) {
  const message = stockLimitError(s.concentration_value, s.concentration_units);
  if (message) ctx.addIssue({ code: 'custom', path: ['concentration_value'], message });
}

/** A new stock: its concentration, and optionally the experiment it is made for. */
export const reagentStockCreateSchema = z.object(fields).superRefine(checkLimit);
export type ReagentStockCreate = z.output<typeof reagentStockCreateSchema>;

/** Changes to a stock: only the fields sent. */
export const reagentStockPatchSchema = z.object(fields).partial().superRefine(checkLimit);
export type ReagentStockPatch = z.output<typeof reagentStockPatchSchema>;

/** A reagent stock as the API answers it (stock_nM / stock_pct: the canonical strength). */
export const reagentStockSchema = z.object({
  id: z.number().int(),
  definition_id: z.number().int(),
  experiment_id: z.number().int().nullable(),
  concentration_value: z.number().nullable(),
  concentration_units: z.string().nullable(),
  stock_nM: z.number().nullable(),
  stock_pct: z.number().nullable(),
  label: z.string().nullable(),
  lot: z.string().nullable(),
  volume_uL: z.number().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
