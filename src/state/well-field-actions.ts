// Store action: label, sample and tags of wells (default: the selection), one undo step.
import { plateDefn } from '../domain/plate-format';
import { commit } from './designer-document';
import { designer } from './designer-store';
import { selectedIndices } from './plate-actions';
import { setWellFields, type WellFields } from './well-fields';

export function setFields(
  fields: WellFields,
  indices: readonly number[] = selectedIndices(),
): void {
  if (indices.length === 0) return;
  const wells = setWellFields(designer.wells, plateDefn(designer.format), indices, fields);
  commit({ format: designer.format, wells });
}
