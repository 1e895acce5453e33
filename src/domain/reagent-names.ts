/**
 * Reagent names in typed text, tolerant of typos ("staurosporin", "stauro sporine", "dsmo")
 * and of bench shorthand ("stauro"): the one matcher the assistant reads requests with and
 * the designer's series form reads its compound names with. What a name resolves to (a bench
 * reagent, a catalog entry) is the caller's: the matcher carries it as `ref`. Pure.
 */
import { allowedTypos, editDistance } from './edit-distance';

/** Lower case, micro signs and punctuation to spaces: "Tris-HCl" -> "tris hcl". */
export function normalizeName(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u00b5\u03bc]/g, 'u')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** What a name resolves to: a reagent of the bench, or one the caller may add. */
export interface NamedRef {
  source: 'bench' | 'catalog';
  slug: string;
  name: string;
}

export interface Candidate<R extends NamedRef = NamedRef> {
  ref: R;
  /** normalised spellings: name, slug, aliases */
  words: string[][];
}

/** A reagent found in text, with the span it covers. */
export interface ReagentMention<R extends NamedRef = NamedRef> {
  ref: R;
  start: number;
  end: number;
  text: string;
  /** total typos of the match; 0 is exact */
  typos: number;
  /** the spelling matched, lower case ("staurosporine" for "staurospirine") */
  spelling: string;
  /** the first letters of a bench name ("stauro"): shorthand, not a typo */
  prefix?: boolean;
}

// Words that are requests, units or plate vocabulary, never reagent names on their own
// (the catalog has a buffer called CAPS and a medium called MEM).
const NOT_NAMES = new Set(
  'add put set fill to in into of the a an and or with from across down row rows column columns col cols well wells plate controls control positive negative vehicle media medium buffer points point fold dilution serial series clear remove delete empty tag label sample what which how much many show undo each per all caps mem dup dups trip trips quad quads top up at for as final volume stock um nm mm ul nl ml them then they these those'.split(
    ' ',
  ),
);

export function spellings(...names: (string | null | undefined)[]): string[][] {
  const out: string[][] = [];
  const seen = new Set<string>();
  for (const n of names) {
    if (!n) continue;
    const norm = normalizeName(n);
    if (!norm || seen.has(norm)) continue;
    seen.add(norm);
    out.push(norm.split(' '));
  }
  return out;
}

// "HEPES Buffer" is called "HEPES" at the bench: drop a generic last word.
export function shortName(name: string): string | undefined {
  const m = /^(.+?)\s+(?:buffer|solution|stock|medium|media|reagent)$/i.exec(name.trim());
  return m ? m[1] : undefined;
}

/** A bench reagent as a candidate: its name, its slug, its name without "buffer" and more. */
export function benchCandidate<R extends NamedRef>(ref: R, ...more: string[]): Candidate<R> {
  return { ref, words: spellings(ref.name, ref.slug, shortName(ref.name), ...more) };
}

