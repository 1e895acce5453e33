/** Short well lists for summaries: "B3", "A1, A2, A3", "16 wells (A23 to P23)". */
export function summarizeIds(ids: readonly string[]): string {
  if (ids.length === 0) return 'no wells';
  if (ids.length <= 6) return ids.join(', ');
  return `${ids.length} wells (${ids[0]} to ${ids[ids.length - 1]})`;
}
