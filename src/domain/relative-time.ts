/**
 * Relative times of the experiment list (spec section 9): "Just now", "<m>m", "<h>h",
 * "<d>d ago", and phrases such as "in 3 days". Pure: the current time is passed in.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A date from a Date, an ISO string or epoch milliseconds; undefined when invalid. */
export function toDate(value: Date | string | number | null | undefined): Date | undefined {
  if (value == null || value === '') return undefined;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/**
 * Short form: under a minute (or in the future) "Just now", then "5m", "3h", "2d ago";
 * "Unknown" for an invalid date.
 */
export function formatRelativeShort(
  value: Date | string | number | null | undefined,
  now: Date | number,
): string {
  const d = toDate(value);
  if (!d) return 'Unknown';
  const elapsed = +now - d.getTime();
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`;
  return `${Math.floor(elapsed / DAY)}d ago`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/**
 * Phrase form through Intl.RelativeTimeFormat: "3 days ago", "in 3 days", "yesterday",
 * "now" under a minute; "Unknown" for an invalid date.
 */
export function formatRelativePhrase(
  value: Date | string | number | null | undefined,
  now: Date | number,
  locale = 'en',
): string {
  const d = toDate(value);
  if (!d) return 'Unknown';
  const diff = d.getTime() - +now;
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return rtf.format(Math.trunc(diff / ms), unit);
  }
  return rtf.format(0, 'second');
}
