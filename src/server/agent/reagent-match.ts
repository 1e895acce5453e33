/**
 * Reagent names in text -> bench reagents or catalog entries, tolerant of typos
 * ("staurosporin", "stauro sporine", "dsmo"). Pure.
 */
import { canonicalStock } from '../../domain/units';
import type { BenchReagentInfo } from '../../domain/plate-wire';
import { allowedTypos, editDistance } from '../../domain/edit-distance';
import type { CatalogReagent } from '../catalog/catalog-seed';

/** Lower case, micro signs and punctuation to spaces: "Tris-HCl" -> "tris hcl". */
export function normalizeName(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u00b5\u03bc]/g, 'u')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Something a name can resolve to. */
export type ReagentRef =
  | { source: 'bench'; slug: string; name: string; reagent: BenchReagentInfo }
  | { source: 'catalog'; slug: string; name: string; entry: CatalogReagent };

export interface Candidate {
  ref: ReagentRef;
  /** normalised spellings: name, slug, aliases */
  words: string[][];
}

/** A reagent found in text, with the span it covers. */
export interface ReagentMention {
  ref: ReagentRef;
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

function spellings(...names: (string | null | undefined)[]): string[][] {
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
function shortName(name: string): string | undefined {
  const m = /^(.+?)\s+(?:buffer|solution|stock|medium|media|reagent)$/i.exec(name.trim());
  return m ? m[1] : undefined;
}

/** The catalog entry a bench reagent came from: same slug, or its name as a name or alias. */
export function catalogEntryOf(
  r: Pick<BenchReagentInfo, 'slug' | 'name'>,
  catalog: readonly CatalogReagent[],
): CatalogReagent | undefined {
  const index = catalogIndex(catalog);
  const n = normalizeName(r.name);
  return index.slug.get(r.slug) ?? index.name.get(n) ?? index.alias.get(n);
}

interface CatalogIndex {
  slug: Map<string, CatalogReagent>;
  name: Map<string, CatalogReagent>;
  alias: Map<string, CatalogReagent>;
}
const INDEX_CACHE = new WeakMap<readonly CatalogReagent[], CatalogIndex>();

// The first entry of each slug, normalised name and alias (what a search in order finds),
// made once per catalog rather than normalising 173 names for each bench reagent.
function catalogIndex(catalog: readonly CatalogReagent[]): CatalogIndex {
  let index = INDEX_CACHE.get(catalog);
  if (!index) {
    index = { slug: new Map(), name: new Map(), alias: new Map() };
    for (const e of catalog) {
      if (!index.slug.has(e.slug)) index.slug.set(e.slug, e);
      const n = normalizeName(e.name);
      if (!index.name.has(n)) index.name.set(n, e);
      for (const a of e.aliases) {
        const k = normalizeName(a);
        if (!index.alias.has(k)) index.alias.set(k, e);
      }
    }
    INDEX_CACHE.set(catalog, index);
  }
  return index;
}

// The candidates of the benches seen lately, per catalog: a turn asks for them several
// times and most turns see the bench of the turn before.
const CANDIDATE_CACHE = new WeakMap<readonly CatalogReagent[], Map<string, Candidate[]>>();
const CANDIDATE_BENCHES = 16;

/** Everything names can resolve to: the bench first, then catalog entries not on it. */
export function buildCandidates(
  bench: readonly BenchReagentInfo[],
  catalog: readonly CatalogReagent[] = [],
): readonly Candidate[] {
  let byBench = CANDIDATE_CACHE.get(catalog);
  if (!byBench) CANDIDATE_CACHE.set(catalog, (byBench = new Map()));
  const key = JSON.stringify(bench);
  let list = byBench.get(key);
  if (!list) {
    list = candidatesOf(bench, catalog);
    byBench.set(key, list);
    if (byBench.size > CANDIDATE_BENCHES) byBench.delete(byBench.keys().next().value as string);
  }
  return list;
}

function candidatesOf(
  bench: readonly BenchReagentInfo[],
  catalog: readonly CatalogReagent[],
): Candidate[] {
  // A reagent on the bench answers to the names of its catalog entry too (same slug, or a
  // catalog name or alias equal to its name): "ATP" once ATP disodium salt is on the bench,
  // "STS" or "dimethyl sulfoxide" for the bench's staurosporine and DMSO.
  const entryOf = (r: BenchReagentInfo) => catalogEntryOf(r, catalog);
  const claimed = new Set<string>();
  const out: Candidate[] = bench.map((r) => {
    const e = entryOf(r);
    if (e) claimed.add(e.slug);
    return {
      ref: { source: 'bench', slug: r.slug, name: r.name, reagent: r },
      words: spellings(r.name, r.slug, shortName(r.name), ...(e ? [e.name, ...e.aliases] : [])),
    };
  });
  const onBench = new Set(bench.map((r) => r.slug));
  const benchNames = new Set(bench.map((r) => normalizeName(r.name)));
  for (const c of catalogCandidates(catalog)) {
    if (onBench.has(c.ref.slug) || claimed.has(c.ref.slug)) continue;
    if (benchNames.has(normalizeName(c.ref.name))) continue;
    out.push(c);
  }
  return out;
}

// A concentrate ("PBS, 10x"), diluted before use.
const isConcentrate = (e: CatalogReagent) => /\b(?:[2-9]|\d{2,})\s*x\b/i.test(e.name);

// The catalog does not change while the server runs: spell it out once.
const CATALOG_CACHE = new WeakMap<readonly CatalogReagent[], Candidate[]>();

function catalogCandidates(catalog: readonly CatalogReagent[]): Candidate[] {
  let list = CATALOG_CACHE.get(catalog);
  if (!list) {
    // A name two entries share ("PBS") means the working one, not the concentrate ("PBS,
    // 10x"): the concentrate keeps only its own spellings ("10x PBS").
    const count = new Map<string, number>();
    for (const e of catalog)
      for (const a of new Set(e.aliases.map(normalizeName))) count.set(a, (count.get(a) ?? 0) + 1);
    list = catalog.map((e) => ({
      ref: { source: 'catalog', slug: e.slug, name: e.name, entry: e },
      words: spellings(
        e.name,
        e.slug,
        ...e.aliases.filter((a) => !isConcentrate(e) || (count.get(normalizeName(a)) ?? 0) < 2),
      ),
    }));
    CATALOG_CACHE.set(catalog, list);
  }
  return list;
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
export function findReagents(
  text: string,
  candidates: readonly Candidate[],
): readonly ReagentMention[] {
  const hit = recent.find((r) => r.candidates === candidates && r.text === text);
  if (hit) return hit.found;
  const found = readReagents(text, candidates);
  recent.unshift({ candidates, text, found });
  if (recent.length > RECENT_READINGS) recent.pop();
  return found;
}

function readReagents(text: string, candidates: readonly Candidate[]): readonly ReagentMention[] {
  const tokens = tokenize(text);
  const found: (ReagentMention & { words: number; rank: number })[] = [];
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
  const taken: ReagentMention[] = [];
  for (const f of ordered) {
    if (taken.some((t) => f.start < t.end && t.start < f.end)) continue;
    const { ref, start, end, typos, spelling, prefix } = f;
    taken.push({ ref, start, end, text: f.text, typos, spelling, ...(prefix ? { prefix } : {}) });
  }
  return taken.toSorted((a, b) => a.start - b.start);
}

// Bench shorthand ("stauro" for staurosporine): a word of 5+ letters that begins exactly one
// bench name, where nothing else matched. Only the bench: the catalog is too large for it.
function benchPrefixes(
  tokens: Token[],
  candidates: readonly Candidate[],
  found: readonly { start: number; end: number }[],
): (ReagentMention & { words: number; rank: number })[] {
  const out: (ReagentMention & { words: number; rank: number })[] = [];
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

/** Resolves one name or slug (as a tool argument gives it) to a bench or catalog reagent. */
export function resolveReagent(
  nameOrSlug: string,
  bench: readonly BenchReagentInfo[],
  catalog: readonly CatalogReagent[] = [],
): ReagentRef | undefined {
  const exact = bench.find((r) => r.slug === nameOrSlug);
  if (exact) return { source: 'bench', slug: exact.slug, name: exact.name, reagent: exact };
  // A catalog slug names its entry even when a bench reagent answers to part of it ("pbs-10x"
  // with PBS 1x on the bench).
  const entry = catalog.find((e) => e.slug === nameOrSlug);
  if (entry) return { source: 'catalog', slug: entry.slug, name: entry.name, entry };
  const mentions = findReagents(nameOrSlug, buildCandidates(bench, catalog));
  const norm = normalizeName(nameOrSlug);
  const whole = mentions.find((m) => normalizeName(m.text) === norm);
  return whole?.ref;
}

/** The bench facts of a catalog entry, as it would be once put on the bench. */
export function catalogToBench(e: CatalogReagent): BenchReagentInfo {
  const stock = canonicalStock(e.default_concentration_value, e.default_concentration_units);
  return {
    slug: e.slug,
    name: e.name,
    type: e.reagent_type,
    stock_nM: stock.stock_nM,
    stock_pct: stock.stock_pct,
    solvent: e.solvent,
    max_concentration_percent: e.max_concentration_percent,
    min_transfer_ul: null,
    ionic_strength_mM: e.ionic_strength_mM ?? null,
  };
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
