/** Ordering and searching of the experiment list. */
import type { Experiment } from '../../api/types';

/** Search text as matched: trimmed and lower-cased; '' means "no search". */
export function normalizeSearch(term: string): string {
  return term.trim().toLowerCase();
}

/** Experiments whose name or id text contains the term, case-insensitively ("#12" matches id 12). */
export function filterExperiments<T extends Pick<Experiment, 'id' | 'name'>>(
  experiments: readonly T[],
  term: string,
): T[] {
  const needle = normalizeSearch(term);
  if (!needle) return [...experiments];
  return experiments.filter(
    (e) => e.name.toLowerCase().includes(needle) || `#${e.id}`.includes(needle),
  );
}

function timeOf(iso: string): number {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

/** Newest update first; ties (and invalid dates, which go last) by higher id first. */
export function sortNewestFirst<T extends Pick<Experiment, 'id' | 'updated_at'>>(
  experiments: readonly T[],
): T[] {
  return experiments.toSorted((a, b) => timeOf(b.updated_at) - timeOf(a.updated_at) || b.id - a.id);
}
