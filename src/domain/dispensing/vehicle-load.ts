/**
 * The solvent a vehicle (neutral) control holds: the load its solvent has in the plate's
 * compound wells, so the control sits beside them at the same v/v (a DMSO control beside
 * compound wells at 0.5 % DMSO holds 0.5 %, not nothing). One rule for the designer's
 * controls tool, the server's writes and the assistant (apply-ops reads it through its
 * context).
 */
import { solventOfReagent } from '../chemistry';
import { computeMetrics, metricsInputFromPlate } from '../metrics-kernel';
import type { PlateDefn } from '../plate-format';
import type { BenchReagentInfo, WireWells } from '../plate-wire';
import type { DispenseSettings } from './settings';

/**
 * The median load (% v/v) of `solventSlug`'s solvent over the wells holding a compound
 * target dissolved in it; null when the reagent is no solvent with a load (a medium, water)
 * or no compound well carries it.
 */
export function compoundSolventLoadPct(
  defn: PlateDefn,
  wells: WireWells,
  bench: readonly BenchReagentInfo[],
  settings: Partial<DispenseSettings> | null,
  solventSlug: string,
): number | null {
  const solvent = bench.find((b) => b.slug === solventSlug);
  if (!solvent || solvent.type !== 'solvent') return null;
  const key = solventOfReagent(solvent.type, solvent.solvent, solvent.slug);
  if (key === null) return null;
  const compounds = new Set(
    bench
      .filter((b) => b.type === 'chemical' && solventOfReagent(b.type, b.solvent, b.slug) === key)
      .map((b) => b.slug),
  );
  const held: WireWells = {};
  for (const [id, w] of Object.entries(wells)) {
    if (Object.entries(w.targets).some(([s, t]) => compounds.has(s) && t.target_nM != null))
      held[id] = w;
  }
  if (Object.keys(held).length === 0) return null;
  const input = metricsInputFromPlate(defn, held, bench, settings);
  const m = computeMetrics(input);
  const k = input.solventKeys.indexOf(key);
  if (k < 0) return null;
  const loads: number[] = [];
  for (let w = 0; w < input.wellCount; w++) {
    const pct = m.solventPct[w * m.solventCount + k];
    if (pct > 0) loads.push(pct);
  }
  if (loads.length === 0) return null;
  loads.sort((a, b) => a - b);
  const mid = loads.length >> 1;
  return loads.length % 2 === 1 ? loads[mid] : (loads[mid - 1] + loads[mid]) / 2;
}

/** compoundSolventLoadPct of a plate for any solvent, each computed once when first asked. */
export function vehicleLoadOf(
  defn: PlateDefn,
  wells: WireWells,
  bench: readonly BenchReagentInfo[],
  settings: Partial<DispenseSettings> | null,
): (solventSlug: string) => number | null {
  const memo = new Map<string, number | null>();
  return (slug) => {
    if (!memo.has(slug)) memo.set(slug, compoundSolventLoadPct(defn, wells, bench, settings, slug));
    return memo.get(slug)!;
  };
}
