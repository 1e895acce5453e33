/**
 * Debounced catalog search: the request leaves 200 ms after the last change of the query or
 * type filter; an older request is aborted so its answer never overwrites a newer one.
 */
import { useEffect, useState } from 'react';
import { requestErrorMessage } from '../../state/bench-actions';
import { searchCatalog, type CatalogReagent } from '../../api/reagents';
import { SEARCH_DEBOUNCE_MS } from './picker-rules';

export interface CatalogSearch {
  results: CatalogReagent[];
  loading: boolean;
  error: string | null;
}

/** Searches while `enabled` for up to `limit` matches; results of the last answered query. */
export function useCatalogSearch(
  query: string,
  reagentType: string,
  enabled: boolean,
  search: typeof searchCatalog = searchCatalog,
  limit?: number,
): CatalogSearch {
  // The answer remembers which query it is for: loading is "no answer for this query yet".
  const key = `${reagentType}\u0000${query}\u0000${limit ?? ''}`;
  const [answer, setAnswer] = useState<{
    key: string;
    results: CatalogReagent[];
    error: string | null;
  }>({
    key: '',
    results: [],
    error: null,
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search({ q: query, reagentType, limit }, controller.signal)
        .then((results) => {
          if (!controller.signal.aborted) setAnswer({ key, results, error: null });
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted)
            setAnswer({ key, results: [], error: requestErrorMessage(error) });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, query, reagentType, enabled, search, limit]);

  const loading = enabled && answer.key !== key;
  return { results: answer.results, loading, error: loading ? null : answer.error };
}
