/**
 * A plate's planned run from its dispense plan (planDispense's own numbers) with what the
 * bench and the targets add: the solvent each liquid brings and each target's tolerance.
 */
import { solventOfReagent } from '../chemistry';
import type { DispensePlan } from '../dispensing/plan-types';
import { backfillKey } from '../dispensing/solvent-budget';
import type { BenchReagentInfo, WireWells } from '../plate-wire';
import type { LiquidSolvent, PlannedRun } from './reconcile-types';

export function plannedRunOf(
  plan: DispensePlan,
  wells: WireWells,
  bench: readonly BenchReagentInfo[],
): PlannedRun {
  const solvents: Record<string, LiquidSolvent | null> = {};
  for (const b of bench) {
    const key = solventOfReagent(b.type, b.solvent, b.slug);
    // a % (v/v) stock brings that share of its volume; any other stock all of it
    solvents[b.slug] = key === null ? null : { key, pct: b.stock_pct ?? 100 };
  }
  const backfill = plan.settings.backfill;
  const bfKey = backfillKey(bench, backfill);
  if (backfill && bfKey && !(backfill.solvent in solvents)) {
    solvents[backfill.solvent] = { key: bfKey, pct: 100 };
  }
  const tolerance_pct: Record<string, number> = {};
  for (const [well, w] of Object.entries(wells)) {
    for (const [slug, t] of Object.entries(w.targets)) {
      if (t.tol_pct != null) tolerance_pct[`${well}|${slug}`] = t.tol_pct;
    }
  }
  return {
    transfers: plan.transfers,
    sources: plan.sources,
    wells: plan.wells,
    solvents,
    tolerance_pct,
  };
}
