/** Reagent catalog search (spec section 7, GET /api/reagents/catalog). */
import { apiRequest } from './http-client';

/** One catalog entry as the API answers it (API contract, "Catalog"). */
export interface CatalogReagent {
  slug: string;
  name: string;
  reagent_type: string;
  default_concentration_value: number | null;
  default_concentration_units: string | null;
  solvent: string | null;
  molecular_weight_g_per_mol: number | null;
  ph: number | null;
  max_concentration_percent: number | null;
  cells_per_ml: number | null;
  description: string | null;
  aliases?: string[];
  /** chemistry facts: a salt's ions and solubility (its stock limit), a buffer's pKa */
  ions?: { charge: number; count: number }[] | null;
  pka?: number | null;
  dpka_dt?: number | null;
  acid_charge?: number | null;
  solubility_m?: number | null;
}

export interface CatalogQuery {
  q?: string;
  /** server type (chemical, biological, ...) */
  reagentType?: string;
  limit?: number;
}

/** The query string of a catalog search: trimmed, empty values omitted (spec section 5). */
export function catalogSearchParams({ q, reagentType, limit }: CatalogQuery): string {
  const params = new URLSearchParams();
  if (q?.trim()) params.set('q', q.trim());
  if (reagentType?.trim()) params.set('reagent_type', reagentType.trim());
  if (limit != null) params.set('limit', String(limit));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/reagents/catalog?q=&reagent_type=&limit=: ranked matches. */
export function searchCatalog(query: CatalogQuery, signal?: AbortSignal) {
  return apiRequest<CatalogReagent[]>(`/api/reagents/catalog${catalogSearchParams(query)}`, {
    signal,
  });
}
