/** Reagent catalog search (spec section 7, GET /api/reagents/catalog). */
import type { z } from 'zod';
import type { catalogItemSchema } from '../domain/schemas/reagent';
import { apiRequest } from './http-client';

/** One catalog entry as the API answers it (API contract, "Catalog"). */
export type CatalogReagent = z.output<typeof catalogItemSchema>;

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
