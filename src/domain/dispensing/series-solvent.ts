/**
 * The solvent along a pipetted dose-response: a working stock diluted in the aqueous
 * diluent carries 1/F of its stock's solvent, so the points of a series made from 1:10 and
 * 1:1000 stocks hold DMSO from 0.3 % at the top to 0.001 % at the bottom, and the assay
 * reads the solvent with the compound. The plan says so, for each compound whose solvent
 * load varies more than 2-fold over the wells holding it, with the range and what keeps it
 * constant (a serial dilution in the stock's solvent, then one fixed aqueous step; or the
 * backfill). Acoustic working stocks are diluted in the stock's solvent: the plate-wide
 * spread warning (plan.ts) speaks for them.
 */
import { solventOfReagent } from '../chemistry';
import { formatPercent } from '../accuracy';
import type { PlateDefn } from '../plate-format';
import type { BenchReagentInfo, WireWells } from '../plate-wire';
import { idOfIndex, indexOfWellId } from '../well-id';
import type { WellSolvent } from './plan-types';

/** Loads of a solvent differing more than this fold along one compound's wells warn. */
const SERIES_SPREAD_FOLD = 2;

/**
 * One warning per compound (with a molar target in some well, from an aqueous-diluted
 * working stock in at least one) whose solvent load runs more than 2-fold along its wells.
 * `rows` are the plan's wells; `diluted` the compounds a working stock feeds.
 */
export function seriesSolventWarnings(
  d: PlateDefn,
  wells: WireWells,
  bench: readonly BenchReagentInfo[],
  rows: readonly WellSolvent[],
  diluted: ReadonlySet<string>,
  diluent: string,
): string[] {
  const byWell = new Map(rows.map((r) => [r.well, r]));
  const out: string[] = [];
  for (const r of bench) {
    if (!diluted.has(r.slug)) continue;
    const key = solventOfReagent(r.type, r.solvent, r.slug);
    if (key === null) continue;
    const loads: number[] = [];
    for (const [id, w] of Object.entries(wells)) {
      const t = w.targets[r.slug];
      const i = indexOfWellId(id, d);
      const row = i >= 0 ? byWell.get(idOfIndex(d, i)) : undefined;
      if (t?.target_nM != null && t.target_nM > 0 && row) loads.push(row.solvent_pct[key] ?? 0);
    }
    if (loads.length < 2) continue;
    const lo = Math.min(...loads);
    const hi = Math.max(...loads);
    if (!(hi > SERIES_SPREAD_FOLD * lo + 1e-12)) continue;
    const name = key.toUpperCase();
    out.push(
      `${r.name}: ${name} runs from ${formatPercent(hi)} to ${formatPercent(lo)} along the ` +
        `series (working stocks diluted in ${diluent}): a serial dilution in ${name}, then one ` +
        `fixed dilution into ${diluent}, or a backfill of ${name} to ${formatPercent(hi)}, ` +
        `would keep it constant.`,
    );
  }
  return out;
}
