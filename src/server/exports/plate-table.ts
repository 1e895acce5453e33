// The plate as a long table (DOMAIN.md "Exports"): one row per well and reagent, every well
// of the plate in row-major order, an empty well once with empty reagent columns. Numbers
// are the plate state's own (computed by the domain); only float noise is trimmed.
import { dispensedVolumeUL, type PlateState } from '../../domain/plate-state';
import { idOfIndex, rowLetter } from '../../domain/well-id';

/** Column headers of the long table, in order. */
export const PLATE_TABLE_HEADERS = [
  'Well',
  'Row',
  'Column',
  'Reagent',
  'Slug',
  'Target (nM)',
  'Predicted (nM)',
  'Error (%)',
  'Status',
  'Volume (uL)',
  'Well volume (uL)',
  'Tags',
  'Sample',
  'Label',
] as const;

/** A cell: text, a number, or empty. */
export type Cell = string | number | null;

/** Significant digits kept of a computed concentration or error. */
const SIGNIFICANT = 6;
/** Volumes are whole droplets of 2.5 nL at best: four decimals of uL are exact. */
const VOLUME_DECIMALS = 4;

/** A computed number without float noise (1000.0000000001 -> 1000); null stays empty. */
export function tidy(value: number | null | undefined): number | null {
  if (value == null || !Number.isFinite(value)) return null;
  return Number(value.toPrecision(SIGNIFICANT));
}

/** A volume in uL rounded to what an instrument can dispense. */
export function tidyVolume(value: number | null | undefined): number | null {
  if (value == null || !Number.isFinite(value)) return null;
  return Number(value.toFixed(VOLUME_DECIMALS));
}

/** Rows of the long table (without the header), every well of the plate included. */
export function plateTableRows(state: PlateState): Cell[][] {
  const { defn } = state;
  const rows: Cell[][] = [];
  for (let i = 0; i < defn.rows * defn.cols; i++) {
    const id = idOfIndex(defn, i);
    const place: Cell[] = [id, rowLetter(Math.floor(i / defn.cols)), (i % defn.cols) + 1];
    const well = state.wells[id];
    if (!well) {
      rows.push([...place, null, null, null, null, null, null, null, null, null, null, null]);
      continue;
    }
    const tail: Cell[] = [well.tags.join(' '), well.sample || null, well.label || null];
    const wellVolume = tidyVolume(well.metrics.volumeUl);
    const slugs = Object.keys(well.targets);
    if (slugs.length === 0) {
      rows.push([...place, null, null, null, null, null, null, null, wellVolume, ...tail]);
      continue;
    }
    for (const slug of slugs) {
      const target = well.targets[slug];
      const predicted = well.predicted[slug];
      rows.push([
        ...place,
        well.metrics.reagentDisplayNames[slug] ?? slug,
        slug,
        target.target_nM,
        tidy(predicted?.nM),
        tidy(predicted?.err_pct),
        target.status === 'none' ? null : target.status,
        tidyVolume(dispensedVolumeUL(well, slug)),
        wellVolume,
        ...tail,
      ]);
    }
  }
  return rows;
}
