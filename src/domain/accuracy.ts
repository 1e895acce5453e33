/**
 * Pipetting accuracy bands and the display precision that follows from them (spec
 * section 9): under 2 uL poor, under 10 uL moderate, otherwise good.
 */
import { UNIT_LABELS, fromNanomolar, type MolarUnit } from './units';

/** Band codes; a smaller non-zero code is a worse band. NONE: nothing transferred. */
export const BAND = { NONE: 0, POOR: 1, MODERATE: 2, GOOD: 3 } as const;
export type BandCode = (typeof BAND)[keyof typeof BAND];

export type AccuracyBand = 'poor' | 'moderate' | 'good';

/** Band names indexed by code (index 0 has none). */
export const BAND_NAMES = [null, 'poor', 'moderate', 'good'] as const;

/** Expected pipetting error of each band as the spec writes it; good has no range shown. */
export const BAND_RANGES: Record<AccuracyBand, string | null> = {
  poor: '±10–20%',
  moderate: '±5–10%',
  good: null,
};

/** Band thresholds in uL. */
export const POOR_BELOW_UL = 2;
export const MODERATE_BELOW_UL = 10;

/** Band code of one transfer volume; NONE for 0, negative or non-finite volumes. */
export function bandCode(volumeUL: number): BandCode {
  if (!(volumeUL > 0) || !Number.isFinite(volumeUL)) return BAND.NONE;
  if (volumeUL < POOR_BELOW_UL) return BAND.POOR;
  if (volumeUL < MODERATE_BELOW_UL) return BAND.MODERATE;
  return BAND.GOOD;
}

/** Band of one transfer volume, undefined when nothing is transferred. */
export function accuracyBand(volumeUL: number): AccuracyBand | undefined {
  return BAND_NAMES[bandCode(volumeUL)] ?? undefined;
}

/** "poor (±10–20%)", "moderate (±5–10%)", "good"; empty for no transfer. */
export function accuracyLabel(volumeUL: number): string {
  const band = accuracyBand(volumeUL);
  if (!band) return '';
  const range = BAND_RANGES[band];
  return range ? `${band} (${range})` : band;
}

/** Decimals a volume is shown with: 2 under 2 uL, 1 under 10 uL, else 0. */
export function volumeDecimals(volumeUL: number): number {
  const v = Math.abs(volumeUL);
  if (v < POOR_BELOW_UL) return 2;
  if (v < MODERATE_BELOW_UL) return 1;
  return 0;
}

/**
 * Significant figures a concentration is shown with: 1 when pipetted under 2 uL, 2 under
 * 10 uL, else 3 (also when the transfer volume is not known).
 */
export function concentrationSigFigs(transferVolumeUL?: number | null): number {
  if (transferVolumeUL == null || !(transferVolumeUL > 0)) return 3;
  if (transferVolumeUL < POOR_BELOW_UL) return 1;
  if (transferVolumeUL < MODERATE_BELOW_UL) return 2;
  return 3;
}

// Acoustic transfers are whole 2.5 nL droplets: below 0.1 uL two decimals of uL would round
// them off (25 nL read as "0.03 µL", 20 % more), so they are shown in nL, as the picklist
// has them. No pipette dispenses that little, so the bands' decimals lose nothing.
const NANOLITRE_BELOW_UL = 0.1;

/** A volume in uL for display: "0.50 µL", "5.0 µL", "50 µL"; droplet sizes in nL ("2.5 nL"). */
export function formatVolume(volumeUL: number): string {
  if (!Number.isFinite(volumeUL)) return '—';
  if (volumeUL !== 0 && Math.abs(volumeUL) < NANOLITRE_BELOW_UL) {
    return `${Number((volumeUL * 1000).toFixed(1))} nL`;
  }
  return `${volumeUL.toFixed(volumeDecimals(volumeUL))} µL`;
}

const SCALE: readonly MolarUnit[] = ['nM', 'uM', 'mM', 'M'];

function toSigFigs(x: number, sig: number): string {
  const p = x.toPrecision(sig);
  // toPrecision switches to exponent form (1e+2) when the integer part has more digits.
  return p.includes('e') ? String(Number(p)) : p;
}

/**
 * A concentration in nM for display, auto-scaled to nM, µM, mM or M and rounded to the
 * significant figures of its transfer volume: formatConcentration(1500) is "1.50 µM",
 * formatConcentration(1500, 1) is "2 µM".
 */
export function formatConcentration(nM: number, transferVolumeUL?: number | null): string {
  if (!Number.isFinite(nM)) return '—';
  if (nM === 0) return '0 nM';
  const sig = concentrationSigFigs(transferVolumeUL);
  let i = 0;
  while (i < SCALE.length - 1 && Math.abs(fromNanomolar(nM, SCALE[i])) >= 1000) i++;
  let value = Number(fromNanomolar(nM, SCALE[i]).toPrecision(sig));
  // Rounding can carry into the next unit: 999.6 nM at 3 figures is 1.00 µM.
  if (Math.abs(value) >= 1000 && i < SCALE.length - 1) {
    i++;
    value = Number(fromNanomolar(nM, SCALE[i]).toPrecision(sig));
  }
  return `${toSigFigs(value, sig)} ${UNIT_LABELS[SCALE[i]]}`;
}
