/**
 * The well-set grammar inside a sentence: the well phrases a request holds, found where they
 * stand ("add 1 uM X to every other column of row B"), joined ("even columns and odd rows"
 * is both), and "all wells except X" / "<wells> except X" with the wells left. The screening
 * terms are the grammar's own (well-set-terms.ts), the plain references its ranges
 * (well-set-ranges.ts); the regions named by a reagent ("the staurosporine wells") are read
 * here, against the names of the bench. A phrase that reads two ways gives both readings, so
 * that the assistant asks instead of guessing. Pure.
 */
import type { PlateDefn } from '../plate-format';
import type { WireWells } from '../plate-wire';
import { MOLAR_UNIT_SPELLING, VOLUME_UNIT_SPELLING } from '../units';
import { idOfIndex, indexOfWellId } from '../well-id';
import { ALL_BEFORE_EXCEPT } from './well-set-names';
import { parseWellRanges } from './well-set-ranges';
import { findTerm, type TermPlate, type TermReading } from './well-set-terms';

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
      return { ...at, readings: ids.map((i) => ({ label: idOfIndex(ctx.defn, i), indices: [i] })) };
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

const EXCEPT =
  /\s*,?\s*\b(?:except(?:\s+for)?|but(?:\s+not)?|other\s+than|apart\s+from|excluding|without|save)\s+/i;
// Where the excluded wells end: the next verb-like word of the request. A "to" between a
// column number or a row or well and another is a range ("except columns 12 to 21").
const EXCLUDED_END = new RegExp(
  String.raw`\s+(?:with|as|to(?!\s+(?:[A-Za-z]{1,2}\d{0,3}|\d{1,3})(?![\w.]|\s*(?:${MOLAR_UNIT_SPELLING}|%|${VOLUME_UNIT_SPELLING})\b))|at|using|in\s+(?:duplicate|triplicate))\b|\s*[,;.]|$`,
  'i',
);

/** Wells of a piece of text: screening phrases and plain ranges together. */
export function wellsOfText(
  text: string,
  ctx: PhraseContext,
): { indices: number[]; ambiguous?: PhraseMatch; error?: string } {
  const { phrases, rest } = findPhrases(text, ctx);
  const out = new Set<number>();
  for (const phrase of phrases) {
    if (phrase.error) return { indices: [], error: phrase.error };
    if (phrase.readings.length > 1) return { indices: [], ambiguous: phrase };
    for (const i of phrase.readings[0]?.indices ?? []) out.add(i);
  }
  const ranges = parseWellRanges(rest, {
    defn: ctx.defn,
    wells: ctx.wells,
    selection: ctx.selection,
  });
  if (ranges.errors.length > 0) return { indices: [], error: ranges.errors[0] };
  for (const i of ranges.indices) out.add(i);
  return { indices: [...out] };
}

/** The text with a span blanked, its length kept (spans after it keep their places). */
export function blank(text: string, start: number, end: number): string {
  return text.slice(0, start) + ' '.repeat(end - start) + text.slice(end);
}

/** The text with every span blanked (blank). */
export function blankSpans(text: string, spans: readonly { start: number; end: number }[]): string {
  return spans.reduce((t, s) => blank(t, s.start, s.end), text);
}

/**
 * Every screening phrase of a text, in reading order ("even columns and odd rows" is two),
 * and the text with each blanked, so that what is left reads as plain wells.
 */
export function findPhrases(
  text: string,
  ctx: PhraseContext,
): { phrases: PhraseMatch[]; rest: string } {
  const phrases: PhraseMatch[] = [];
  let rest = text;
  for (let p = findPhrase(rest, ctx); p && phrases.length < 16; p = findPhrase(rest, ctx)) {
    phrases.push(p);
    rest = blank(rest, p.start, p.end);
  }
  return { phrases, rest };
}

/**
 * The wells a piece of text names with its "except" applied: "row D except D5" is row D
 * less D5, where wellsOfText would join them.
 */
export function namedWells(
  text: string,
  ctx: PhraseContext,
): { indices: number[]; ambiguous?: PhraseMatch; error?: string } {
  const except = findExcept(text, ctx);
  if (!except) return wellsOfText(text, ctx);
  if (except.ambiguous) return { indices: [], ambiguous: except.ambiguous };
  if (except.error) return { indices: [], error: except.error };
  const others = wellsOfText(blank(text, except.start, except.end), ctx);
  if (others.error || others.ambiguous) return others;
  return { indices: [...new Set([...others.indices, ...except.indices])] };
}

/** "all wells except X" / "<wells> except X": the span it covers and the wells left. */
export function findExcept(
  text: string,
  ctx: PhraseContext,
): {
  start: number;
  end: number;
  indices: number[];
  error?: string;
  ambiguous?: PhraseMatch;
} | null {
  const k = EXCEPT.exec(text);
  if (!k) return null;
  const before = text.slice(0, k.index);
  const afterStart = k.index + k[0].length;
  const after = text.slice(afterStart);
  const endM = EXCLUDED_END.exec(after)!;
  const excludedText = after.slice(0, endM.index);
  const excluded = wellsOfText(excludedText, ctx);
  if (excluded.error || excluded.ambiguous)
    return { start: 0, end: 0, indices: [], error: excluded.error, ambiguous: excluded.ambiguous };
  // Words after "except" that name no wells leave nothing out: that is not what was asked.
  if (excluded.indices.length === 0 && /[A-Za-z0-9]/.test(excludedText))
    return {
      start: 0,
      end: 0,
      indices: [],
      error: `"${excludedText.trim()}" names no wells I can leave out; name them, e.g. "except column 1" or "except the outer wells"`,
    };
  // The base: "all wells" (or "everywhere") just before, else the last well reference.
  let baseStart: number;
  let base: number[];
  const all = ALL_BEFORE_EXCEPT.exec(before);
  if (all) {
    baseStart = all.index;
    base = Array.from({ length: ctx.defn.rows * ctx.defn.cols }, (_, i) => i);
  } else {
    const phrase = findPhrase(before, ctx);
    const ranges = parseWellRanges(before, {
      defn: ctx.defn,
      wells: ctx.wells,
      selection: ctx.selection,
    });
    const last = ranges.matches.at(-1);
    if (phrase && phrase.readings.length === 1 && (!last || phrase.start > last.start)) {
      baseStart = phrase.start;
      base = phrase.readings[0].indices;
    } else if (last) {
      // "columns 1-6 except row H": the whole reference, which may be several matches joined.
      const first = ranges.matches[0];
      baseStart = first.start;
      base = ranges.indices;
    } else return null;
  }
  const drop = new Set(excluded.indices);
  const indices = base.filter((i) => !drop.has(i));
  return {
    start: baseStart,
    end: afterStart + endM.index,
    indices,
    error: indices.length === 0 ? 'That leaves no wells' : undefined,
  };
}
