/** The "Updated <relative time>" label of a list row, with the full local date for hovering. */

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const formatter = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday", "in 3 days". */
function relativeTime(date: Date, now: Date): string {
  const seconds = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return formatter.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** {text: "Updated 3 days ago", title: full local date}; "Updated Unknown" for an invalid date. */
export function updatedLabel(
  iso: string,
  now: Date = new Date(),
): { text: string; title?: string } {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { text: 'Updated Unknown' };
  return {
    text: `Updated ${relativeTime(date, now)}`,
    title: date.toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' }),
  };
}
