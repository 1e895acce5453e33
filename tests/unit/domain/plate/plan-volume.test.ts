// Planned wells, worked by hand: a 1536 well of 5 uL (the acoustic default), compound 01 at
// 10 mM in DMSO, the assay medium as the vehicle, 2.5 nL droplets.
import { describe, expect, it } from 'vitest';
import { applyOps } from '../../../../src/domain/plate/apply-ops';
import {
  planVolumeFor,
  plannedWellVolume,
  vehicleOnStepFor,
} from '../../../../src/domain/plate/plan-volume';
import { plateDefn } from '../../../../src/domain/plate-format';
import { computePlateState } from '../../../../src/domain/plate-state';
import type { BenchReagentInfo } from '../../../../src/domain/plate-wire';

const defn = plateDefn(1536);
const reagent = (r: Partial<BenchReagentInfo> & { slug: string }): BenchReagentInfo => ({
  name: r.slug,
  type: 'chemical',
  stock_nM: null,
  stock_pct: null,
  solvent: null,
  max_concentration_percent: null,
  min_transfer_ul: null,
  ionic_strength_mM: null,
  ...r,
});
const bench = [
  reagent({ slug: 'cpd-01', stock_nM: 10_000_000, solvent: 'DMSO' }),
  reagent({ slug: 'medium', type: 'media' }),
];
const ctx = {
  benchSlugs: new Set(bench.map((b) => b.slug)),
  planVolume: planVolumeFor(defn, bench, null),
  vehicle: 'medium',
  wellVolume: (current: number) => plannedWellVolume(defn, null, current),
};

