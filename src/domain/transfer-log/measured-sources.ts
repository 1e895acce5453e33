/**
 * What the instrument last measured in each source well, from the files imported in order:
 * a survey's volume, or a log's Current Fluid Volume after its transfers. A later file
 * overrides an earlier one; within one log a well only loses liquid, so its least Current
 * Fluid Volume is its last. One reading serves the reconciliation's source inventory and the
 * library wells' current volumes.
 */
import { isFailed, type LogTransfer } from './echo-log';
import type { RunFile, SourceInventory } from './reconcile-types';

export interface MeasuredSource {
  /** the plate's barcode, empty when the file wrote none */
  barcode: string;
  /** the plate's name as the file wrote it */
  plate: string;
  well: string;
  uL: number;
  by: NonNullable<SourceInventory['measured_by']>;
  /** % DMSO the instrument read; null when not written */
  dmso: number | null;
}

/** A plate as a file names it: its barcode, else (no barcode set) its name. */
export function plateKey(barcode: string, name: string): string {
  return barcode !== '' ? barcode : name;
}

/** A source well's key: its plate (barcode, else name) and well. */
export const sourceKey = (barcode: string, plate: string, well: string) =>
  `${plateKey(barcode, plate)}|${well}`;

/** A log row's measurement of its source well, or null (a failure that could not measure). */
function measuredOf(row: LogTransfer): number | null {
  if (row.current_uL === null) return null;
  // MM0202007 and kin write 0 for both volumes: the well was not measured
  if (isFailed(row) && row.current_uL === 0 && !row.survey_uL) return null;
  return row.current_uL;
}

/** Each source well's last measurement over the files, keyed by `sourceKey`. */
export function measuredSources(files: readonly RunFile[]): Map<string, MeasuredSource> {
  const measured = new Map<string, MeasuredSource>();
  for (const file of files) {
    if (file.kind === 'survey') {
      for (const w of file.survey) {
        measured.set(sourceKey(w.source_barcode, w.source_plate, w.source_well), {
          barcode: w.source_barcode,
          plate: w.source_plate,
          well: w.source_well,
          uL: w.volume_uL,
          by: 'survey',
          dmso: w.dmso_pct,
        });
      }
      continue;
    }
    const least = new Map<string, MeasuredSource>();
    for (const row of file.log.transfers) {
      const uL = measuredOf(row);
      if (uL === null) continue;
      const key = sourceKey(row.source_barcode, row.source_plate, row.source_well);
      const was = least.get(key);
      if (!was || uL < was.uL) {
        least.set(key, {
          barcode: row.source_barcode,
          plate: row.source_plate,
          well: row.source_well,
          uL,
          by: 'transfer log',
          dmso: row.composition_pct,
        });
      }
    }
    for (const [key, m] of least) measured.set(key, m);
  }
  return measured;
}
