import { describe, expect, it } from 'vitest';
import {
  formatRelativePhrase,
  formatRelativeShort,
  toDate,
} from '../../../src/domain/relative-time';

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatRelativeShort', () => {
  it('reads Just now, <m>m, <h>h, <d>d ago', () => {
    expect(formatRelativeShort(ago(0), now)).toBe('Just now');
    expect(formatRelativeShort(ago(59_999), now)).toBe('Just now');
    expect(formatRelativeShort(ago(MIN), now)).toBe('1m');
    expect(formatRelativeShort(ago(59 * MIN), now)).toBe('59m');
    expect(formatRelativeShort(ago(HOUR), now)).toBe('1h');
    expect(formatRelativeShort(ago(23 * HOUR + 59 * MIN), now)).toBe('23h');
    expect(formatRelativeShort(ago(DAY), now)).toBe('1d ago');
    expect(formatRelativeShort(ago(45 * DAY), now)).toBe('45d ago');
  });

  it('takes ISO strings and epoch numbers; future is Just now', () => {
    expect(formatRelativeShort('2026-03-10T11:55:00Z', now)).toBe('5m');
    expect(formatRelativeShort(now - 3 * HOUR, new Date(now))).toBe('3h');
    expect(formatRelativeShort(new Date(now + DAY), now)).toBe('Just now');
  });

  it('reads Unknown for invalid dates', () => {
    expect(formatRelativeShort('not a date', now)).toBe('Unknown');
    expect(formatRelativeShort(null, now)).toBe('Unknown');
    expect(formatRelativeShort('', now)).toBe('Unknown');
    expect(toDate(undefined)).toBeUndefined();
  });
});

describe('formatRelativePhrase', () => {
  it('phrases past and future', () => {
    expect(formatRelativePhrase(new Date(now + 3 * DAY), now)).toBe('in 3 days');
    expect(formatRelativePhrase(ago(3 * DAY), now)).toBe('3 days ago');
    expect(formatRelativePhrase(ago(DAY), now)).toBe('yesterday');
    expect(formatRelativePhrase(ago(2 * HOUR), now)).toBe('2 hours ago');
    expect(formatRelativePhrase(ago(14 * DAY), now)).toBe('2 weeks ago');
    expect(formatRelativePhrase(ago(10_000), now)).toBe('now');
    expect(formatRelativePhrase('garbage', now)).toBe('Unknown');
  });
});
