import { describe, expect, it } from 'vitest';
import { sourcePlateTypeById } from '../../../../src/domain/dispensing/plate-types';
import { assignSourceWells, fillOf } from '../../../../src/domain/dispensing/source-wells';

const LDV = sourcePlateTypeById('1536LDV_DMSO')!; // 1-5 uL, dead 1 uL: 4 uL to give
const RES = sourcePlateTypeById('6RES_AQ_BP2')!; // 250-2800 uL, dead 250: 2550 to give

describe('source wells', () => {
  it('fills a well with its transfers plus the dead volume, at least the minimum', () => {
    expect(fillOf(0.0675, LDV)).toBe(1.0675);
    expect(fillOf(0, LDV)).toBe(1);
    expect(fillOf(3, LDV)).toBe(4);
  });

  it('spills a liquid into a second well past what one well gives', () => {
    // 3 transfers of 1.5 uL: 1.5 + 1.5 = 3 <= 4; the third would make 4.5 > 4: next well
    const t = [1.5, 1.5, 1.5].map((v) => ({ key: 'cpd', volumeUL: v }));
    const { placed, wells } = assignSourceWells([...t, { key: 'dmso', volumeUL: 0.1 }], LDV);
    expect(placed.map((p) => p.well)).toEqual(['A1', 'A1', 'A2', 'A3']);
    expect(wells.map((w) => [w.key, w.transfersUL])).toEqual([
      ['cpd', 3],
      ['cpd', 1.5],
      ['dmso', 0.1],
    ]);
  });

  it('takes bulk medium from a reservoir sized for it', () => {
    // 384 wells x 5 uL = 1920 uL: one reservoir well (2550 uL to give), fill 2170 uL
    const t = Array.from({ length: 384 }, () => ({ key: 'media', volumeUL: 5 }));
    const { wells } = assignSourceWells(t, RES);
    expect(wells).toHaveLength(1);
    expect(fillOf(wells[0].transfersUL, RES)).toBe(2170);
  });
});
