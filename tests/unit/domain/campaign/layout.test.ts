import { describe, expect, it } from 'vitest';
import {
  layCampaign,
  pointTarget,
  type CampaignCompound,
} from '../../../../src/domain/campaign/layout';
import { plateDefn } from '../../../../src/domain/plate-format';

const compounds = (n: number): CampaignCompound[] =>
  Array.from({ length: n }, (_, k) => ({ compound_id: `C${k + 1}`, stock: 'lib' }));

// 128 controls in columns 1-2 and 47-48 of a 1536 plate (SCREENING.md)
const CONTROLS = {
  name: 'Edges',
  wells: [0, 1, 46, 47].flatMap((dc) =>
    Array.from({ length: 32 }, (_, dr) => ({
      dr,
      dc,
      targets: {},
      tags: [(dr + dc) % 2 === 0 ? 'POS' : 'NEG'],
    })),
  ),
};

describe('campaign layout', () => {
  it('puts 1,408 compounds on each 1536 plate and says what the last leaves empty', () => {
    const laid = layCampaign({
      defn: plateDefn(1536),
      template: CONTROLS,
      at: 'A1',
      compounds: compounds(3000),
      dose: { top_nM: 10_000, points: 1, factor: 1, replicates: 1 },
      barcode: { prefix: 'SCR', digits: 5, start: 1 },
      shift_seed: null,
      max_plates: 400,
    });
    expect(laid.ok).toBe(true);
    if (!laid.ok) return;
    expect(laid.per_plate).toBe(1408);
    expect(laid.plates.map((p) => [p.barcode, p.compounds.length, p.empty_wells])).toEqual([
      ['SCR00001', 1408, 0],
      ['SCR00002', 1408, 0],
      ['SCR00003', 184, 1224],
    ]);
    expect(laid.plates[0].compounds[0]).toMatchObject({ well: 'A3', compound_id: 'C1' });
    expect(laid.plates[1].compounds[0].compound_id).toBe('C1409');
    expect(laid.warnings).toEqual([]);
  });

  it('keeps a compound’s series and replicates on one plate', () => {
    // 1,000 x 10 points x 2 replicates on 1536: 70 compounds (1,400 wells) a plate, 15 plates
    const laid = layCampaign({
      defn: plateDefn(1536),
      template: CONTROLS,
      at: 'A1',
      compounds: compounds(1000),
      dose: { top_nM: 10_000, points: 10, factor: 3, replicates: 2 },
      barcode: { prefix: 'DR', digits: 3, start: 1 },
      shift_seed: null,
      max_plates: 400,
    });
    expect(laid.ok && laid.plates.length).toBe(15);
    expect(laid.ok && laid.per_plate).toBe(70);
    if (!laid.ok) return;
    const c1 = laid.plates[0].compounds.filter((c) => c.compound_id === 'C1');
    expect(c1).toHaveLength(20);
    expect(c1.map((c) => c.target_nM).slice(0, 3)).toEqual([10_000, 3333.33333333, 1111.11111111]);
    expect(pointTarget({ top_nM: 10_000, points: 10, factor: 3, replicates: 2 }, 9)).toBeCloseTo(
      10_000 / 3 ** 9,
      6,
    );
  });

  it('refuses a campaign past its plate bound', () => {
    const laid = layCampaign({
      defn: plateDefn(384),
      template: { name: 'none', wells: [] },
      at: 'A1',
      compounds: compounds(1000),
      dose: { top_nM: 1, points: 1, factor: 1, replicates: 1 },
      barcode: { prefix: '', digits: 1, start: 1 },
      shift_seed: null,
      max_plates: 2,
    });
    expect(laid).toEqual({
      ok: false,
      message:
        '1000 compounds need more than 2 plates: choose fewer compounds or more wells per plate',
    });
  });
});
