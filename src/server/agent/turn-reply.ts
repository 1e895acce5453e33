/**
 * The assistant's message for a turn: what changed, notes on it, the wells left unmet, the
 * answers, or the refusal. Pure.
 */
import type { PlateState } from '../../domain/plate-state';
import type { CallsResult } from './run-calls';
import { summarizeIds } from './tools/well-list';

const MAX_WARNINGS = 3;

/** Wells of the change that the new state reports unmet. */
export function unmetAmong(state: PlateState, changed: readonly string[]): string[] {
  const unmet = new Set(state.indices.unmet);
  return changed.filter((id) => unmet.has(id));
}

/** The message text of a turn that ran its calls. */
export function replyText(result: CallsResult, state: PlateState | null): string {
  if (result.error) {
    const e = result.error.trim();
    return /nothing changed/i.test(e) ? e : `${e}${/[.?!]$/.test(e) ? '' : '.'} Nothing changed.`;
  }
  const lines: string[] = [];
  for (const s of result.summaries) lines.push(`${s}.`);
  // the layout tools' warnings (an edge well, a layout replaced) never stop a write: notes
  const notes = [...new Set(result.warnings.map((w) => w.trim().replace(/\.$/, '')))];
  if (notes.length > 0) {
    const more = notes.length > MAX_WARNINGS ? ` (and ${notes.length - MAX_WARNINGS} more)` : '';
    lines.push(`Note: ${notes.slice(0, MAX_WARNINGS).join('; ')}${more}.`);
  }
  if (state && result.changed.length > 0) {
    const unmet = unmetAmong(state, result.changed);
    if (unmet.length > 0)
      lines.push(
        `${summarizeIds(unmet)} ${unmet.length === 1 ? 'is' : 'are'} unmet; ask "which wells are unmet" for the reasons.`,
      );
  }
  // a stock two clauses both draw on is prepared once, so it is said once
  const stocks = [...new Set(result.ops.map((o) => o.label))];
  if (stocks.length > 0) lines.push(`Working stocks to prepare: ${stocks.join('; ')}.`);
  lines.push(...result.answers);
  return lines.join('\n') || 'Nothing to change.';
}
