/**
 * The constraints editor as data (spec section 5): max concentration 0–100 % v/v (empty = no
 * limit), min transfer volume >= 0 µL (empty = no minimum), and only changed fields are sent.
 */
import type { BenchReagentPatch } from '../../domain/schemas/reagent';

export interface ConstraintDraft {
  maxPercent: string;
  minTransfer: string;
}

export interface ConstraintPlan {
  changes: BenchReagentPatch;
  errors: Partial<Record<keyof ConstraintDraft, string>>;
}

export const MAX_PERCENT_MESSAGE = 'Max concentration must be between 0 and 100 % v/v';
export const MIN_TRANSFER_MESSAGE = 'Min transfer volume must be 0 µL or more';

/** The editor's starting values from a reagent's constraints. */
export function constraintDraft(r: {
  max_concentration_percent: number | null;
  min_transfer_ul: number | null;
}): ConstraintDraft {
  return {
    maxPercent: r.max_concentration_percent == null ? '' : String(r.max_concentration_percent),
    minTransfer: r.min_transfer_ul == null ? '' : String(r.min_transfer_ul),
  };
}

function parse(text: string): number | null | 'invalid' {
  if (text.trim() === '') return null;
  const n = Number(text.trim());
  return Number.isFinite(n) ? n : 'invalid';
}

/** The fields that changed (null clears a limit) and the problems of the draft. */
export function planConstraints(
  original: { max_concentration_percent: number | null; min_transfer_ul: number | null },
  draft: ConstraintDraft,
): ConstraintPlan {
  const changes: BenchReagentPatch = {};
  const errors: ConstraintPlan['errors'] = {};
  const max = parse(draft.maxPercent);
  if (max === 'invalid' || (max != null && (max < 0 || max > 100))) {
    errors.maxPercent = MAX_PERCENT_MESSAGE;
  } else if (max !== (original.max_concentration_percent ?? null)) {
    changes.max_concentration_percent = max;
  }
  const min = parse(draft.minTransfer);
  if (min === 'invalid' || (min != null && min < 0)) {
    errors.minTransfer = MIN_TRANSFER_MESSAGE;
  } else if (min !== (original.min_transfer_ul ?? null)) {
    changes.min_transfer_ul = min;
  }
  return { changes, errors };
}
