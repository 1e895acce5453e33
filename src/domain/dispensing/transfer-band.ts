/**
 * The accuracy band of one reagent of a well as its instrument dispenses it: a compound's
 * 2.5 nL droplets are read against the acoustic dispenser's bands, the medium against the
 * bulk dispenser's, a pipetted volume against the pipette's (the spec's bands). The band of
 * a transfer is the first of its instrument's bands whose limit the volume is under.
 */
import type { PlateFormat } from '../plate-format';
import type { BenchReagentInfo, WireTarget } from '../plate-wire';
import type { AccuracyBandSpec } from './instruments';
import { routeOf } from './routing';
import { resolveSettings, type DispenseSettings } from './settings';

/** The band an instrument gives a volume (uL); undefined for no volume. */
export function bandOfVolume(
  bands: readonly AccuracyBandSpec[],
  volumeUL: number,
): AccuracyBandSpec | undefined {
  if (!(volumeUL > 0) || !Number.isFinite(volumeUL)) return undefined;
  return bands.find((b) => b.below_nL == null || volumeUL * 1000 < b.below_nL - 1e-9);
}

/**
 * "poor (±10–20%)", "good (±2–5%)", "good": the band of the volume dispensed of one reagent,
 * by the instrument that dispenses it (settings null: the format's defaults). Empty when
 * nothing is dispensed.
 */
export function transferAccuracyLabel(
  format: PlateFormat,
  reagent: Pick<BenchReagentInfo, 'type' | 'solvent' | 'slug' | 'name'>,
  target: Pick<WireTarget, 'target_nM' | 'volume_uL'>,
  dispensedUL: number,
  dispensing: Partial<DispenseSettings> | null,
): string {
  const resolved = resolveSettings(format, dispensing);
  const profile =
    routeOf(reagent, target, resolved) === 'bulk' ? resolved.bulk : resolved.instrument;
  const band = bandOfVolume(profile.bands, dispensedUL);
  if (!band) return '';
  return band.range ? `${band.band} (${band.range})` : band.band;
}
