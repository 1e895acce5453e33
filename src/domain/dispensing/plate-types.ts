/**
 * Source and destination plate types as data (DISPENSING.md "Acoustic source plate types"):
 * what a source well may hold (working range) and what stays behind (dead volume).
 */
import type { PlateFormat } from '../plate-format';

/** A source plate (or reservoir) type. */
export interface SourcePlateType {
  id: string;
  /** wells per plate */
  format: PlateFormat;
  fluid: 'dmso' | 'aqueous';
  /** fill range of one well, uL */
  min_uL: number;
  max_uL: number;
  /** volume a well keeps that cannot be dispensed, uL */
  dead_uL: number;
}

export const SOURCE_PLATE_TYPES: readonly SourcePlateType[] = [
  { id: '384PP_DMSO2', format: 384, fluid: 'dmso', min_uL: 15, max_uL: 65, dead_uL: 15 },
  { id: '384LDV_DMSO', format: 384, fluid: 'dmso', min_uL: 2.5, max_uL: 12, dead_uL: 2.5 },
  { id: '1536LDV_DMSO', format: 1536, fluid: 'dmso', min_uL: 1, max_uL: 5, dead_uL: 1 },
  { id: '384PP_AQ_BP', format: 384, fluid: 'aqueous', min_uL: 15, max_uL: 65, dead_uL: 15 },
  { id: '6RES_AQ_BP2', format: 6, fluid: 'aqueous', min_uL: 250, max_uL: 2800, dead_uL: 250 },
  // Tubes or a deep-well plate for pipetting: 2 mL wells, 20 uL left behind.
  { id: '96DW_TUBES', format: 96, fluid: 'aqueous', min_uL: 20, max_uL: 2000, dead_uL: 20 },
];

/** The reservoir bulk liquids are poured into. */
export const BULK_RESERVOIR_TYPE = '6RES_AQ_BP2';

/** A destination plate type per format (the names the picklist writes). */
export const DESTINATION_PLATE_TYPES: Record<PlateFormat, string> = {
  6: 'Corning_6_Well',
  12: 'Corning_12_Well',
  24: 'Corning_24_Well',
  48: 'Corning_48_Well',
  96: 'Corning_96_Flat',
  384: 'Corning_384_Flat',
  1536: 'Corning_1536_Flat',
};

/** The source plate type of an id; undefined when unknown. */
export function sourcePlateTypeById(id: string | null | undefined): SourcePlateType | undefined {
  return SOURCE_PLATE_TYPES.find((t) => t.id === id);
}
