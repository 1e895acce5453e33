/**
 * The liquid that fills wells: never a solvent with a limit. With DMSO and a compound alone
 * on the bench it was DMSO, so a 10 uM point from 10 mM in 5 uL was 5 nL of compound and
 * 4.995 uL of DMSO (99.9 % DMSO, refused); water fills it now, and the plan's bulk sheet
 * names it: 5 nL of Cpd + 5.0 uL of water (4.995 on the 0.1 uL bulk step), DMSO 0.1 %.
 */
import { describe, expect, it } from 'vitest';
import { bulkSheetCells } from '../../../../src/domain/dispensing/export-rows';
import { benchWithFill, fillLiquid, WATER } from '../../../../src/domain/dispensing/fill-liquid';
import { planDispense } from '../../../../src/domain/dispensing/plan';
import { applyOps } from '../../../../src/domain/plate/apply-ops';
import { planVolumeFor } from '../../../../src/domain/plate/plan-volume';
import { computePlateState } from '../../../../src/domain/plate-state';
import { plateDefn } from '../../../../src/domain/plate-format';
import { CPD, DMSO, MEDIA } from './fixtures';

const BUFFER = { ...MEDIA, slug: 'tris', name: 'Tris buffer', type: 'buffer' as const };

describe('fillLiquid', () => {
  it('takes a medium, else a buffer, else water; never a solvent with a limit', () => {
    expect(fillLiquid([CPD, DMSO, MEDIA, BUFFER])).toEqual({
      slug: 'media',
      name: 'Media',
      onBench: true,
    });
    expect(fillLiquid([CPD, DMSO, BUFFER]).slug).toBe('tris');
    expect(fillLiquid([CPD, DMSO])).toEqual({ slug: 'water', name: 'Water', onBench: false });
    // the experiment's choice when it can fill; DMSO chosen does not
    expect(fillLiquid([CPD, DMSO, MEDIA, BUFFER], 'tris').slug).toBe('tris');
    expect(fillLiquid([CPD, DMSO, MEDIA], 'dmso').slug).toBe('media');
    // an organic solvent without a limit does not fill either; water on the bench does
    const ethanol = { ...DMSO, slug: 'ethanol', name: 'Ethanol', max_concentration_percent: null };
    expect(fillLiquid([ethanol]).onBench).toBe(false);
    expect(fillLiquid([{ ...WATER }, ethanol])).toEqual({
      slug: 'water',
      name: 'Water',
      onBench: true,
    });
  });

  it('never fills with a concentrated stock: a 1 M HEPES or 10x PBS stock is diluted to its target', () => {
    const hepes = { ...BUFFER, slug: 'hepes', name: 'HEPES', stock_nM: 1e9 };
    const pbs10x = { ...BUFFER, slug: 'pbs-10x', name: 'PBS, 10x', stock_nM: 119e6 };
    const albumin = { ...BUFFER, slug: 'bsa', name: 'BSA', stock_ng_per_mL: 1e6 };
    expect(fillLiquid([CPD, DMSO, hepes, pbs10x, albumin])).toEqual({
      slug: 'water',
      name: 'Water',
      onBench: false,
    });
    // not when it is the experiment's choice either; a buffer without a stock still fills
    expect(fillLiquid([CPD, hepes], 'hepes').slug).toBe('water');
    expect(fillLiquid([CPD, hepes, BUFFER]).slug).toBe('tris');
  });

  it('adds water to the bench only when water fills and the bench lacks it', () => {
    expect(benchWithFill([CPD, DMSO]).map((b) => b.slug)).toEqual(['cpd', 'dmso', 'water']);
    expect(benchWithFill([CPD, DMSO, MEDIA]).map((b) => b.slug)).toEqual(['cpd', 'dmso', 'media']);
  });

  it('fills with water on a bench of DMSO and a compound; the plan and bulk sheet name it', () => {
    const defn = plateDefn(1536);
    const bench = benchWithFill([CPD, DMSO]);
    const vehicle = fillLiquid(bench).slug;
    const applied = applyOps(
      defn,
      {},
      [{ op: 'set', wells: ['A1'], reagent: 'cpd', target_nM: 10_000 }],
      {
        benchSlugs: new Set(bench.map((b) => b.slug)),
        planVolume: planVolumeFor(defn, bench, null),
        vehicle,
        wellVolume: () => 5,
      },
    );
    if (!applied.ok) throw new Error(applied.message);
    const a1 = applied.wells.A1.targets;
    expect(a1.cpd.volume_uL).toBeCloseTo(0.005, 12);
    expect(a1.water.volume_uL).toBeCloseTo(4.995, 12);
    expect(a1.dmso).toBeUndefined();
    const state = computePlateState({
      defn,
      wells: applied.wells,
      version: 1,
      bench,
      dispensing: null,
    });
    // 5 nL DMSO in 5.005 uL: 0.0999 %, under DMSO's 2 % here; the target met
    expect(state.wells.A1.vehicle_vv_pct).toBeCloseTo((0.005 / 5.005) * 100, 9);
    expect(state.wells.A1.targets.cpd.status).toBe('good');
    const plan = planDispense(defn, applied.wells, bench, null);
    expect(plan.unmet).toEqual([]);
    expect(plan.bulk).toEqual([{ reagent: 'water', volume_uL: 5, wells: ['A1'] }]);
    expect(bulkSheetCells(plan)[1].slice(0, 3)).toEqual(['water', 5, 1]);
  });
});
