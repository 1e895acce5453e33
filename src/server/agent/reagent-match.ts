/**
 * What reagent names resolve to: bench reagents, then catalog entries, each with the
 * spellings the domain's matcher (src/domain/reagent-names.ts) reads them by. Pure.
 */
import { canonicalStock } from '../../domain/units';
import type { BenchReagentInfo } from '../../domain/plate-wire';
import {
  benchCandidate,
  normalizeName,
  spellings,
  wholeName,
  type Candidate as NameCandidate,
  type ReagentMention as NameMention,
} from '../../domain/reagent-names';
import type { CatalogReagent } from '../catalog/catalog-seed';

/** Something a name can resolve to. */
export type ReagentRef =
  | { source: 'bench'; slug: string; name: string; reagent: BenchReagentInfo }
  | { source: 'catalog'; slug: string; name: string; entry: CatalogReagent };

export type Candidate = NameCandidate<ReagentRef>;
/** A bench or catalog reagent found in text. */
export type ReagentMention = NameMention<ReagentRef>;

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
    const ref = { source: 'bench', slug: r.slug, name: r.name, reagent: r } as const;
    return benchCandidate<ReagentRef>(ref, ...(e ? [e.name, ...e.aliases] : []));
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
  return wholeName(nameOrSlug, buildCandidates(bench, catalog));
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
