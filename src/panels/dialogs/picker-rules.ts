/** Rules of the reagent picker as data: what is already on the bench, what an add sends. */
import type { BenchReagent } from '../../api/bench';
import type { CatalogReagent } from '../../api/reagents';

/** Debounce of the catalog search (spec section 9). */
export const SEARCH_DEBOUNCE_MS = 200;

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
  };
}
