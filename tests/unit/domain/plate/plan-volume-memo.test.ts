// planVolumeFor plans each (reagent, target, well volume) once: a tool setting one target in
// many wells must not run the dispensing engine once per well, and must answer as if it did.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as wellTargets from '../../../../src/domain/dispensing/well-targets';
import { planVolumeFor } from '../../../../src/domain/plate/plan-volume';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { BenchReagentInfo } from '../../../../src/domain/plate-wire';

vi.mock('../../../../src/domain/dispensing/well-targets', async (original) => {
  const actual = await original<typeof wellTargets>();
  return { ...actual, planWellTargets: vi.fn(actual.planWellTargets) };
});

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
  reagent({ slug: 'cpd-02', stock_nM: 10_000_000, solvent: 'DMSO' }),
];
const planner = vi.mocked(wellTargets.planWellTargets);

describe('planVolumeFor', () => {
  beforeEach(() => {
    planner.mockClear();
  });

  it('plans a reagent, target and well volume once, however many wells ask', () => {
    const plan = planVolumeFor(defn, bench, null);
    const wells = ['A1', 'A2', 'B7', 'AF48'];
    const answers = wells.map((well) =>
      plan({ well, reagent: 'cpd-01', target_nM: 10_000, wellVolume_uL: 0 }),
    );
    expect(planner).toHaveBeenCalledTimes(1);
    expect(answers[0]).toEqual({ ok: true, volume_uL: 0.005 });
    for (const a of answers) expect(a).toEqual(answers[0]);
  });

  it('plans again when the reagent, the target or the well volume differs', () => {
    const plan = planVolumeFor(defn, bench, null);
    const requests = [
      { well: 'A1', reagent: 'cpd-01', target_nM: 10_000, wellVolume_uL: 0 },
      { well: 'A1', reagent: 'cpd-02', target_nM: 10_000, wellVolume_uL: 0 },
      { well: 'A1', reagent: 'cpd-01', target_nM: 20_000, wellVolume_uL: 0 },
      { well: 'A1', reagent: 'cpd-01', target_nM: 10_000, wellVolume_uL: 10 },
    ];
    const memoised = requests.map((r) => plan(r));
    expect(planner).toHaveBeenCalledTimes(4);
    // each answer as a planner of its own would give it
    const fresh = requests.map((r) => planVolumeFor(defn, bench, null)(r));
    expect(memoised).toEqual(fresh);
    expect(memoised[2]).toEqual({ ok: true, volume_uL: 0.01 });
  });

  it('keeps a refusal as a refusal', () => {
    const plan = planVolumeFor(defn, bench, null);
    const request = { well: 'A1', reagent: 'unknown', target_nM: 10, wellVolume_uL: 0 };
    const first = plan(request);
    expect(first.ok).toBe(false);
    expect(plan({ ...request, well: 'B2' })).toEqual(first);
    expect(planner).toHaveBeenCalledTimes(1);
  });
});
