/**
 * Questions answered from the plan of the plate, never by writing: the solvent load or the
 * volume of a well, the solvent limit, the highest concentration a reagent's stock allows,
 * the number of transfers, which wells are controls of a kind. Null for anything else (the
 * request reader's own questions then answer). Pure.
 */
import { formatConcentration, formatVolume } from '../../../domain/accuracy';
import { solventOfReagent } from '../../../domain/chemistry';
import { planDispense } from '../../../domain/dispensing/plan';
import { solventBudgetUL, solventLimitPct } from '../../../domain/dispensing/solvent-budget';
import { plannedWellVolume } from '../../../domain/plate/plan-volume';
import { toDisplayType } from '../../../domain/reagent-types';
import { findReagents } from '../../../domain/reagent-names';
import { buildCandidates } from '../reagent-match';
import type { ToolContext } from '../tools/tool-types';
import { summarizeIds } from '../tools/well-list';
import { parseWellRanges } from '../../../domain/plate/well-set-ranges';
import { idsOf } from '../../../domain/layout/well-list';
import { pct, solventName } from './check';
import { CONTROL_KINDS, controlTags, controlWords } from '../../../domain/plate/control-words';

const QUESTION = /^\s*(?:what|what's|whats|which|how|is|are|does|do|tell|can|could)\b|\?\s*$/i;

/** The dispense plan of some wells (or the plate): what will really be dispensed. */
function planOf(ctx: ToolContext, ids?: readonly string[]) {
  const wells = ids
    ? Object.fromEntries(ids.filter((id) => ctx.wells[id]).map((id) => [id, ctx.wells[id]]))
    : ctx.wells;
  return planDispense(ctx.defn, wells, ctx.bench, ctx.dispensing ?? null);
}

/** The solvent keys a question is about: the one it names, else those on the bench. */
function askedSolvents(ctx: ToolContext, text: string): string[] {
  const named = /dmso/i.test(text) ? ['dmso'] : [];
  if (named.length > 0) return named;
  const onBench = ctx.bench
    .filter((b) => toDisplayType(b.type) === 'solvent')
    .map((b) => solventOfReagent(b.type, b.solvent, b.slug))
    .filter((k): k is string => k !== null);
  return onBench.length > 0 ? [...new Set(onBench)] : ['dmso'];
}

// The kind of control a question names, in the words of the one list of control words.
const ASKED_KINDS = (Object.keys(CONTROL_KINDS) as (keyof typeof CONTROL_KINDS)[]).map((kind) => ({
  kind,
  words: new RegExp(
    String.raw`\b(?:${controlWords(kind, 'names', 'signal', 'shorthand', 'effect')})\b`,
    'i',
  ),
}));

/** The answer, or null when the text is not one of these questions. */
export function answerQuestion(text: string, ctx: ToolContext): string | null {
  if (!QUESTION.test(text)) return null;
  const t = text.toLowerCase();
  const ranges = parseWellRanges(text, { defn: ctx.defn, wells: ctx.wells });
  const single = ranges.indices.length === 1 ? idsOf(ctx.defn, ranges.indices)[0] : undefined;
  const limitOf = (key: string) =>
    `The ${solventName(ctx.bench, key)} limit is ${pct(solventLimitPct(ctx.bench, key))} v/v per well.`;

  if (single && /\b(?:dmso|solvent)\b/.test(t) && /%|percent|how much|load|level/.test(t)) {
    if (!ctx.wells[single]) return `${single} is empty.`;
    // as dispensed: a pipetted working stock in the assay diluent brings 1/F of the DMSO
    const row = planOf(ctx, [single]).wells.find((w) => w.well === single);
    const loads = Object.entries(row?.solvent_pct ?? {});
    const volume = formatVolume(row?.volume_uL ?? 0);
    if (loads.length === 0) return `${single} holds no organic solvent (${volume}).`;
    const each = loads.map(
      ([key, p]) =>
        `${pct(p)} v/v ${solventName(ctx.bench, key)} (limit ${pct(solventLimitPct(ctx.bench, key))})`,
    );
    return `${single} is at ${each.join(', ')} in ${volume}.`;
  }
  if (single && /\bvolume\b/.test(t)) {
    if (!ctx.wells[single]) return `${single} is empty.`;
    const row = planOf(ctx, [single]).wells.find((w) => w.well === single);
    return `${single} holds ${formatVolume(row?.volume_uL ?? 0)}.`;
  }
  if (/\b(?:dmso|solvent)\s+limit\b|\blimit\s+(?:of|for|on)\s+(?:dmso|solvent)\b/.test(t))
    return askedSolvents(ctx, t).map(limitOf).join(' ');
  if (
    /\b(?:highest|maximum|max|most)\b/.test(t) &&
    /\b(?:use|put|add|go|reach|concentration)\b/.test(t)
  ) {
    const r = findReagents(text, buildCandidates(ctx.bench, ctx.catalog ?? []))[0];
    const b = r?.ref.source === 'bench' ? r.ref.reagent : undefined;
    if (b?.stock_nM) {
      // the plan's budget of the stock's own solvent (its limit, or the backfill's %; water
      // brings none): the compound comes with its solvent, so S x budget / V is the most
      const V = plannedWellVolume(ctx.defn, ctx.dispensing, 0);
      const budget = solventBudgetUL(b, ctx.bench, ctx.dispensing?.backfill, V);
      const limited = Number.isFinite(budget);
      const most = limited ? Math.min(b.stock_nM, (b.stock_nM * budget) / V) : b.stock_nM;
      const why = limited
        ? `its ${formatConcentration(b.stock_nM)} stock is in ${b.solvent}, which is limited to ${pct((100 * budget) / V)} v/v`
        : `that is its stock`;
      return `The highest ${b.name} a well can take is ${formatConcentration(most)}: ${why}.`;
    }
  }
  if (/\btransfers?\b/.test(t)) {
    const plan = planOf(ctx);
    const bulkWells = plan.bulk.reduce((n, b) => n + b.wells.length, 0);
    const unmet = new Set(plan.unmet.map((u) => u.well)).size;
    return (
      `This plate takes ${plan.transfers.length} transfers from ${plan.sources.length} source wells` +
      (bulkWells > 0 ? `, and ${bulkWells} bulk dispenses` : '') +
      (plan.intermediates.length > 0
        ? `, after ${plan.intermediates.length} working stocks are made`
        : '') +
      (unmet > 0 ? `; ${unmet} wells are unmet and not counted` : '') +
      '.'
    );
  }
  if (/\bcontrols?\b/.test(t) && /\bwhich\b|\bwhere\b/.test(t)) {
    const kind = ASKED_KINDS.find((k) => k.words.test(t))?.kind;
    const tags = kind ? CONTROL_KINDS[kind].tags : controlTags(undefined);
    const ids = Object.entries(ctx.wells)
      .filter(([, w]) => (w.tags ?? []).some((x) => tags.includes(x)))
      .map(([id]) => id);
    const what = kind === 'zero' ? 'blanks' : kind ? `${kind} controls` : 'controls';
    return ids.length === 0 ? `No wells are ${what}.` : `The ${what} are ${summarizeIds(ids)}.`;
  }
  return null;
}
