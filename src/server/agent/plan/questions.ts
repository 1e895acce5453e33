/**
 * Questions answered from the plan of the plate, never by writing: the solvent load or the
 * volume of a well, the solvent limit, the highest concentration a reagent's stock allows,
 * the number of transfers, which wells are controls of a kind. Null for anything else (the
 * request reader's own questions then answer). Pure.
 */
import { formatConcentration, formatVolume } from '../../../domain/accuracy';
import { computePlateState } from '../../../domain/plate-state';
import { buildCandidates, findReagents } from '../reagent-match';
import type { ToolContext } from '../tools/tool-types';
import { summarizeIds } from '../tools/well-list';
import { parseWellRanges, idsOf } from '../well-ranges';
import { solventLimit } from './check';

const QUESTION = /^\s*(?:what|what's|whats|which|how|is|are|does|do|tell|can|could)\b|\?\s*$/i;
const pct = (x: number) => `${Number(x.toPrecision(2))} %`;

function stateOfWell(ctx: ToolContext, id: string) {
  const wells = ctx.wells[id] ? { [id]: ctx.wells[id] } : {};
  return computePlateState({ defn: ctx.defn, wells, version: 0, bench: ctx.bench, hasher: null })
    .wells[id];
}

const CONTROL_KINDS: [RegExp, string[], string][] = [
  [/\bpositive\b|\bpos\b|\bhigh\b|\bmax\b/i, ['POS'], 'positive controls'],
  [/\bnegative\b|\bneg\b|\blow\b|\bmin\b/i, ['NEG'], 'negative controls'],
  [/\bdmso\b|\bvehicle\b/i, ['DMSO', 'vehicle'], 'vehicle controls'],
  [/\bblank|\bzero\b/i, ['ZERO'], 'blanks'],
];

/** The answer, or null when the text is not one of these questions. */
export function answerQuestion(text: string, ctx: ToolContext): string | null {
  if (!QUESTION.test(text)) return null;
  const t = text.toLowerCase();
  const ranges = parseWellRanges(text, { defn: ctx.defn, wells: ctx.wells });
  const single = ranges.indices.length === 1 ? idsOf(ctx.defn, ranges.indices)[0] : undefined;
  const limit = solventLimit(ctx.bench);

  if (single && /\b(?:dmso|solvent)\b/.test(t) && /%|percent|how much|load|level/.test(t)) {
    const w = stateOfWell(ctx, single);
    if (!w) return `${single} is empty.`;
    return `${single} is at ${pct(w.vehicle_vv_pct)} v/v ${limit.name} (limit ${pct(limit.pct)}) in ${formatVolume(w.metrics.volumeUl)}.`;
  }
  if (single && /\bvolume\b/.test(t)) {
    const w = stateOfWell(ctx, single);
    return w ? `${single} holds ${formatVolume(w.metrics.volumeUl)}.` : `${single} is empty.`;
  }
  if (/\b(?:dmso|solvent)\s+limit\b|\blimit\s+(?:of|for|on)\s+(?:dmso|solvent)\b/.test(t))
    return `The ${limit.name} limit is ${pct(limit.pct)} v/v per well.`;
  if (
    /\b(?:highest|maximum|max|most)\b/.test(t) &&
    /\b(?:use|put|add|go|reach|concentration)\b/.test(t)
  ) {
    const r = findReagents(text, buildCandidates(ctx.bench, ctx.catalog ?? []))[0];
    const b = r?.ref.source === 'bench' ? r.ref.reagent : undefined;
    if (b?.stock_nM) {
      const inSolvent =
        b.solvent &&
        ctx.bench.some((x) => x.name === b.solvent && x.max_concentration_percent != null);
      const most = inSolvent ? (b.stock_nM * limit.pct) / 100 : b.stock_nM;
      const why = inSolvent
        ? `its ${formatConcentration(b.stock_nM)} stock is in ${b.solvent}, which is limited to ${pct(limit.pct)} v/v`
        : `that is its stock`;
      return `The highest ${b.name} a well can take is ${formatConcentration(most)}: ${why}.`;
    }
  }
  if (/\btransfers?\b/.test(t)) {
    let n = 0;
    for (const w of Object.values(ctx.wells))
      for (const tg of Object.values(w.targets)) if (tg.volume_uL > 0) n++;
    return `This plate takes ${n} transfers (one per reagent per well, the vehicle included).`;
  }
  if (/\bcontrols?\b/.test(t) && /\bwhich\b|\bwhere\b/.test(t)) {
    const kind = CONTROL_KINDS.find(([re]) => re.test(t));
    const tags = kind ? kind[1] : ['POS', 'NEG', 'DMSO', 'vehicle', 'ZERO'];
    const ids = Object.entries(ctx.wells)
      .filter(([, w]) => (w.tags ?? []).some((x) => tags.includes(x)))
      .map(([id]) => id);
    const what = kind ? kind[2] : 'controls';
    return ids.length === 0 ? `No wells are ${what}.` : `The ${what} are ${summarizeIds(ids)}.`;
  }
  return null;
}
