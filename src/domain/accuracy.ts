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

/**
 * Decimals a volume is shown with at least: 2 under 2 uL, 1 under 10 uL, else 0 (the spec's
 * band rule); formatVolume adds what the volume needs to be shown exactly.
 */
export function volumeDecimals(volumeUL: number): number {
  const v = Math.abs(volumeUL);
  if (v < POOR_BELOW_UL) return 2;
  if (v < MODERATE_BELOW_UL) return 1;
  return 0;
}

/**
 * Significant figures a concentration is shown with: 3, whatever its transfer's band. Three
 * figures keep every shown value within 0.5 % of the plan's; the spec's 1 and 2 figures for
 * pipetting under 2 and 10 uL showed 368.5 nM as "400 nM" and a 1.52 nM target as "2 nM"
 * beside droplets whose own band is good. A band is said beside the number (accuracyLabel),
 * never by cutting figures off it.
 */
export const CONCENTRATION_SIG_FIGS = 3;

// Acoustic transfers are whole 2.5 nL droplets: below 0.1 uL two decimals of uL would round
// them off (25 nL read as "0.03 µL", 20 % more), so they are shown in nL, as the picklist
// has them, to 4 significant figures (2.5, 12.5, 97.5 nL exactly).
const NANOLITRE_BELOW_UL = 0.1;
/** Most decimals of uL a volume is shown with: 0.1 nL, finer than any instrument's step. */
const MAX_VOLUME_DECIMALS = 4;

/**
 * A volume in uL for display: "0.50 µL", "5.0 µL", "50 µL", with the decimals of its band at
 * least and as many more (up to 0.1 nL) as it needs to be shown exactly, so a volume on an
 * instrument's step reads as that step makes it (90.5 µL, not 91); droplet sizes in nL
 * ("2.5 nL").
 */
export function formatVolume(volumeUL: number): string {
  if (!Number.isFinite(volumeUL)) return '—';
  if (volumeUL !== 0 && Math.abs(volumeUL) < NANOLITRE_BELOW_UL) {
    return `${Number((volumeUL * 1000).toPrecision(4))} nL`;
  }
  let decimals = volumeDecimals(volumeUL);
  while (
    decimals < MAX_VOLUME_DECIMALS &&
    Math.abs(Number(volumeUL.toFixed(decimals)) - volumeUL) > 1e-9
  ) {
    decimals++;
  }
  return `${volumeUL.toFixed(decimals)} µL`;
}

/**
 * A percent (v/v) for display: 2 decimals at least, more while they are more than 0.5 % off
 * the value (0.001 % DMSO reads "0.001 %", not "0.00 %").
 */
export function formatPercent(pct: number): string {
  if (!Number.isFinite(pct)) return '—';
  let decimals = 2;
  while (decimals < 8 && Math.abs(Number(pct.toFixed(decimals)) - pct) > 0.005 * Math.abs(pct)) {
    decimals++;
  }
  return `${pct.toFixed(decimals)} %`;
}

const SCALE: readonly MolarUnit[] = ['nM', 'uM', 'mM', 'M'];

function toSigFigs(x: number, sig: number): string {
  const p = x.toPrecision(sig);
  // toPrecision switches to exponent form (1e+2) when the integer part has more digits.
  return p.includes('e') ? String(Number(p)) : p;
}

/**
 * A concentration in nM for display, auto-scaled to nM, µM, mM or M, to 3 significant figures
 * (CONCENTRATION_SIG_FIGS): formatConcentration(1500) is "1.50 µM", 368.5 nM "369 nM". The
 * transfer volume some callers pass no longer cuts figures (the band is said beside).
 */
export function formatConcentration(nM: number, _transferVolumeUL?: number | null): string {
  if (!Number.isFinite(nM)) return '—';
  if (nM === 0) return '0 nM';
  const sig = CONCENTRATION_SIG_FIGS;
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
