import { describe, expect, it } from 'vitest';
import { updatedLabel } from '../../../src/app/experiments/updated-label';

const now = new Date('2025-03-10T12:00:00Z');

describe('updatedLabel', () => {
  it('reads "Updated <relative time>" with the full date as title', () => {
    const label = updatedLabel('2025-03-07T12:00:00Z', now);
    expect(label.text).toBe('Updated 3 days ago');
    expect(label.title).toContain('2025');
  });

  it('says "Unknown" for an invalid date', () => {
    expect(updatedLabel('garbage', now)).toEqual({ text: 'Updated Unknown' });
  });
});
