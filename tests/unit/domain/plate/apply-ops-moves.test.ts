// A put of wells the plate already holds (a randomisation's moves) keeps a canonical well as
// the same object, so the metrics worker can read a moved well's numbers from where it was.
import { describe, expect, it } from 'vitest';
import { applyOps } from '../../../../src/domain/plate/apply-ops';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { WireWells } from '../../../../src/domain/plate-wire';
import {
  canonicalWell,
  canonicalizeWells,
  isCanonicalWell,
} from '../../../../src/domain/plate-wells';

const defn = plateDefn(96);
const ctx = { benchSlugs: new Set(['cpd', 'dmso']) };

describe('moved wells', () => {
  it('tells a canonical well from one with a default left out or its members reordered', () => {
    const raw = { targets: { cpd: { target_nM: 10, volume_uL: 0.1 } }, tags: ['X'] };
    expect(isCanonicalWell(raw)).toBe(false);
    const made = canonicalWell(raw);
    expect(isCanonicalWell(made)).toBe(true);
    expect(
      isCanonicalWell({ ...made, targets: { cpd: { ...made.targets.cpd, dilution: 1 } } }),
    ).toBe(false);
    const { label, ...rest } = made;
    expect(isCanonicalWell({ ...rest, label })).toBe(false);
  });

  it('keeps a canonical well the plate holds as the same object, and copies any other', () => {
    const raw: WireWells = {
      A1: { targets: { cpd: { target_nM: 10, volume_uL: 0.1 } } },
      A2: { targets: { dmso: { target_nM: null, volume_uL: 0.5 } } },
    };
    const canonical = canonicalizeWells(defn, raw);
    const swap = (wells: WireWells) =>
      applyOps(defn, wells, [{ op: 'put', wells: { A1: wells.A2, A2: wells.A1 } }], ctx);

    const moved = swap(canonical);
    if (!moved.ok) throw new Error(moved.message);
    expect(moved.wells.A1).toBe(canonical.A2);
    expect(moved.wells.A2).toBe(canonical.A1);

    // wells not in canonical form come out canonical, as new objects
    const fromRaw = swap(raw);
    if (!fromRaw.ok) throw new Error(fromRaw.message);
    expect(fromRaw.wells.A1).not.toBe(raw.A2);
    expect(fromRaw.wells.A1).toEqual(canonical.A2);
    expect(JSON.stringify(fromRaw.wells)).toBe(JSON.stringify(moved.wells));
  });

  it('puts a canonical well from elsewhere (another plate, a reformat) as it is', () => {
    const brought = canonicalWell({
      targets: { cpd: { target_nM: 10, volume_uL: 0.1 } },
      tags: ['SOURCE:P1:A1'],
    });
    const put = applyOps(defn, {}, [{ op: 'put', wells: { B2: brought } }], ctx);
    if (!put.ok) throw new Error(put.message);
    expect(put.wells.B2).toBe(brought);
    // an inherited member is no canonical well's: copied, and written without it
    const inherits = Object.assign(Object.create({ extra: 1 }) as object, brought);
    expect(isCanonicalWell(inherits)).toBe(false);
    const copied = applyOps(defn, {}, [{ op: 'put', wells: { B2: inherits } }], ctx);
    if (!copied.ok) throw new Error(copied.message);
    expect(copied.wells.B2).not.toBe(inherits);
    expect(copied.wells.B2).toEqual(brought);
  });
});
