// Wells a put found sound are not read again when a later put moves them, but only against
// the same bench; and checked wells are compared member by member as jsonEqual compares them.
import { describe, expect, it } from 'vitest';
import { jsonEqual } from '../../../../src/domain/canonical-json';
import { applyOps } from '../../../../src/domain/plate/apply-ops';
import { sameCheckedWell } from '../../../../src/domain/plate/checked-wells';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { WireWell, WireWells } from '../../../../src/domain/plate-wire';
import { canonicalizeWells, canonicalWell } from '../../../../src/domain/plate-wells';

const defn = plateDefn(96);

const plate = (): WireWells =>
  canonicalizeWells(defn, {
    A1: { targets: { cpd: { target_nM: 10, volume_uL: 0.1 } } },
    A2: { targets: { dmso: { target_nM: null, volume_uL: 0.5 } } },
  });

const swap = (wells: WireWells, benchSlugs: Set<string>) =>
  applyOps(defn, wells, [{ op: 'put', wells: { A1: wells.A2, A2: wells.A1 } }], { benchSlugs });

describe('checked wells', () => {
  it('moves wells checked at an earlier put, and checks them again against another bench', () => {
    const wells = plate();
    const first = swap(wells, new Set(['cpd', 'dmso']));
    const again = swap(wells, new Set(['cpd', 'dmso']));
    if (!first.ok || !again.ok) throw new Error('refused');
    expect(again.wells.A1).toBe(wells.A2);
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));

    // the same well objects, cpd no longer on the bench: refused as a first put is
    const refused = swap(wells, new Set(['dmso']));
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.message).toBe('Well A2: "cpd" is not a reagent on this experiment\'s bench');
  });

  it('puts a checked well from an earlier document as it is, the same contents', () => {
    const earlier = plate();
    const benchSlugs = new Set(['cpd', 'dmso']);
    if (!swap(earlier, benchSlugs).ok) throw new Error('refused');
    // an empty plate: the checked well is not on it
    const put = applyOps(defn, {}, [{ op: 'put', wells: { B5: earlier.A1 } }], { benchSlugs });
    if (!put.ok) throw new Error(put.message);
    expect(put.wells.B5).toBe(earlier.A1);
    expect(put.changed).toEqual(['B5']);
    const fresh = applyOps(defn, {}, [{ op: 'put', wells: { B5: structuredClone(earlier.A1) } }], {
      benchSlugs,
    });
    expect(JSON.stringify(fresh)).toBe(JSON.stringify(put));
  });

  it('leaves a put of identical contents unchanged, and writes one of different contents', () => {
    const wells = canonicalizeWells(defn, {
      A1: { targets: { cpd: { target_nM: 10, volume_uL: 0.1 } } },
      A2: { targets: { cpd: { target_nM: 10, volume_uL: 0.1 } } },
      A3: { targets: { cpd: { target_nM: 20, volume_uL: 0.1 } } },
    });
    const benchSlugs = new Set(['cpd']);
    const put = (to: WireWells) =>
      applyOps(defn, wells, [{ op: 'put', wells: to }], { benchSlugs });
    // twice: the second time the wells are known as checked
    for (let k = 0; k < 2; k++) {
      const same = put({ A1: wells.A2, A2: wells.A1 });
      if (!same.ok) throw new Error(same.message);
      expect(same.changed).toEqual([]);
      const moved = put({ A1: wells.A3, A3: wells.A1 });
      if (!moved.ok) throw new Error(moved.message);
      expect(moved.changed).toEqual(['A1', 'A3']);
    }
  });

  it('compares checked wells as jsonEqual does', () => {
    const base: WireWell = canonicalWell({
      label: 'x',
      sample: 's',
      tags: ['POS', 'SERIES:a:1'],
      targets: {
        cpd: { target_nM: 10, volume_uL: 0.1, dilution: 10 },
        dmso: { target_nM: null, volume_uL: 0.5 },
      },
    });
    const variants: WireWell[] = [
      canonicalWell(base),
      canonicalWell({ ...base, label: 'y' }),
      canonicalWell({ ...base, sample: '' }),
      canonicalWell({ ...base, tags: ['POS'] }),
      canonicalWell({ ...base, tags: ['SERIES:a:1', 'POS'] }),
      canonicalWell({ ...base, targets: { cpd: base.targets.cpd } }),
      canonicalWell({ ...base, targets: { dmso: base.targets.dmso, cpd: base.targets.cpd } }),
      canonicalWell({ ...base, targets: { ...base.targets, water: base.targets.dmso } }),
      canonicalWell({
        ...base,
        targets: { ...base.targets, cpd: { target_nM: 10, volume_uL: 0.1 } },
      }),
      canonicalWell({
        ...base,
        targets: { ...base.targets, cpd: { target_nM: 11, volume_uL: 0.1 } },
      }),
      canonicalWell({
        ...base,
        targets: { ...base.targets, cpd: { ...base.targets.cpd, tol_pct: 10 } },
      }),
      canonicalWell({
        ...base,
        targets: { ...base.targets, dmso: { target_nM: null, volume_uL: 0.6 } },
      }),
    ];
    let equal = 0;
    for (const a of variants)
      for (const b of variants) {
        expect(sameCheckedWell(a, b)).toBe(jsonEqual(a, b));
        if (a !== b && jsonEqual(a, b)) equal++;
      }
    // the first and the reordered targets hold the same as base
    expect(equal).toBeGreaterThan(0);
  });
});
