/** The "Updated <relative time>" label of a list row, with the full local date for hovering. */
import { formatRelativePhrase, toDate } from '../../domain/relative-time';

/** {text: "Updated 3 days ago", title: full local date}; "Updated Unknown" for an invalid date. */
export function updatedLabel(
  iso: string,
  now: Date = new Date(),
): { text: string; title?: string } {
  const date = toDate(iso);
  if (!date) return { text: 'Updated Unknown' };
  return {
    text: `Updated ${formatRelativePhrase(date, now)}`,
    title: date.toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' }),
  };
}
