// The campaign plan on plates written with the domain's ops: a series whose low points need
// an intermediate takes them from a working stock made once for the campaign, and the
// library well pays the stock that working stock is made from.
import { describe, expect, it } from 'vitest';
import { campaignPlanPlates, planCampaign } from '../../../../src/domain/campaign/plan';
import { planDispense } from '../../../../src/domain/dispensing/plan';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { BenchReagentInfo, WireWells } from '../../../../src/domain/plate-wire';
import { applyOps } from '../../../../src/domain/plate/apply-ops';
import { planVolumeFor } from '../../../../src/domain/plate/plan-volume';

const none = {
  stock_pct: null,
  max_concentration_percent: null,
  min_transfer_ul: null,
  ionic_strength_mM: null,
};
const BENCH: BenchReagentInfo[] = [
  { ...none, slug: 'lib', name: 'Library stock', type: 'chemical', stock_nM: 1e7, solvent: 'DMSO' },
  { ...none, slug: 'buffer', name: 'Buffer', type: 'media', stock_nM: null, solvent: null },
];
const DEFN = plateDefn(384);
const SETTINGS = { assay_volume_uL: 50 };

/** A plate with compound `id` at 10, 1 and 0.1 uM in A3, A4, A5 (planned by the engine). */
function plate(id: string): WireWells {
  const applied = applyOps(
    DEFN,
    {},
    [
      { op: 'set', wells: ['A3'], reagent: 'lib', target_nM: 10_000 },
      { op: 'set', wells: ['A4'], reagent: 'lib', target_nM: 1000 },
      { op: 'set', wells: ['A5'], reagent: 'lib', target_nM: 100 },
      { op: 'sample', wells: ['A3', 'A4', 'A5'], sample: id },
    ],
    {
      benchSlugs: new Set(BENCH.map((b) => b.slug)),
      planVolume: planVolumeFor(DEFN, BENCH, SETTINGS),
      vehicle: 'buffer',
      wellVolume: () => 50,
    },
  );
  if (!applied.ok) throw new Error(applied.message);
  return applied.wells;
}

/** Transfers as `well reagent nL`, sorted. */
const transferRows = (
  ts: readonly { destination_well: string; reagent: string; volume_nL: number }[],
) => ts.map((t) => `${t.destination_well} ${t.reagent} ${t.volume_nL}`).toSorted();

describe('campaign plan', () => {
  it('makes the working stocks of a series once and draws them from the library well', () => {
    const plan = planCampaign({
      defn: DEFN,
      plates: campaignPlanPlates([
        { barcode: 'P1', wells: plate('CMP-1') },
        { barcode: 'P2', wells: plate('CMP-1') },
      ]),
      bench: BENCH,
      settings: SETTINGS,
      stocks: new Map([['lib', { concentration_nM: 1e7, solvent: 'DMSO' }]]),
      library: [
        {
          barcode: 'L',
          plate_type: '384PP_DMSO2',
          well: 'A1',
          compound_id: 'CMP-1',
          concentration_nM: 1e7,
          current_uL: 40,
        },
      ],
    });
    expect(plan.shortfalls).toEqual([]);
    expect(plan.unmet).toEqual([]);
    const rows = plan.transfers
      .filter((t) => t.compound_id === 'CMP-1')
      .map(
        (t) =>
          `${t.source_plate} ${t.source_well} -> ${t.destination_barcode} ${t.destination_well} ${t.volume_nL}`,
      );
    // 10 uM in 50 uL is 50 nL of 10 mM, 1 uM two droplets (5 nL); 0.1 uM would be a fifth
    // of a droplet, so it comes from a working stock
    expect(rows.filter((r) => r.startsWith('L A1'))).toEqual([
      'L A1 -> P1 A3 50',
      'L A1 -> P1 A4 5',
      'L A1 -> P2 A3 50',
      'L A1 -> P2 A4 5',
    ]);
    const diluted = rows.filter((r) => r.startsWith('Intermediate'));
    expect(diluted.map((r) => r.split(' -> ')[1].split(' ').slice(0, 2).join(' '))).toEqual([
      'P1 A5',
      'P2 A5',
    ]);
    // one working stock per factor, each prepared once for both plates
    const factors = plan.intermediates.map((i) => i.factor);
    expect(new Set(factors).size).toBe(factors.length);
    // the library well pays the four direct transfers and the stock of the first dilution
    const fromStock = plan.intermediates
      .filter((i) => i.from_concentration === 1e7)
      .reduce((a, i) => a + i.from_uL, 0);
    expect(fromStock).toBeGreaterThan(0);
    expect(plan.library[0].taken_uL).toBeCloseTo(0.11 + fromStock, 6);
    expect(plan.library[0].remaining_uL).toBeCloseTo(40 - 0.11 - fromStock, 6);
  });

  it("gives each plate of one layout the single-plate planner's transfers", () => {
    // three plates of one layout: the campaign plans the layout once
    const plates = ['CMP-1', 'CMP-2', 'CMP-3'].map((id, k) => ({
      barcode: `P${k + 1}`,
      wells: plate(id),
    }));
    const plan = planCampaign({
      defn: DEFN,
      plates: campaignPlanPlates(plates),
      bench: BENCH,
      settings: SETTINGS,
      stocks: new Map([['lib', { concentration_nM: 1e7, solvent: 'DMSO' }]]),
      library: ['CMP-1', 'CMP-2', 'CMP-3'].map((id, k) => ({
        barcode: 'L',
        plate_type: '384PP_DMSO2',
        well: `A${k + 1}`,
        compound_id: id,
        concentration_nM: 1e7,
        current_uL: 40,
      })),
    });
    for (const [k, p] of plates.entries()) {
      const single = planDispense(DEFN, p.wells, BENCH, SETTINGS);
      const mine = plan.transfers.filter((t) => t.plate_index === k + 1);
      expect(transferRows(mine)).toEqual(transferRows(single.transfers));
      expect(mine.filter((t) => t.compound_id !== null).map((t) => t.compound_id)).toEqual(
        Array(3).fill(`CMP-${k + 1}`),
      );
    }
  });
});
