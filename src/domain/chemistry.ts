/**
 * Derived well chemistry (DOMAIN.md "Vehicle and solvent load", "Derived pH and ionic
 * strength"): the scalar pieces the per-well kernel calls without allocating. The models
 * are in chemistry/ (ionic strength from ions, buffer pH by bisection, solvents).
 */
import { isAqueous, solventKey } from './chemistry/solvents';
import { toDisplayType } from './reagent-types';

/**
 * One reagent's share of the ionic strength, in mM. A declared ionic strength is kept as
 * given and diluted (declared * v / V). Otherwise I = 1/2 sum(c z^2) over the ions of the
 * reagent (`ionFactor` = 1/2 sum(count z^2) per formula unit, chemistry/ionic-strength.ts)
 * at its predicted concentration. A reagent with neither (a neutral compound, a % stock)
 * brings none.
 */
export function ionicContributionMM(
  predictedNM: number,
  declaredMM: number | null,
  ionFactor: number,
  volumeUL: number,
  wellVolumeUL: number,
): number {
  if (!(wellVolumeUL > 0)) return 0;
  if (declaredMM != null && Number.isFinite(declaredMM))
    return (declaredMM * volumeUL) / wellVolumeUL;
  if (!Number.isFinite(predictedNM) || !Number.isFinite(ionFactor)) return 0;
  return (predictedNM / 1e6) * ionFactor;
}

/**
 * The solvent (a key such as "dmso") a reagent's added volume brings, or null: a
 * solvent-type reagent is itself its solvent (water is not one), a stock dissolved in an
 * organic solvent brings it (a compound in DMSO brings DMSO). Biologicals and media never
 * do: their `solvent` field holds the culture medium.
 */
export function solventOfReagent(
  type: string | null | undefined,
  solvent: string | null | undefined,
  slugOrName: string | null | undefined,
): string | null {
  const t = toDisplayType(type);
  if (t === 'solvent') {
    if (slugOrName != null) return solventKey(slugOrName);
    return isAqueous(solvent) ? 'solvent' : solventKey(solvent);
  }
  if (t === 'biological' || t === 'media') return null;
  return solventKey(solvent);
}

/**
 * Solvent volume brought by an addition: all of it, or stock_pct % of it when the reagent
 * is itself a % (v/v) dilution of a solvent.
 */
export function solventVolumeUL(volumeUL: number, stockPct: number | null): number {
  return stockPct != null && Number.isFinite(stockPct) ? (volumeUL * stockPct) / 100 : volumeUL;
}

/** vehicle_vv_pct = solvent volume / V * 100; 0 for an empty well. */
export function vehiclePct(solventUL: number, wellVolumeUL: number): number {
  return wellVolumeUL > 0 ? (solventUL / wellVolumeUL) * 100 : 0;
}
