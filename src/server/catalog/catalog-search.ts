// Catalog search: an index of lower-cased names, aliases and words built once, and a ranking
// people expect from a picker: exact > prefix > word prefix > substring > a near spelling.
import { allowedTypos, editDistance } from '../../domain/edit-distance';
import type { ServerReagentType } from '../../domain/reagent-types';
import type { ConcentrationUnit } from '../../domain/units';

/** A catalog entry as GET /api/reagents/catalog answers it. */
export interface CatalogItem {
  slug: string;
  name: string;
  reagent_type: ServerReagentType;
  default_concentration_value: number | null;
  default_concentration_units: ConcentrationUnit | null;
  solvent: string | null;
  molecular_weight_g_per_mol: number | null;
  ph: number | null;
  max_concentration_percent: number | null;
  cells_per_ml: number | null;
  description: string | null;
  aliases: string[];
  /** chemistry facts a bench reagent takes from its entry: ions, pKa, solubility */
  ions?: { charge: number; count: number }[] | null;
  pka?: number | null;
  dpka_dt?: number | null;
  acid_charge?: number | null;
  solubility_m?: number | null;
}

interface IndexedItem {
  item: CatalogItem;
  name: string;
  slug: string;
  aliases: string[];
  /** words of the name, aliases and slug */
  words: string[];
}

/** A searchable catalog. */
export interface CatalogIndex {
  items: IndexedItem[];
}

/** Lower case, accents and sub/superscripts folded (MgCl₂ -> mgcl2), spaces collapsed. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const wordsOf = (text: string) => text.split(/[^a-z0-9]+/).filter((w) => w.length > 0);

/** Builds the index; later items with an already indexed slug replace the earlier ones. */
export function buildCatalogIndex(items: readonly CatalogItem[]): CatalogIndex {
  const bySlug = new Map<string, IndexedItem>();
  for (const item of items) {
    const name = normalizeSearchText(item.name);
    const aliases = item.aliases.map(normalizeSearchText);
    const slug = item.slug.toLowerCase();
    const words = new Set([name, ...aliases, slug].flatMap(wordsOf));
    bySlug.set(item.slug, { item, name, slug, aliases, words: [...words] });
  }
  const indexed = [...bySlug.values()].toSorted((a, b) => a.name.localeCompare(b.name));
  return { items: indexed };
}

/**
 * Edit distance (insertions, deletions, substitutions, adjacent swaps) of a and b, or
 * max + 1 as soon as it must exceed max: typo tolerance only needs "within 1 or 2".
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  return editDistance(a, b, max);
}

// Rank buckets, best first; a near spelling adds its distance to the last bucket.
const EXACT = 0;
const EXACT_ALIAS = 1;
const PREFIX = 2;
const ALIAS_PREFIX = 3;
const WORD_PREFIX = 4;
const SUBSTRING = 5;
const TYPO = 6;

function rankOf(entry: IndexedItem, q: string, maxTypos: number): number | null {
  if (entry.name === q || entry.slug === q) return EXACT;
  if (entry.aliases.includes(q)) return EXACT_ALIAS;
  if (entry.name.startsWith(q)) return PREFIX;
  if (entry.aliases.some((a) => a.startsWith(q))) return ALIAS_PREFIX;
  if (entry.words.some((w) => w.startsWith(q))) return WORD_PREFIX;
  if (entry.name.includes(q) || entry.aliases.some((a) => a.includes(q))) return SUBSTRING;
  if (maxTypos === 0) return null;
  let best = maxTypos + 1;
  for (const text of [entry.name, ...entry.aliases, ...entry.words]) {
    // A near spelling of the whole text, or of its beginning (someone still typing).
    best = Math.min(
      best,
      boundedEditDistance(q, text, maxTypos),
      boundedEditDistance(q, text.slice(0, q.length), maxTypos),
    );
    if (best === 1) break;
  }
  return best <= maxTypos ? TYPO + best : null;
}

/** Search options: the query, an optional server type, how many to answer. */
export interface CatalogQuery {
  q?: string;
  reagentType?: ServerReagentType | null;
  limit?: number;
}

/** Items matching the query, best first; everything by name when the query is blank. */
export function searchCatalog(index: CatalogIndex, query: CatalogQuery): CatalogItem[] {
  const limit = query.limit ?? 50;
  const q = normalizeSearchText(query.q ?? '');
  const pool = query.reagentType
    ? index.items.filter((e) => e.item.reagent_type === query.reagentType)
    : index.items;
  if (q === '') return pool.slice(0, limit).map((e) => e.item);
  const maxTypos = allowedTypos(q.length);
  const hits: { entry: IndexedItem; rank: number }[] = [];
  for (const entry of pool) {
    const rank = rankOf(entry, q, maxTypos);
    if (rank !== null) hits.push({ entry, rank });
  }
  hits.sort(
    (a, b) =>
      a.rank - b.rank ||
      a.entry.name.length - b.entry.name.length ||
      a.entry.name.localeCompare(b.entry.name),
  );
  return hits.slice(0, limit).map((h) => h.entry.item);
}