interface Token {
  word: string;
  start: number;
  end: number;
}

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const re = /[A-Za-z0-9\u00b5\u03bc]+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push({ word: normalizeName(m[0]), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

// Typos of the text words t[i..i+k) against a spelling; -1 when it does not match. Words of
// up to 3 letters must match exactly, so "compound a" never matches "compound b".
function matchSpelling(tokens: Token[], i: number, spelling: string[]): number {
  if (i + spelling.length > tokens.length) return -1;
  let typos = 0;
  for (let k = 0; k < spelling.length; k++) {
    const w = tokens[i + k].word;
    const s = spelling[k];
    const allowed = allowedTypos(Math.min(s.length, w.length + 1));
    const d = editDistance(w, s, allowed);
    if (d > allowed) return -1;
    typos += d;
  }
  return typos;
}

// "stauro sporine": two typed words that are one name.
function matchJoined(tokens: Token[], i: number, spelling: string[]): number {
  if (spelling.length !== 1 || i + 1 >= tokens.length) return -1;
  const [a, b] = [tokens[i].word, tokens[i + 1].word];
  if (a.length < 3 || b.length < 3 || NOT_NAMES.has(a) || NOT_NAMES.has(b)) return -1;
  const joined = a + b;
  const s = spelling[0];
  const allowed = Math.min(1, allowedTypos(s.length));
  const d = editDistance(joined, s, allowed);
  return d <= allowed && tokens[i + 1].start - tokens[i].end <= 1 ? d : -1;
}

// One turn reads the same text several times (amounts, clauses, unread words), against the
// same candidate list (buildCandidates caches it): the last few readings are kept, keyed by
// the list and the text. Safe because neither the list nor a result is ever changed in place
// (both are read-only to callers).
const RECENT_READINGS = 4;
const recent: {
  candidates: readonly Candidate[];
  text: string;
  found: readonly ReagentMention[];
}[] = [];

/**
 * Finds reagent names in text: longest and closest first, bench before catalog, no overlaps.
 * A single word that is request vocabulary ("fill", "media") is never a name.
 */
export function findReagents<R extends NamedRef>(
  text: string,
  candidates: readonly Candidate<R>[],
): readonly ReagentMention<R>[] {
  const hit = recent.find((r) => r.candidates === candidates && r.text === text);
  // the same list of candidates found them: their refs are its refs
  if (hit) return hit.found as readonly ReagentMention<R>[];
  const found = readReagents(text, candidates);
  recent.unshift({ candidates, text, found });
  if (recent.length > RECENT_READINGS) recent.pop();
  return found;
}

function readReagents<R extends NamedRef>(
  text: string,
  candidates: readonly Candidate<R>[],
): readonly ReagentMention<R>[] {
  const tokens = tokenize(text);
  const found: (ReagentMention<R> & { words: number; rank: number })[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (const c of candidates) {
      for (const spelling of c.words) {
        let typos = matchSpelling(tokens, i, spelling);
        let words = spelling.length;
        if (typos < 0) {
          typos = matchJoined(tokens, i, spelling);
          words = 2;
        }
        if (typos < 0) continue;
        if (words === 1 && NOT_NAMES.has(tokens[i].word)) continue;
        // A bare number or a well id is not a name, even when a slug is spelled that way.
        if (words === 1 && /^(\d+|[a-z]{1,2}\d{1,2})$/.test(tokens[i].word)) continue;
        const last = tokens[i + words - 1];
        found.push({
          ref: c.ref,
          start: tokens[i].start,
          end: last.end,
          text: text.slice(tokens[i].start, last.end),
          typos,
          spelling: spelling.join(' '),
          words,
          rank: c.ref.source === 'bench' ? 0 : 1,
        });
      }
    }
  }
  found.push(...benchPrefixes(tokens, candidates, found));
  // The bench wins over the catalog, then the longer name, then the closer spelling.
  const ordered = found.toSorted(
    (a, b) => a.rank - b.rank || b.end - b.start - (a.end - a.start) || a.typos - b.typos,
  );
  const taken: ReagentMention<R>[] = [];
  for (const f of ordered) {
    if (taken.some((t) => f.start < t.end && t.start < f.end)) continue;
    const { ref, start, end, typos, spelling, prefix } = f;
    taken.push({ ref, start, end, text: f.text, typos, spelling, ...(prefix ? { prefix } : {}) });
  }
  return taken.toSorted((a, b) => a.start - b.start);
}

// Bench shorthand ("stauro" for staurosporine): a word of 5+ letters that begins exactly one
// bench name, where nothing else matched. Only the bench: the catalog is too large for it.
function benchPrefixes<R extends NamedRef>(
  tokens: Token[],
  candidates: readonly Candidate<R>[],
  found: readonly { start: number; end: number }[],
): (ReagentMention<R> & { words: number; rank: number })[] {
  const out: (ReagentMention<R> & { words: number; rank: number })[] = [];
  for (const t of tokens) {
    if (t.word.length < 5 || NOT_NAMES.has(t.word) || !/^[a-z]/.test(t.word)) continue;
    if (found.some((f) => t.start < f.end && f.start < t.end)) continue;
    const hits = candidates.filter(
      (c) =>
        c.ref.source === 'bench' && c.words.some((w) => w[0].startsWith(t.word) && w[0] !== t.word),
    );
    if (hits.length !== 1) continue;
    const name = hits[0].words[0][0];
    out.push({
      ref: hits[0].ref,
      start: t.start,
      end: t.end,
      text: t.word,
      typos: name.length - t.word.length,
      spelling: name,
      prefix: true,
      words: 1,
      rank: 0,
    });
  }
  return out;
}

/** The candidate a whole text names ("stauro", "staurosporin"), not one inside it. */
export function wholeName<R extends NamedRef>(
  text: string,
  candidates: readonly Candidate<R>[],
): R | undefined {
  const norm = normalizeName(text);
  return findReagents(text, candidates).find((m) => normalizeName(m.text) === norm)?.ref;
}

/** The closest known name to an unknown word, for "did you mean"; undefined when none is near. */
export function closestName(word: string, candidates: readonly Candidate[]): string | undefined {
  const w = normalizeName(word);
  if (w.length < 3) return undefined;
  let best: { name: string; d: number } | undefined;
  for (const c of candidates) {
    for (const s of c.words) {
      const d = editDistance(w, s.join(' '), 3);
      if (d <= 3 && (!best || d < best.d)) best = { name: c.ref.name, d };
    }
  }
  return best?.name;
}
