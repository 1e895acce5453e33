/** The plate-type choices of the create card (spec section 3), from the domain's formats. */
import { PLATE_FORMATS, PLATE_FORMAT_NOTES, plateDefn } from '../../domain/plate-format';
import type { PlateFormat } from '../../domain/plate-format';
import type { PlateType } from '../../api/types';

export interface PlateTypeOption {
  value: PlateType;
  /** e.g. "1536-well (32x48, ultra density)". */
  label: string;
}

/** "1536-well". */
export function plateTypeName(plateType: string | number): string {
  return `${plateType}-well`;
}

/** "1536-well (32x48, ultra density)". */
export function plateTypeLabel(format: PlateFormat): string {
  const { rows, cols } = plateDefn(format);
  return `${plateTypeName(format)} (${rows}x${cols}, ${PLATE_FORMAT_NOTES[format]})`;
}

/** All seven plate types, smallest first. */
export const PLATE_TYPE_OPTIONS: readonly PlateTypeOption[] = PLATE_FORMATS.map((format) => ({
  value: String(format) as PlateType,
  label: plateTypeLabel(format),
}));
