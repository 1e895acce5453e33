/**
 * Which instrument dispenses an entry of a well, and what that means for its volume and its
 * solvent. Shared by the metrics kernel and the plan, so a prediction and a transfer read
 * the same rounded volume.
 */
import { solventKey } from '../chemistry/solvents';
import type { BenchReagentInfo, WireTarget } from '../plate-wire';
import { toDisplayType } from '../reagent-types';
import { dilutesInSolvent } from './instruments';
import type { ResolvedSettings } from './settings';

export type Route = 'transfer' | 'bulk';

/**
 * Bulk liquids go to the bulk dispenser (DISPENSING.md "Screening practice"): media and
 * buffers, cells (a biological counted in cells/mL with no molar target), and any liquid
 * without a target that fills the well - except an organic solvent, which is dispensed like
 * a compound (a vehicle control, a backfill). Volumes below the bulk dispenser's minimum
 * stay with the instrument.
 */
export function routeOf(
  reagent: Pick<BenchReagentInfo, 'type' | 'solvent' | 'slug' | 'name'>,
  target: Pick<WireTarget, 'target_nM' | 'volume_uL'>,
  resolved: ResolvedSettings,
): Route {
  if (!(target.volume_uL * 1000 >= resolved.bulk.min_nL)) return 'transfer';
  const t = toDisplayType(reagent.type);
  if (t === 'media' || t === 'buffer') return 'bulk';
  if (target.target_nM != null) return 'transfer';
  if (t === 'solvent' && solventKey(reagent.slug) !== null) return 'transfer';
  return 'bulk';
}

/** The step an entry's volume is rounded to, uL. */
export function stepOf(route: Route, resolved: ResolvedSettings): number {
  return (route === 'bulk' ? resolved.bulk.step_nL : resolved.instrument.step_nL) / 1000;
}

/**
 * The share of an entry's volume that is its stock's solvent. An acoustic intermediate is
 * diluted in the compound's own solvent (all of it is solvent); a pipetted one in the aqueous
 * assay diluent, so a 1:F intermediate carries 1/F of the stock's solvent (unless the
 * settings name a solvent as its diluent: then all of it is solvent).
 */
export function solventFraction(dilution: number, resolved: ResolvedSettings | null): number {
  if (!resolved || dilutesInSolvent(resolved.instrument) || !(dilution > 1)) return 1;
  return 1 / dilution;
}
