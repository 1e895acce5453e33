import { describe, expect, it } from 'vitest';
import {
  filterExperiments,
  normalizeSearch,
  sortNewestFirst,
} from '../../../src/app/experiments/experiment-search';

const list = [
  { id: 3, name: 'Enzyme kinetics sweep', updated_at: '2025-01-03T10:00:00Z' },
  { id: 12, name: 'DMSO tolerance', updated_at: '2025-01-05T10:00:00Z' },
  { id: 31, name: 'Cell viability', updated_at: 'not a date' },
];

describe('filterExperiments', () => {
  it('matches name text case-insensitively, trimmed', () => {
    expect(filterExperiments(list, '  ENZYME ').map((e) => e.id)).toEqual([3]);
    expect(filterExperiments(list, 'dmso').map((e) => e.id)).toEqual([12]);
  });

  it('matches id text, with or without "#"', () => {
    expect(filterExperiments(list, '3').map((e) => e.id)).toEqual([3, 31]);
    expect(filterExperiments(list, '#12').map((e) => e.id)).toEqual([12]);
  });

  it('returns everything for an empty search and nothing for nonsense', () => {
    expect(filterExperiments(list, '   ')).toHaveLength(3);
    expect(filterExperiments(list, 'zzqx')).toEqual([]);
  });

  it('normalizes the term', () => {
    expect(normalizeSearch('  Sweep ')).toBe('sweep');
  });
});

describe('sortNewestFirst', () => {
  it('orders by update time, newest first, invalid dates last', () => {
    expect(sortNewestFirst(list).map((e) => e.id)).toEqual([12, 3, 31]);
  });
});
