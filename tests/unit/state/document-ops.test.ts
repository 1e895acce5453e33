// Document edits as put ops, other writers' changes, and rebasing edits on a newer plate.
import { describe, expect, it } from 'vitest';
import { plateDefn } from '../../../src/domain/plate-format';
import type { WireWell, WireWells } from '../../../src/domain/plate-wire';
import {
  applyDocumentOps,
  applyWireChanges,
  documentOps,
  rebaseWells,
} from '../../../src/state/document-ops';

const D96 = plateDefn(96);
const well = (slug: string, nM: number): WireWell => ({
  targets: { [slug]: { target_nM: nM, volume_uL: 1 } },
});

describe('document ops', () => {
  it('names only the wells whose objects changed, emptied ones as null', () => {
    const a1 = well('cpd', 10);
    const b2 = well('cpd', 20);
    const c3 = well('dmso', 0);
    const before: WireWells = { A1: a1, B2: b2, C3: c3 };
    const a1New = well('cpd', 11);
    // B2: same content in another object, still sent (identity decides, not content); C3 emptied
    const after: WireWells = { A1: a1New, B2: { ...b2 }, H12: well('x', 1) };
    expect(documentOps(before, after)).toEqual([
      { op: 'put', wells: { A1: a1New, B2: b2, H12: well('x', 1), C3: null } },
    ]);
  });

  it('is empty for the same map or the same wells', () => {
    const wells: WireWells = { A1: well('cpd', 1) };
    expect(documentOps(wells, wells)).toEqual([]);
    expect(documentOps(wells, { ...wells })).toEqual([]);
  });

  it('merges consecutive edits: the later value of a well is the one sent', () => {
    const base: WireWells = { A1: well('cpd', 1) };
    const first = { ...base, A1: well('cpd', 2), B1: well('cpd', 5) };
    const second = { ...first, A1: well('cpd', 3) };
    const { B1: _gone, ...third } = second;
    expect(documentOps(base, third)).toEqual([{ op: 'put', wells: { A1: well('cpd', 3) } }]);
  });
});

describe('wire changes', () => {
  it('replaces and removes wells and shares the others', () => {
    const a1 = well('cpd', 1);
    const b1 = well('cpd', 2);
    const wells: WireWells = { A1: a1, B1: b1 };
    const out = applyWireChanges(wells, { C1: well('y', 4), B1: { targets: {} } }, ['A1', 'D4']);
    expect(Object.keys(out).toSorted()).toEqual(['C1']);
    expect(wells).toEqual({ A1: a1, B1: b1 }); // untouched input
    const kept = applyWireChanges(wells, { C1: well('y', 4) }, []);
    expect(kept.A1).toBe(a1);
    expect(applyWireChanges(wells, null, ['Z9'])).toBe(wells);
  });
});

describe('applying the designer ops', () => {
  it('applies puts and whole-well clears and lists what changed', () => {
    const outcome = applyDocumentOps(D96, { A1: well('cpd', 1), B1: well('cpd', 2) }, [
      { op: 'put', wells: { A1: null, C1: well('z', 3) } },
      { op: 'clear', wells: ['B1'] },
    ]);
    expect(outcome).toEqual({
      ok: true,
      wells: { C1: well('z', 3) },
      changed: ['C1'],
      removed: ['A1', 'B1'],
    });
  });

  it('refuses a well that is not on the plate and ops it does not apply', () => {
    expect(applyDocumentOps(D96, {}, [{ op: 'put', wells: { M1: well('a', 1) } }])).toEqual({
      ok: false,
      detail: 'M1 is not a well of this plate',
      op_index: 0,
      well: 'M1',
    });
    expect(applyDocumentOps(D96, {}, [{ op: 'label', wells: ['A1'], label: 'x' }]).ok).toBe(false);
  });
});

describe('rebase', () => {
  it("keeps the other writer's wells and puts the user's edits on top", () => {
    const base: WireWells = { A1: well('cpd', 1), B1: well('cpd', 2) };
    const mine = { ...base, A1: well('cpd', 100) }; // the user edits A1
    const next: WireWells = { A1: well('cpd', 7), H12: well('x', 9) }; // theirs: B1 emptied
    const out = rebaseWells(D96, base, mine, next);
    expect(out).toEqual({ A1: well('cpd', 100), H12: well('x', 9) });
  });

  it('is null when the edits do not fit the plate', () => {
    const base: WireWells = {};
    expect(rebaseWells(D96, base, { P24: well('a', 1) }, {})).toBeNull();
  });
});
