import { describe, expect, it } from 'vitest';
import { selectionSummary } from '../../../../src/panels/plate/selection-status';
import { subsectionLabel } from '../../../../src/panels/plate/subsection-picker';

describe('selectionSummary', () => {
  it('counts and lists the selected wells', () => {
    expect(selectionSummary([])).toBe('No wells selected');
    expect(selectionSummary(['A1'])).toBe('1 well selected: A1');
    expect(selectionSummary(['A1', 'A2', 'A3'])).toBe('3 wells selected: A1, A2, A3');
  });

  it('shortens long lists', () => {
    const ids = Array.from({ length: 30 }, (_, i) => `A${i + 1}`);
    expect(selectionSummary(ids)).toMatch(/^30 wells selected: A1, A2, .*, A24 and 6 more$/);
  });
});

describe('subsectionLabel', () => {
  it('names a block by its first and last well', () => {
    expect(subsectionLabel(1536, 0)).toBe('A1–H12');
    expect(subsectionLabel(1536, 15)).toBe('Y37–AF48');
    expect(subsectionLabel(384, 3)).toBe('I13–P24');
  });
});
