/**
 * Amounts that need the reagent to be read: mass concentrations (ng/mL, ug/mL, mg/mL, g/L)
 * become nM through the molecular weight of the reagent's catalog entry; a percentage of a
 * molar stock, a bare mass or a molar amount of a reagent without a molar stock does not fit
 * and is asked about or refused. Pure.
 */
import { toNanomolarAny } from '../../../domain/chemistry/concentration-units';
import {
  MASS_PER_VOLUME_SPELLING,
  MASS_UNIT_SPELLING,
  toNanogramsPerMl,
} from '../../../domain/units';
import type { CatalogReagent } from '../../catalog/catalog-seed';
import { findReagents } from '../../../domain/reagent-names';
import { catalogEntryOf, type Candidate, type ReagentMention } from '../reagent-match';

export type AmountReading =
  | { kind: 'text'; text: string }
  | { kind: 'ask'; question: string }
  | { kind: 'refuse'; reason: string };

const MASS = new RegExp(String.raw`(\d+(?:\.\d+)?|\.\d+)\s*${MASS_PER_VOLUME_SPELLING}`, 'g');
const BARE_MASS = new RegExp(String.raw`(\d+(?:\.\d+)?)\s*${MASS_UNIT_SPELLING}(?![A-Za-z/])`);

// The bench reagent's own molecular weight first (a free base is not its salt), then the
// catalog entry's.
function mwOf(m: ReagentMention, catalog: readonly CatalogReagent[]): number | null {
  const own = m.ref.source === 'bench' ? m.ref.reagent.molecular_weight_g_per_mol : null;
  if (own != null && own > 0) return own;
  const entry = m.ref.source === 'catalog' ? m.ref.entry : catalogEntryOf(m.ref, catalog);
  return entry?.molecular_weight_g_per_mol ?? null;
}

// The reagent an amount belongs to: the first named after it, else the last before it.
function reagentFor(at: number, mentions: readonly ReagentMention[]): ReagentMention | undefined {
  return mentions.find((m) => m.start >= at) ?? mentions.filter((m) => m.end <= at).at(-1);
}

export function readAmounts(
  text: string,
  candidates: readonly Candidate[],
  catalog: readonly CatalogReagent[],
): AmountReading {
  const mentions = findReagents(text, candidates);
  let out = '';
  let last = 0;
  MASS.lastIndex = 0;
  for (let m = MASS.exec(text); m; m = MASS.exec(text)) {
    const r = reagentFor(m.index + m[0].length, mentions);
    if (!r) continue;
    const mw = mwOf(r, catalog);
    if (mw == null)
      return {
        kind: 'ask',
        question: `${r.ref.name} has no molecular weight, so I cannot turn ${m[0]} into a molar concentration. What molar concentration do you want (e.g. "10 uM ${r.ref.name}")?`,
      };
    // the domain's one conversion of a mass concentration
    const ngPerMl = toNanogramsPerMl(Number(m[1]), m[2], m[3]);
    const nM = Number(toNanomolarAny(ngPerMl, 'ng/mL', mw).toPrecision(12));
    out += `${text.slice(last, m.index)}${nM} nM`;
    last = m.index + m[0].length;
  }
  const t = out + text.slice(last);
  const bare = BARE_MASS.exec(t);
  if (bare)
    return {
      kind: 'refuse',
      reason: `${bare[0]} is a mass, not a concentration or a volume; give a concentration (e.g. "10 uM") or a volume (e.g. "2 uL")`,
    };
  // "1 % compound A": a percentage of a reagent whose stock is molar.
  const pct = /(\d+(?:\.\d+)?)\s*(?:%|percent)\s+(?:of\s+)?/g;
  const named = findReagents(t, candidates);
  for (let m = pct.exec(t); m; m = pct.exec(t)) {
    const r = named.find((x) => x.start === m!.index + m![0].length);
    const b = r?.ref.source === 'bench' ? r.ref.reagent : undefined;
    if (b && b.stock_nM != null && b.stock_pct == null)
      return {
        kind: 'ask',
        question: `${b.name} has a molar stock, so ${m[1]} % does not fit it. What molar concentration do you want (e.g. "10 uM ${b.name}")?`,
      };
  }
  return { kind: 'text', text: t };
}
