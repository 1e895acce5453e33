/**
 * Volumes as an instrument dispenses them: whole multiples of its step (2.5 nL droplets,
 * 0.1 uL of a pipette), never below its minimum.
 */

// Quotients of decimal floats land a hair beside an integer (0.0125 / 0.0025 is
// 4.999999999999999): snap them before rounding.
function steps(volumeUL: number, stepUL: number): number {
  return Math.round(Number((volumeUL / stepUL).toFixed(6)));
}

/** The nearest whole multiple of the step, uL (0.0013 uL at 2.5 nL is 0; 0.0133 is 0.0125). */
export function roundToStep(volumeUL: number, stepUL: number): number {
  if (!(stepUL > 0) || !Number.isFinite(volumeUL)) return volumeUL;
  return Number((steps(volumeUL, stepUL) * stepUL).toFixed(9));
}

/**
 * Backfill of a well so that its `solventUL` of the backfill solvent reaches `percent` %
 * of the final volume: b = (p * V - s) / (1 - p) with p = percent / 100, since the
 * backfill adds to V too; whole steps, rounded down so that the well never passes p (a
 * droplet more took a 5 uL well to 2.009 % of a 2 % limit); 0 when it already holds as much.
 */
export function backfillVolumeUL(
  wellVolumeUL: number,
  solventUL: number,
  percent: number,
  stepUL: number,
): number {
  if (!(wellVolumeUL > 0) || !(percent > 0) || percent >= 100) return 0;
  const p = percent / 100;
  const b = (p * wellVolumeUL - solventUL) / (1 - p);
  if (!(b > 0)) return 0;
  if (!(stepUL > 0)) return b;
  return Number((Math.floor(Number((b / stepUL).toFixed(6))) * stepUL).toFixed(9));
}