describe('planned wells', () => {
  it('10 uM from 10 mM into 5 uL: 5 nL (2 droplets), the medium fills 4.995 uL', () => {
    // C1 V1 = C2 V2: 10 mM x V1 = 10 uM x 5 uL -> V1 = 5 nL, two 2.5 nL droplets
    const r = applyOps(
      defn,
      {},
      [{ op: 'set', wells: ['A1'], reagent: 'cpd-01', target_nM: 10_000 }],
      ctx,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.wells.A1.targets['cpd-01'].volume_uL).toBeCloseTo(0.005, 9);
    expect(r.wells.A1.targets.medium.volume_uL).toBeCloseTo(4.995, 9);
  });

  it('a second compound shrinks the medium so the well stays at 5 uL', () => {
    const first = applyOps(
      defn,
      {},
      [{ op: 'set', wells: ['A1'], reagent: 'cpd-01', target_nM: 10_000 }],
      ctx,
    );
    if (!first.ok) throw new Error(first.message);
    const bench2 = [...bench, reagent({ slug: 'cpd-02', stock_nM: 10_000_000, solvent: 'DMSO' })];
    const ctx2 = {
      ...ctx,
      benchSlugs: new Set(bench2.map((b) => b.slug)),
      planVolume: planVolumeFor(defn, bench2, null),
    };
    const r = applyOps(
      defn,
      first.wells,
      [{ op: 'set', wells: ['A1'], reagent: 'cpd-02', target_nM: 20_000 }],
      ctx2,
    );
    if (!r.ok) throw new Error(r.message);
    const t = r.wells.A1.targets;
    // 20 uM: 10 nL (4 droplets); medium 5 - 0.005 - 0.010 = 4.985 uL
    expect(t['cpd-02'].volume_uL).toBeCloseTo(0.01, 9);
    expect(t.medium.volume_uL).toBeCloseTo(4.985, 9);
    const total = Object.values(t).reduce((s, x) => s + x.volume_uL, 0);
    expect(total).toBeCloseTo(5, 9);
  });

  it('the vehicle alone (a negative control) fills the well to 5 uL', () => {
    const r = applyOps(
      defn,
      {},
      [{ op: 'set', wells: ['B1'], reagent: 'medium', target_nM: null }],
      ctx,
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.wells.B1.targets.medium.volume_uL).toBeCloseTo(5, 9);
  });

  it('1.11 uM, which no round intermediate meets within 5 % at 0.5 % DMSO, gets a source made for it', () => {
    // From 1 mM: 5.55 nL -> 2 droplets (5 nL) = 1.0 uM, -10 %; from 100 uM: 55.5 nL = 1.1 %
    // DMSO, over the 0.5 % limit. Ten droplets (25 nL, 0.5 % DMSO) of a 222 uM source: 1.11 uM.
    const plan = planVolumeFor(
      defn,
      bench,
      null,
    )({
      well: 'A3',
      reagent: 'cpd-01',
      target_nM: 10_000 / 9,
      wellVolume_uL: 0,
    });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.volume_uL).toBeCloseTo(0.025, 9);
    // 1.11 uM x 5 uL / 25 nL = 222.2 uM = 10 mM / 45: a factor pipetted exactly (1:45)
    expect(plan.dilution).toBe(45);
    expect(((10_000_000 / 45) * 0.025) / 5).toBeCloseTo(10_000 / 9, 6);
  });

  it('a target over what the solvent limit allows is planned, and the plate shows it unmet', () => {
    // 0.5 % DMSO of 5 uL is 25 nL: 10 mM x 25 nL / 5 uL = 50 uM at most from this stock;
    // 200 uM takes 100 nL (2 % DMSO): dispensable, but the well breaks its solvent limit
    const r = applyOps(
      defn,
      {},
      [{ op: 'set', wells: ['A1'], reagent: 'cpd-01', target_nM: 200_000 }],
      ctx,
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.wells.A1.targets['cpd-01'].volume_uL).toBeCloseTo(0.1, 9);
    const state = computePlateState({ defn, wells: r.wells, version: 0, bench, hasher: null });
    expect(state.wells.A1.status).toBe('error');
    expect(state.wells.A1.broken).toContain('solvent_load');
  });

  it('edits one after another keep the well at 5 uL: the fill on its step does not drift', () => {
    // 100 uM from 10 mM into 5 uL: 50 nL each. The medium is on the bulk dispenser's 0.1 uL
    // step: 5 - 0.05 = 4.95 -> 5.0, the well holds 5.05. The second compound is planned
    // into 5 uL (not 5.05, which would leave 4.95 -> 5.0 and 5.1 in all): 5 - 0.1 = 4.9,
    // 5.0 in all; the third 5 - 0.15 = 4.85 -> 4.9, 5.05 in all.
    const bench3 = [
      ...bench,
      reagent({ slug: 'cpd-02', stock_nM: 10_000_000, solvent: 'DMSO' }),
      reagent({ slug: 'cpd-03', stock_nM: 10_000_000, solvent: 'DMSO' }),
    ];
    const stepped = {
      ...ctx,
      benchSlugs: new Set(bench3.map((b) => b.slug)),
      planVolume: planVolumeFor(defn, bench3, null),
      vehicleOnStep: vehicleOnStepFor(defn, bench3, 'medium', null),
    };
    let wells = {};
    const media: number[] = [];
    const totals: number[] = [];
    for (const slug of ['cpd-01', 'cpd-02', 'cpd-03']) {
      const r = applyOps(
        defn,
        wells,
        [{ op: 'set', wells: ['A1'], reagent: slug, target_nM: 100_000 }],
        stepped,
      );
      if (!r.ok) throw new Error(r.message);
      wells = r.wells;
      expect(r.wells.A1.targets[slug].volume_uL).toBeCloseTo(0.05, 9);
      media.push(r.wells.A1.targets.medium.volume_uL);
      totals.push(Object.values(r.wells.A1.targets).reduce((s, x) => s + x.volume_uL, 0));
    }
    media.forEach((v, k) =>
      expect(v, `medium after edit ${k + 1}`).toBeCloseTo([5, 4.9, 4.9][k], 9),
    );
    totals.forEach((v, k) =>
      expect(v, `well after edit ${k + 1}`).toBeCloseTo([5.05, 5, 5.05][k], 9),
    );
  });
});

describe('a target changed in a pipetted well', () => {
  it('is planned in the well as it is: 20 uM in a 100 uL well, not in the 90 uL the rest holds', () => {
    const d96 = plateDefn(96);
    const ctx96 = {
      benchSlugs: new Set(bench.map((b) => b.slug)),
      planVolume: planVolumeFor(d96, bench, null),
      vehicle: 'medium',
      wellVolume: (current: number) => plannedWellVolume(d96, null, current),
    };
    const set = (wells: Parameters<typeof applyOps>[1], target_nM: number) => {
      const r = applyOps(
        d96,
        wells,
        [{ op: 'set', wells: ['A1'], reagent: 'cpd-01', target_nM }],
        ctx96,
      );
      if (!r.ok) throw new Error(r.message);
      return r.wells;
    };
    const first = set({}, 10_000);
    const changed = set(first, 20_000);
    const fresh = set({}, 20_000);
    // the same well as one written at 20 uM from the start, and still 100 uL
    expect(changed.A1.targets).toEqual(fresh.A1.targets);
    const total = Object.values(changed.A1.targets).reduce((s, t) => s + t.volume_uL, 0);
    expect(total).toBeCloseTo(100, 6);
    const state = computePlateState({
      defn: d96,
      wells: changed,
      version: 1,
      bench,
      dispensing: null,
    });
    expect(state.wells.A1.predicted['cpd-01'].nM / 20_000).toBeCloseTo(1, 2);
    expect(state.wells.A1.status).toBe('good');
  });
});
