/**
 * The well-set grammar inside a sentence: the well phrases a request holds, found where they
 * stand ("add 1 uM X to every other column of row B"). The screening terms are the grammar's
 * own (well-set-terms.ts); the regions named by a reagent ("the staurosporine wells") are
 * read here, against the names of the bench. A phrase that reads two ways gives both
 * readings, so that the assistant asks instead of guessing. Pure.
 */
import type { PlateDefn } from '../plate-format';
import type { WireWells } from '../plate-wire';
import { indexOfWellId } from '../well-id';
import { findTerm, rowLabel, type TermPlate, type TermReading } from './well-set-terms';

/** One reading of a phrase: its wells and a short description to offer as a choice. */
export type Reading = TermReading;

/** A phrase found in the text, with one reading or (ambiguous) several. */
export interface PhraseMatch {
  start: number;
  end: number;
  readings: Reading[];
  /** a sentence when the phrase names wells off the plate or none at all */
  error?: string;
}

export interface PhraseContext {
  defn: PlateDefn;
  wells: WireWells;
  /** reagent names (lower case) -> slug, to read "the staurosporine wells" */
  reagentSlugs: Map<string, string>;
  selection?: readonly number[];
}

function matching(ctx: PhraseContext, keep: (w: WireWells[string]) => boolean): number[] {
  const out: number[] = [];
  for (const [id, w] of Object.entries(ctx.wells))
    if (keep(w)) out.push(indexOfWellId(id, ctx.defn));
  return out.toSorted((a, b) => a - b);
}

const termPlate = (ctx: PhraseContext): TermPlate => ({
  defn: ctx.defn,
  tagged: (tags) => matching(ctx, (w) => (w.tags ?? []).some((t) => tags.includes(t))),
});

const idOf = (defn: PlateDefn, i: number) =>
  `${rowLabel(Math.floor(i / defn.cols))}${(i % defn.cols) + 1}`;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "the staurosporine wells", "the compound A wells", "wells with staurosporine". */
function reagentRegion(text: string, ctx: PhraseContext): PhraseMatch | null {
  for (const [name, slug] of ctx.reagentSlugs) {
    const esc = escape(name);
    const re = new RegExp(
      String.raw`\b(?:the\s+)?(?:${esc})\s+wells?\b|\b(?:the\s+)?wells\s+(?:with|holding|containing)\s+(?:${esc})\b`,
      'i',
    );
    const m = re.exec(text);
    if (!m) continue;
    const ids = matching(ctx, (w) => Boolean(w.targets[slug]));
    const at = { start: m.index, end: m.index + m[0].length };
    // "the staurosporine well" when several hold it: which one?
    if (/\bwell\b/i.test(m[0]) && ids.length > 1 && ids.length <= 6)
      return { ...at, readings: ids.map((i) => ({ label: idOf(ctx.defn, i), indices: [i] })) };
    return {
      ...at,
      readings: [{ label: m[0], indices: ids }],
      error: ids.length === 0 ? `No wells hold ${name}` : undefined,
    };
  }
  return null;
}

/** The first screening well-set phrase of the text, or null. */
export function findPhrase(text: string, ctx: PhraseContext): PhraseMatch | null {
  const term = findTerm(text, termPlate(ctx));
  const best: PhraseMatch | null = term
    ? { start: term.start, end: term.end, readings: term.readings, error: term.error }
    : null;
  const region = reagentRegion(text, ctx);
  return region && (!best || region.start < best.start) ? region : best;
}
