/**
 * The one rule for a well's fill and its backfill (DOMAIN.md "Backfill"): with a backfill of
 * p % of a solvent, a well of V uL whose liquids bring s uL of that solvent takes b = p V - s
 * of it, so the fill (the vehicle) leaves that room: fill = V - liquids - b. The plan then
 * backfills the well of V - b to exactly p % of V (rounding.ts, backfillVolumeUL, never past
 * p). The designer's set, the plate writer and planWellTargets all fill by it; a fill that
 * ignored it made a 5 uL well of 5 nL compound 5.0 uL of medium, backfilled to 2.009 %.
 */
import { solventOfReagent, solventVolumeUL } from '../chemistry';
import type { BenchReagentInfo, WireTarget } from '../plate-wire';
import { roundToStep } from './rounding';
import { routeOf, solventFraction, stepOf } from './routing';
import type { ResolvedSettings } from './settings';
import { backfillKey } from './solvent-budget';

/** The room a backfill of `percent` % takes in a well of V uL holding s uL of its solvent. */
export function backfillRoomUL(volumeUL: number, solventUL: number, percent: number): number {
  if (!(volumeUL > 0) || !(percent > 0)) return 0;
  return Math.max(0, (percent / 100) * volumeUL - solventUL);
}

/**
 * The room the experiment's backfill takes in a well of V uL holding `targets` (the fill's
 * own entry, `except`, left out), as the kernel counts their solvent: each volume on its
 * instrument's step, of its stock's solvent share (a pipetted 1:F working stock carries 1/F).
 * 0 without a backfill.
 */
export function backfillRoomOf(
  targets: Readonly<Record<string, WireTarget>>,
  volumeUL: number,
  bench: readonly BenchReagentInfo[],
  rs: ResolvedSettings,
  except: string | null = null,
): number {
  const bf = rs.settings.backfill;
  const key = backfillKey(bench, bf);
  if (!bf || key === null) return 0;
  let solvent = 0;
  for (const [slug, t] of Object.entries(targets)) {
    if (slug === except || !(t.volume_uL > 0)) continue;
    const r = bench.find((b) => b.slug === slug);
    if (!r || solventOfReagent(r.type, r.solvent, r.slug) !== key) continue;
    const v = roundToStep(t.volume_uL, stepOf(routeOf(r, t, rs), rs));
    solvent += solventVolumeUL(v, r.stock_pct) * solventFraction(t.dilution ?? 1, rs);
  }
  return backfillRoomUL(volumeUL, solvent, bf.percent);
}
