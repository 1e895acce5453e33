import { describe, expect, it } from 'vitest';
import {
  acousticTransferList,
  assignSourceWells,
  sourceKey,
  sourceKeysOf,
  toDropletNL,
  transferListCells,
} from '../../../src/domain/transfer-list';
import { plateDefn } from '../../../src/domain/plate-format';
import type { WireWells } from '../../../src/domain/plate-wire';

const defn = plateDefn(1536);
const wells: WireWells = {
  B2: {
    targets: {
      stauro: { target_nM: 1000, volume_uL: 0.005 },
      dmso: { target_nM: null, volume_uL: 0.02 },
    },
  },
  a1: {
    targets: {
      stauro: { target_nM: 10, volume_uL: 0.05, dilution: 100 },
      dmso: { target_nM: null, volume_uL: 0.001 },
    },
  },
  A2: {
    targets: {
      stauro: { target_nM: 1000, volume_uL: 0.0049 },
      media: { target_nM: null, volume_uL: 5 },
    },
  },
};

describe('transfer list', () => {
  it('rounds to whole 2.5 nL droplets', () => {
    expect(toDropletNL(0.005)).toBe(5);
    expect(toDropletNL(0.0049)).toBe(5);
    expect(toDropletNL(0.0036)).toBe(2.5);
    expect(toDropletNL(0.001)).toBe(0);
    expect(toDropletNL(0.0125)).toBe(12.5);
  });

  it('names working stocks apart', () => {
    expect(sourceKey('stauro')).toBe('stauro');
    expect(sourceKey('stauro', 1)).toBe('stauro');
    expect(sourceKey('stauro', 100)).toBe('stauro@1:100');
    expect(sourceKeysOf(defn, wells)).toEqual(['stauro@1:100', 'dmso', 'stauro', 'media']);
  });

  it('lays sources out row-major, spilling onto a second plate', () => {
    const s = assignSourceWells(['a', 'b', 'c'], plateDefn(6));
    expect(s).toEqual({
      a: { plate: 'Source[1]', well: 'A1' },
      b: { plate: 'Source[1]', well: 'A2' },
      c: { plate: 'Source[1]', well: 'A3' },
    });
    const many = assignSourceWells(['a', 'b', 'c', 'd', 'e', 'f', 'g'], plateDefn(6));
    expect(many.g).toEqual({ plate: 'Source[2]', well: 'A1' });
  });

  it('groups by source then destination and skips what cannot be dispensed', () => {
    const sources = assignSourceWells(['stauro', 'stauro@1:100', 'dmso']);
    const { rows, skipped } = acousticTransferList(defn, wells, sources);
    expect(rows.map((r) => [r.source_well, r.destination_well, r.volume_nL])).toEqual([
      ['A1', 'A2', 5],
      ['A1', 'B2', 5],
      ['A2', 'A1', 50],
      ['A3', 'B2', 20],
    ]);
    expect(rows[0]).toEqual({
      source_plate: 'Source[1]',
      source_well: 'A1',
      destination_plate: 'Destination[1]',
      destination_well: 'A2',
      volume_nL: 5,
      reagent: 'stauro',
    });
    expect(skipped).toEqual([
      { well: 'A1', reagent: 'dmso', reason: 'below one 2.5 nL droplet' },
      { well: 'A2', reagent: 'media', reason: 'no source well' },
    ]);
    for (const r of rows) expect(r.volume_nL % 2.5).toBe(0);
  });

  it('gives CSV cells with the instrument headers', () => {
    const { rows } = acousticTransferList(defn, wells, assignSourceWells(['stauro']));
    expect(transferListCells(rows)).toEqual([
      [
        'Source Plate Name',
        'Source Well',
        'Destination Plate Name',
        'Destination Well',
        'Transfer Volume',
      ],
      ['Source[1]', 'A1', 'Destination[1]', 'A2', 5],
      ['Source[1]', 'A1', 'Destination[1]', 'B2', 5],
    ]);
  });
});
