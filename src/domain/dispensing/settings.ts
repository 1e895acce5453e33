/**
 * An experiment's dispensing choices (the body of GET/PUT /api/experiments/{id}/dispensing)
 * and their defaults per plate format: acoustic 2.5 nL droplets for 384 and 1536, a
 * pipette for 96 and below.
 */
import { DEFAULT_SOLVENT_LIMIT_PCT, solventKey } from '../chemistry/solvents';
import type { PlateFormat } from '../plate-format';
import { instrumentById, type InstrumentProfile } from './instruments';
import { DESTINATION_PLATE_TYPES, sourcePlateTypeById, type SourcePlateType } from './plate-types';

/** Every well ends at `percent` % (v/v) of `solvent` (a bench slug or a solvent name). */
export interface BackfillSetting {
  solvent: string;
  percent: number;
}

export interface DispenseSettings {
  /** id of the instrument that dispenses compounds and controls */
  instrument: string;
  /** id of the bulk dispenser for media, buffer, cells and the vehicle fill */
  bulk_instrument: string;
  /** the volume an assay well holds, uL; null when the wells say it */
  assay_volume_uL: number | null;
  source_plate_type: string;
  destination_plate_type: string;
  destination_barcode: string;
  /** barcode of the first source plate (later plates get "-2", "-3"); empty when none */
  source_barcode?: string;
  backfill: BackfillSetting | null;
  /** the assay diluent of pipetted intermediates (a bench slug); null: the well's vehicle */
  diluent?: string | null;
  /** the well's temperature for pH, C; default 25 */
  temperature_C?: number;
  /**
   * Dispense the wells the plan cannot meet anyway (their transfers marked in the picklist);
   * default false: an unmet well is in no instrument's file.
   */
  dispense_unmet?: boolean;
}

/** The settings of a plate that has none stored. */
export function defaultDispenseSettings(format: PlateFormat): DispenseSettings {
  const acoustic = format >= 384;
  return {
    instrument: acoustic ? 'echo-650' : 'pipette',
    bulk_instrument: 'bulk-small',
    assay_volume_uL: acoustic ? (format === 1536 ? 5 : 50) : null,
    source_plate_type: acoustic ? (format === 1536 ? '1536LDV_DMSO' : '384PP_DMSO2') : '96DW_TUBES',
    destination_plate_type: DESTINATION_PLATE_TYPES[format],
    destination_barcode: '',
    backfill: null,
  };
}

/** Settings with the profiles they name, resolved once for a plan or the kernel. */
export interface ResolvedSettings {
  settings: DispenseSettings;
  instrument: InstrumentProfile;
  bulk: InstrumentProfile;
  sourceType: SourcePlateType;
}

/**
 * Resolves the profiles of settings; unknown ids fall back to the format's defaults, so
 * a stored setting naming a retired profile still plans.
 */
export function resolveSettings(
  format: PlateFormat,
  settings?: Partial<DispenseSettings> | null,
): ResolvedSettings {
  const d = defaultDispenseSettings(format);
  const s: DispenseSettings = { ...d, ...settings };
  const named = instrumentById(s.instrument) ?? instrumentById(d.instrument)!;
  // a pipette's working stocks made in DMSO are all DMSO: 50 uL of a 1:100 in DMSO is 50 %
  // of a 100 uL well, not the 0.5 % a 1:100 in medium brings
  const key = named.kind === 'acoustic' ? null : solventKey(s.diluent);
  const instrument =
    key !== null && DEFAULT_SOLVENT_LIMIT_PCT[key] !== undefined
      ? { ...named, diluent_is_solvent: true }
      : named;
  const bulk = instrumentById(s.bulk_instrument) ?? instrumentById(d.bulk_instrument)!;
  const sourceType =
    sourcePlateTypeById(s.source_plate_type) ?? sourcePlateTypeById(d.source_plate_type)!;
  return { settings: s, instrument, bulk, sourceType };
}
