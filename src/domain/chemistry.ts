/**
 * Derived well chemistry (DOMAIN.md "Vehicle and solvent load", "Derived pH and ionic
 * strength"). Spec heuristics, each in one small function so a better model can replace it.
 * Scalar in, scalar out: the per-well kernel calls these without allocating.
 */
import { toDisplayType } from './reagent-types';

/** Ceiling of the ionic-strength heuristic, in mM. */
export const MAX_IONIC_STRENGTH_MM = 300;

/** pH = 6 + 2 * f_buffer, f_buffer = buffer volume / V capped to [0, 1]; NaN for an empty well. */
export function derivedPH(bufferVolumeUL: number, wellVolumeUL: number): number {
  if (!(wellVolumeUL > 0)) return Number.NaN;
  const f = Math.min(1, Math.max(0, bufferVolumeUL / wellVolumeUL));
  return 6 + 2 * f;
}

/**
 * One reagent's share of the ionic strength, in mM. A declared ionic strength is already
 * an ionic strength: it is diluted (declared * v / V). Otherwise the final molar
 * concentration counts through the spec's total/10 heuristic. % stocks (no molar
 * prediction) contribute nothing unless they declare a value.
 */
export function ionicContributionMM(
  predictedNM: number,
  declaredMM: number | null,
  volumeUL: number,
  wellVolumeUL: number,
): number {
  if (!(wellVolumeUL > 0)) return 0;
  if (declaredMM != null && Number.isFinite(declaredMM))
    return (declaredMM * volumeUL) / wellVolumeUL;
  if (!Number.isFinite(predictedNM)) return 0;
  return predictedNM / 1e6 / 10;
}

/** Ionic strength (mM) of a well from the sum of its contributions, capped at 300 mM. */
export function capIonicStrength(sumMM: number): number {
  return Math.min(MAX_IONIC_STRENGTH_MM, sumMM);
}

// Liquids that are water in all but name: a stock dissolved in them brings no solvent load.
const AQUEOUS =
  /^(water|h2o|ddh2o|dh2o|milli-?q|pbs|dpbs|saline|tris|hepes|buffer|media|medium|none|aqueous)\b/i;

/**
 * Whether a reagent's added volume counts as solvent load: a solvent-type reagent, or a
 * stock dissolved in a non-aqueous solvent (a compound in DMSO brings its DMSO along).
 * Biologicals and media never do: their `solvent` field holds the culture medium.
 */
export function countsAsSolventLoad(
  type: string | null | undefined,
  solvent: string | null | undefined,
): boolean {
  const t = toDisplayType(type);
  if (t === 'solvent') return true;
  if (t === 'biological' || t === 'media') return false;
  const s = (solvent ?? '').trim();
  return s !== '' && !AQUEOUS.test(s);
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
