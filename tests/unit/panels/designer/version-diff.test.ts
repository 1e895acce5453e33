import { describe, expect, it } from 'vitest';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { WireWells } from '../../../../src/domain/plate-wire';
import { versionDiff } from '../../../../src/panels/designer/version-diff';

const t = (nM: number | null, uL = 1) => ({ target_nM: nM, volume_uL: uL });
const names: Record<string, string> = { st: 'Staurosporine', dmso: 'DMSO' };
const nameOf = (slug: string) => names[slug] ?? slug;

describe('versionDiff', () => {
  it('names the wells filled, emptied and changed, in plate order', () => {
    const before: WireWells = {
      B1: { targets: { st: t(1000) } },
      A2: { targets: { st: t(1000), dmso: t(null) }, tags: ['POS'] },
      C3: { targets: { st: t(10) } },
      D4: { targets: { st: t(5) } },
    };
    const after: WireWells = {
      A1: { targets: { st: t(10_000) } },
      A2: { targets: { st: t(3000) }, tags: ['NEG'], sample: 'ctl' },
      C3: { targets: { st: t(10) } },
      D4: { targets: { st: t(5) } },
    };
    const d = versionDiff(plateDefn(96), before, after, nameOf);
    expect([d.filled, d.emptied, d.changed]).toEqual([1, 1, 1]);
    expect(d.lines).toEqual([
      { well: 'A1', text: 'filled: Staurosporine 10.0 µM' },
      {
        well: 'A2',
        text: 'Staurosporine 1.00 µM → 3.00 µM; − DMSO; tags POS → NEG; sample “ctl”',
      },
      { well: 'B1', text: 'emptied' },
    ]);
  });

  it('finds nothing between equal plates', () => {
    const wells: WireWells = { A1: { targets: { st: t(1) } } };
    expect(versionDiff(plateDefn(96), wells, { ...wells }, nameOf).lines).toEqual([]);
  });
});
