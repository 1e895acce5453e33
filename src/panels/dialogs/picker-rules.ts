/** Rules of the reagent picker as data: what is already on the bench, what an add sends. */
import type { BenchReagent } from '../../api/bench';
import type { CatalogReagent } from '../../api/reagents';
import { pickDefaultVehicle } from '../../domain/reagent-types';
import { canonicalStockOf } from '../../domain/chemistry/concentration-units';

/** Debounce of the catalog search (spec section 9). */
export const SEARCH_DEBOUNCE_MS = 200;

/** Catalog matches shown per page; the server answers at most 500. */
export const CATALOG_PAGE = 50;
const CATALOG_MAX = 500 - 1;

/**
 * A page of catalog matches: the search asks for one more than it shows, so it knows (and
 * says) when the list stops short of every match instead of ending silently.
 */
export function catalogPage<T>(results: readonly T[], limit: number) {
  return {
    shown: results.slice(0, limit),
    more: results.length > limit,
    /** The next page's limit, or null at the server's bound. */
    next: limit + CATALOG_PAGE <= CATALOG_MAX ? limit + CATALOG_PAGE : null,
  };
}

function key(text: string | null | undefined): string {
  return (text ?? '').trim().toLowerCase();
}

/**
 * A catalog reagent is on the bench when a bench reagent has its slug or its name (any
 * case): the bench derives slugs from names, so either may be what matches.
 */
export function isOnBench(
  item: Pick<CatalogReagent, 'slug' | 'name'>,
  reagents: readonly Pick<BenchReagent, 'slug' | 'name'>[],
): boolean {
  const slug = key(item.slug);
  const name = key(item.name);
  return reagents.some((r) => key(r.slug) === slug || key(r.name) === name);
}

/** The create input of a catalog reagent (planReagentCreate cleans and judges it). */
export function catalogReagentInput(item: CatalogReagent): Record<string, unknown> {
  return {
    slug: item.slug,
    name: item.name,
    reagent_type: item.reagent_type,
    solvent: item.solvent,
    default_concentration_value: item.default_concentration_value,
    default_concentration_units: item.default_concentration_units,
    molecular_weight_g_per_mol: item.molecular_weight_g_per_mol,
    cells_per_ml: item.cells_per_ml,
    ph: item.ph,
    max_concentration_percent: item.max_concentration_percent,
    description: item.description,
    // a salt's ions and solubility set its stock limit (5 M NaCl is its ordinary stock;
    // without them the compound's 1.0 M rule refused it), a buffer's pKa its pH
    ions: item.ions ?? null,
    pka: item.pka ?? null,
    dpka_dt: item.dpka_dt ?? null,
    acid_charge: item.acid_charge ?? null,
    solubility_m: item.solubility_m ?? null,
  };
}

/**
 * The ticked reagents in the order they are added: the one the default-vehicle rule would
 * pick among them (spec section 4) goes first, so the vehicle auto-selected after the first
 * add is the rule's choice and not whichever box was ticked first; the rest keep their order.
 */
export function addOrder<
  T extends Pick<
    CatalogReagent,
    | 'slug'
    | 'name'
    | 'reagent_type'
    | 'max_concentration_percent'
    | 'default_concentration_value'
    | 'default_concentration_units'
    | 'molecular_weight_g_per_mol'
  >,
>(chosen: readonly T[]): T[] {
  const pick = pickDefaultVehicle(
    chosen.map((c) => ({
      slug: c.slug,
      name: c.name,
      type: c.reagent_type,
      max_concentration_percent: c.max_concentration_percent,
      // a concentrated stock (1 M HEPES) is diluted into wells, never fills them
      ...canonicalStockOf(
        c.default_concentration_value,
        c.default_concentration_units,
        c.molecular_weight_g_per_mol,
      ),
    })),
  );
  const first = chosen.filter((c) => c.slug === pick);
  return [...first, ...chosen.filter((c) => c.slug !== pick)];
}

/** The names (or catalog ids) of a pasted list: one a line, trimmed, each once (any case). */
export function listedNames(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    // A spreadsheet column pastes as lines; a stray tab or bullet is not part of the name.
    const name = line
      .replace(/^[\s\u2022*-]+/, '')
      .split('\t')[0]
      .trim();
    if (name && !seen.has(key(name))) {
      seen.add(key(name));
      out.push(name);
    }
  }
  return out;
}

/** The catalog entry a listed name stands for: same slug, name or alias (any case), or null. */
export function catalogMatch(
  name: string,
  results: readonly CatalogReagent[],
): CatalogReagent | null {
  const k = key(name);
  return (
    results.find((r) => key(r.slug) === k) ??
    results.find((r) => key(r.name) === k) ??
    results.find((r) => (r.aliases ?? []).some((a) => key(a) === k)) ??
    null
  );
}
