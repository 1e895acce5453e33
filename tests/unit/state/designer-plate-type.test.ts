import { describe, expect, it } from 'vitest';
import { subsectionBounds } from '../../../src/domain/plate-format';
import type { WireWells } from '../../../src/domain/plate-state';
import { mapWellsToFormat } from '../../../src/state/plate-edits';
import { nextSnapshotLabel, plateTypeChangeKind } from '../../../src/state/snapshot-actions';

const well = (n: number) => ({ targets: { cpd: { target_nM: n, volume_uL: 1 } } });

const version = (id: number, has_snapshot: boolean) => ({
  id,
  experiment_id: 1,
  version: id,
  summary: null,
  label: null,
  created_at: '',
  has_snapshot,
});

describe('plate type change mapping', () => {
  const wells: WireWells = { A1: well(1), H12: well(2), I13: well(3), P24: well(4), AF48: well(5) };

  it('to 96 from 1536 keeps only the current subsection, moved to A1', () => {
    // Subsection 5 of a 1536 plate: block-row 1, block-col 1 -> rows I..P, cols 13..24.
    const block = subsectionBounds(1536, 5);
    expect(block).toMatchObject({ row0: 8, col0: 12 });
    expect(mapWellsToFormat(wells, 1536, 96, block)).toEqual({ A1: well(3), H12: well(4) });
  });

  it('to 96 from 384 in subsection 0 keeps A1..H12 in place', () => {
    const mapped = mapWellsToFormat(wells, 384, 96, subsectionBounds(384, 0));
    expect(mapped).toEqual({ A1: well(1), H12: well(2) });
  });

  it('to a larger plate keeps every well at its row and column', () => {
    const w96: WireWells = { A1: well(1), H12: well(2) };
    expect(mapWellsToFormat(w96, 96, 1536, subsectionBounds(96, 0))).toEqual(w96);
    const w384: WireWells = { P24: well(4), A24: well(6) };
    expect(mapWellsToFormat(w384, 384, 1536, subsectionBounds(384, 3))).toEqual(w384);
  });

  it('to a smaller plate other than 96 keeps the wells that fit', () => {
    expect(mapWellsToFormat(wells, 1536, 384, subsectionBounds(1536, 5))).toEqual({
      A1: well(1),
      H12: well(2),
      I13: well(3),
      P24: well(4),
    });
    expect(mapWellsToFormat(wells, 96, 24, subsectionBounds(96, 0))).toEqual({ A1: well(1) });
  });

  it('says when to ask and when to snapshot automatically', () => {
    expect(plateTypeChangeKind(1536, 96)).toBe('ask-snapshot');
    expect(plateTypeChangeKind(384, 96)).toBe('ask-snapshot');
    expect(plateTypeChangeKind(96, 384)).toBe('auto-snapshot');
    expect(plateTypeChangeKind(384, 1536)).toBe('auto-snapshot');
    expect(plateTypeChangeKind(96, 96)).toBe('none');
  });

  it('labels snapshots "Snapshot <n>"', () => {
    expect(nextSnapshotLabel([])).toBe('Snapshot 1');
    expect(nextSnapshotLabel([version(1, true), version(2, false), version(3, true)])).toBe(
      'Snapshot 3',
    );
  });
});
