import { describe, expect, it } from 'vitest';
import { applyToolOps, reusablePlanner } from '../../../../src/domain/layout/tool-apply';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { BenchReagentInfo, WireWells } from '../../../../src/domain/plate-wire';
import { CPD, DMSO, MEDIA } from '../dispensing/fixtures';

const defn = plateDefn(96);
const compound: BenchReagentInfo = {
  slug: 'cpd',
  name: 'Cpd',
  type: 'chemical',
  stock_nM: 10_000_000,
  stock_pct: null,
  solvent: 'DMSO',
  max_concentration_percent: null,
  min_transfer_ul: null,
  ionic_strength_mM: null,
  molecular_weight_g_per_mol: 300,
  ions: null,
  pKa: null,
  dpKa_dT: null,
  ph: null,
  solubility_M: null,
};

describe('reusablePlanner', () => {
  it('keeps its planner while the bench is the same, and plans again when a stock changes', () => {
    const planner = reusablePlanner();
    const first = planner(defn, [compound], null, 'water');
    expect(planner(defn, [{ ...compound }], null, 'water')).toBe(first);
    const stronger = planner(defn, [{ ...compound, stock_nM: 20_000_000 }], null, 'water');
    expect(stronger).not.toBe(first);
    // 20 uM in 100 uL: 20 uL of the 1:100 of 10 mM, 10 uL of the 1:100 of 20 mM (each in the
    // pipette's good band)
    const request = { well: 'A1', reagent: 'cpd', target_nM: 20_000, wellVolume_uL: 0 };
    const a = first.planVolume(request);
    const b = stronger.planVolume(request);
    if (!a.ok || !b.ok) throw new Error('not planned');
    // twice the stock: half the volume for the same target
    expect(b.volume_uL).toBeCloseTo(a.volume_uL / 2, 6);
  });
});

describe('applyToolOps', () => {
  it('plans the volume of a target and fills the well with the fill liquid', () => {
    const r = applyToolOps(
      defn,
      {},
      [{ op: 'set', wells: ['A1'], reagent: 'cpd', target_nM: 10_000 }],
      [compound],
      { dispensing: null, vehicle: null, planner: reusablePlanner() },
    );
    if (!r.ok) throw new Error(r.message);
    const well = r.wells.A1;
    const cpd = well.targets.cpd;
    expect(cpd.target_nM).toBe(10_000);
    // the 96 format's 100 uL, water (the fill) taking what the compound leaves
    expect(cpd.volume_uL + well.targets.water.volume_uL).toBeCloseTo(100, 6);
    // the planned volume (of a working stock when the engine dilutes) gives the target
    const stock = 10_000_000 / (cpd.dilution ?? 1);
    expect((stock * cpd.volume_uL) / 100).toBeCloseTo(10_000, 3);
  });
});

describe('reusablePlanner keeps solvent loads per well', () => {
  const plate384 = plateDefn(384);
  const bench = [CPD, DMSO, MEDIA];
  const compoundsAt = (wells: WireWells, target_nM: number, ids: string[]) => {
    const r = applyToolOps(
      plate384,
      wells,
      [{ op: 'set', wells: ids, reagent: 'cpd', target_nM }],
      bench,
      { dispensing: null, vehicle: null },
    );
    if (!r.ok) throw new Error(r.message);
    return r.wells;
  };
  const control = [{ op: 'set' as const, wells: ['P24'], reagent: 'dmso' }];

  it('gives a vehicle control the load a fresh planner gives, after an edit as before it', () => {
    const planner = reusablePlanner();
    const low = compoundsAt({}, 1_000, ['A1:C3']);
    // the edit raises the compound of most wells: the median load moves with it
    const high = compoundsAt(low, 40_000, ['A1:C2']);
    for (const wells of [low, high, low]) {
      const reused = applyToolOps(plate384, wells, control, bench, {
        dispensing: null,
        vehicle: null,
        planner,
      });
      const fresh = applyToolOps(plate384, wells, control, bench, {
        dispensing: null,
        vehicle: null,
      });
      if (!reused.ok || !fresh.ok) throw new Error('not applied');
      expect(reused.wells.P24).toEqual(fresh.wells.P24);
    }
    const dmsoOf = (wells: WireWells) =>
      applyToolOps(plate384, wells, control, bench, { dispensing: null, vehicle: null, planner });
    const a = dmsoOf(low);
    const b = dmsoOf(high);
    if (!a.ok || !b.ok) throw new Error('not applied');
    expect(b.wells.P24.targets.dmso.volume_uL).toBeGreaterThan(a.wells.P24.targets.dmso.volume_uL);
  });
});
