/**
 * How much of its stock's solvent a target may bring into a well: the backfill percentage
 * when the backfill is that solvent (every well ends there), else the solvent's own limit
 * (its bench reagent's max_concentration_percent, or the default of chemistry/solvents.ts).
 * Water brings no load: no budget.
 */
import { solventOfReagent } from '../chemistry';
import { defaultSolventLimitPct } from '../chemistry/solvents';
import type { BenchReagentInfo } from '../plate-wire';
import { toDisplayType } from '../reagent-types';
import type { BackfillSetting } from './settings';

/** The v/v limit (%) of a solvent key on this bench. */
export function solventLimitPct(bench: readonly BenchReagentInfo[], key: string): number {
  let limit = Number.POSITIVE_INFINITY;
  for (const b of bench) {
    if (toDisplayType(b.type) !== 'solvent' || b.max_concentration_percent == null) continue;
    if (solventOfReagent(b.type, b.solvent, b.slug) === key)
      limit = Math.min(limit, b.max_concentration_percent);
  }
  return Number.isFinite(limit) ? limit : defaultSolventLimitPct(key);
}

/** The solvent key a backfill setting names (a bench slug or a solvent's name). */
export function backfillKey(
  bench: readonly BenchReagentInfo[],
  backfill: BackfillSetting | null | undefined,
): string | null {
  if (!backfill) return null;
  const r = bench.find((b) => b.slug === backfill.solvent);
  return r
    ? solventOfReagent(r.type, r.solvent, r.slug)
    : solventOfReagent('solvent', null, backfill.solvent);
}

/** The solvent budget of a reagent in a well of `wellVolumeUL`, uL; Infinity for none. */
export function solventBudgetUL(
  reagent: BenchReagentInfo,
  bench: readonly BenchReagentInfo[],
  backfill: BackfillSetting | null | undefined,
  wellVolumeUL: number,
): number {
  const key = solventOfReagent(reagent.type, reagent.solvent, reagent.slug);
  if (key === null) return Number.POSITIVE_INFINITY;
  const pct =
    backfill && backfillKey(bench, backfill) === key
      ? backfill.percent
      : solventLimitPct(bench, key);
  return (pct / 100) * wellVolumeUL;
}
