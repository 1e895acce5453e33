/** The well editor's inputs as data (spec section 5): µM concentration, 0–100 µL volume. */
import type { ReagentAmount } from '../../state/plate-edits';

export const DEFAULT_CONCENTRATION_UM = 1000;
export const DEFAULT_VOLUME_UL = 10;
export const VOLUME_MAX_UL = 100;

/** What the form holds, as typed. */
export interface EditorValues {
  slug: string;
  uM: string;
  volumeUl: string;
}

/** Defaults: 1000 µM and 10 µL, the first bench reagent. */
export function initialEditorValues(): EditorValues {
  return { slug: '', uM: String(DEFAULT_CONCENTRATION_UM), volumeUl: String(DEFAULT_VOLUME_UL) };
}

/** The amount to apply, or null when the concentration or the volume is not acceptable. */
export function editorAmount(values: Pick<EditorValues, 'uM' | 'volumeUl'>): ReagentAmount | null {
  if (values.uM.trim() === '' || values.volumeUl.trim() === '') return null;
  const uM = Number(values.uM);
  const volumeUl = Number(values.volumeUl);
  if (!Number.isFinite(uM) || uM < 0) return null;
  if (!Number.isFinite(volumeUl) || volumeUl < 0 || volumeUl > VOLUME_MAX_UL) return null;
  return { uM, volumeUl };
}
