/**
 * The well editor says the plan's status of each target: on the 10-point 3-fold series of
 * tests/unit/domain/dispensing/chain-accuracy.test.ts, the lowest point (1:10000 source,
 * one droplet: sqrt(2.546^2 + 5^2) = 5.61 % for a 5 % tolerance) reads "Warning", as the
 * plan's point says, where the target itself is met; each dispensed point reads its plan
 * point's status. The wells are designed as the product designs them (each its own best
 * source), so the 370 nM point that no round source meets gets a 1:135 working stock made
 * for it (10 droplets of 74.1 uM) and is dispensed with the rest: no point is unmet.
 */
import { describe, expect, it } from 'vitest';
import type { BenchReagent } from '../../../src/api/bench';
import { planDispense } from '../../../src/domain/dispensing/plan';
import { plateDefn } from '../../../src/domain/plate-format';
import { STATUS_TEXT, wellViews } from '../../../src/panels/well-editor/selected-wells';
import { BENCH, designWells, SERIES_NM } from '../domain/dispensing/fixtures';

const defn = plateDefn(1536);
const ids = SERIES_NM.map((_, k) => `A${k + 1}`);
// the bench as the client holds it: what wellViews reads (benchReagentInfo) of each
const reagents = BENCH.map((b) => ({
  slug: b.slug,
  name: b.name,
  reagent_type: b.type,
  type: b.type,
  concentration_units: b.stock_pct == null ? 'mM' : '%',
  default_concentration_value: b.stock_pct,
  stock_uM: b.stock_nM == null ? null : b.stock_nM / 1000,
  solvent: b.solvent,
  max_concentration_percent: b.max_concentration_percent,
  min_transfer_ul: null,
  ionic_strength_mM: null,
})) as unknown as BenchReagent[];

describe('the well editor’s status strings', () => {
  const set = Object.fromEntries(
    ids.map((id, k) => [id, [{ slug: 'cpd', target_nM: SERIES_NM[k] }]]),
  );
  const wells = designWells(defn, set, 5, {});
  const plan = planDispense(defn, wells, BENCH, {});

  it('say the plan’s status of each point, whichever wells are selected', () => {
    const views = wellViews(wells, 1536, [9], reagents, {});
    const a10 = views[0].entries.find((e) => e.slug === 'cpd')!;
    expect(STATUS_TEXT[a10.status]).toBe('Warning');
    const all = wellViews(
      wells,
      1536,
      ids.map((_, k) => k),
      reagents,
      {},
    );
    for (const p of plan.points.filter((x) => x.reagent === 'cpd')) {
      const e = all.find((v) => v.id === p.well)!.entries.find((x) => x.slug === 'cpd')!;
      expect(e.status, p.well).toBe(p.status);
    }
    // the point no round source meets is dispensed from a working stock made for it
    expect(plan.unmet).toEqual([]);
    expect(plan.points.find((p) => p.well === 'A4')).toMatchObject({ factor: 135 });
    expect(STATUS_TEXT[all[3].entries.find((e) => e.slug === 'cpd')!.status]).toBe('Good');
  });
});
