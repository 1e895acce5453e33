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
import { packedPlate } from '../plate/distinct-wells';
import type { BenchReagentInfo, WireWell, WireWells } from '../plate-wire';
import { indexOfWellId } from '../well-id';
import type { DispenseSettings } from './settings';

/**
 * The load (% v/v) of the solvent `solventKey` in each of `wells` (0 where it holds none).
 * A well's load depends on its contents only, so the wells are packed into one small grid.
 */
export function solventLoads(
  defn: PlateDefn,
  wells: readonly WireWell[],
  bench: readonly BenchReagentInfo[],
  settings: Partial<DispenseSettings> | null,
  solventKey: string,
): Float64Array {
  const packed = packedPlate(defn, wells);
  const input = metricsInputFromPlate(packed.defn, packed.wells, bench, settings);
  const out = new Float64Array(wells.length);
  const k = input.solventKeys.indexOf(solventKey);
  if (k < 0) return out;
  const m = computeMetrics(input);
  for (let w = 0; w < wells.length; w++) out[w] = m.solventPct[w * m.solventCount + k];
  return out;
}

/**
 * Per-well loads of a solvent (by its key), as solventLoads answers them; a caller that keeps
 * them per well object between applies passes its own (layout/tool-apply.ts).
 */
export type WellLoads = (wells: readonly WireWell[], solventKey: string) => ArrayLike<number>;

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
  loadsOf: WellLoads = (list, key) => solventLoads(defn, list, bench, settings, key),
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
  const held: WireWell[] = [];
  for (const id in wells) {
    const w = wells[id];
    if (indexOfWellId(id, defn) < 0) continue;
    for (const slug in w.targets) {
      if (compounds.has(slug) && w.targets[slug].target_nM != null) {
        held.push(w);
        break;
      }
    }
  }
  if (held.length === 0) return null;
  const all = loadsOf(held, key);
  const loads: number[] = [];
  for (let w = 0; w < held.length; w++) if (all[w] > 0) loads.push(all[w]);
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
  loadsOf?: WellLoads,
): (solventSlug: string) => number | null {
  const memo = new Map<string, number | null>();
  return (slug) => {
    if (!memo.has(slug))
      memo.set(slug, compoundSolventLoadPct(defn, wells, bench, settings, slug, loadsOf));
    return memo.get(slug)!;
  };
}
