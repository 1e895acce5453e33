/**
 * The well editor says the plan's status of each target: on the 10-point 3-fold series of
 * tests/unit/domain/dispensing/chain-accuracy.test.ts, the lowest point (1:10000 source,
 * one droplet: sqrt(2.546^2 + 5^2) = 5.61 % for a 5 % tolerance) reads "Warning", as the
 * plan's point says, where the target itself is met; each dispensed point reads its plan
 * point's status, and the unmet point the kernel's.
 */
import { describe, expect, it } from 'vitest';
import type { BenchReagent } from '../../../src/api/bench';
import { planDispense } from '../../../src/domain/dispensing/plan';
import { planPlateTargets } from '../../../src/domain/dispensing/well-targets';
import { plateDefn } from '../../../src/domain/plate-format';
import type { WireWells } from '../../../src/domain/plate-wire';
import { STATUS_TEXT, wellViews } from '../../../src/panels/well-editor/selected-wells';
import { BENCH, SERIES_NM } from '../domain/dispensing/fixtures';

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
  const requests = Object.fromEntries(
    ids.map((id, k) => [
      id,
      { volume_uL: 5, vehicle: 'media', targets: [{ slug: 'cpd', target_nM: SERIES_NM[k] }] },
    ]),
  );
  const planned = planPlateTargets(requests, BENCH, 1536, {});
  const wells: WireWells = {};
  for (const id of ids) wells[id] = { targets: planned[id].targets };
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
    // the unmet point (not dispensed) keeps the kernel's status
    expect(all[3].entries.find((e) => e.slug === 'cpd')!.status).toBe('error');
  });
});
