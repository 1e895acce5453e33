/**
 * Source plate surveys (SCREENING.md "Echo transfer logs"): what the instrument measured in
 * each source well before a run, one row a well: the plate barcode, the well, the measured
 * volume (uL) and the fluid's composition (% DMSO). Echo surveys write `Source Plate
 * Barcode, Source Well, Survey Fluid Height, Survey Fluid Volume, Fluid Composition, Survey
 * Status` under a header block; a plain table (`Plate Barcode, Well, Volume, % DMSO`) reads
 * the same. Columns are found by name; lines before the column row are the header.
 */
import { csvLines, FileLineError, numberCell } from './csv-lines';
import { columnKey, normalWell } from './echo-log';

export interface SurveyWell {
  line: number;
  source_plate: string;
  source_barcode: string;
  source_well: string;
  volume_uL: number;
  /** % DMSO; null when not written */
  dmso_pct: number | null;
  /** Survey Status: empty when the well was read, else the instrument's reason */
  status: string;
}

const NAMES = {
  plate: ['source plate name', 'plate name'],
  barcode: ['source plate barcode', 'plate barcode', 'barcode'],
  well: ['source well', 'well'],
  volume: ['survey fluid volume', 'measured volume', 'volume'],
  dmso: ['fluid composition', '% dmso', 'dmso %', 'dmso'],
  status: ['survey status', 'status'],
} as const;

type Column = keyof typeof NAMES;

function findColumns(cells: readonly string[]): Partial<Record<Column, number>> | null {
  const keys = cells.map(columnKey);
  const at: Partial<Record<Column, number>> = {};
  for (const column of Object.keys(NAMES) as Column[]) {
    for (const name of NAMES[column]) {
      const k = keys.indexOf(name);
      if (k >= 0) {
        at[column] = k;
        break;
      }
    }
  }
  return at.well !== undefined && at.volume !== undefined ? at : null;
}

/** Reads a survey file; a FileLineError names the line of the first problem. */
export function parseSurvey(text: string): SurveyWell[] {
  let at: Partial<Record<Column, number>> | null = null;
  let names: string[] = [];
  const wells: SurveyWell[] = [];
  for (const row of csvLines(text)) {
    const cells = row.cells;
    if (at === null) {
      at = cells.length > 1 ? findColumns(cells) : null;
      names = cells;
      continue;
    }
    if (cells.length === 0) {
      if (wells.length > 0) break;
      continue;
    }
    // the footer's key,value lines end the rows
    if (cells.length <= 2 && names.length > 2) break;
    const cell = (c: Column) => (at![c] === undefined ? '' : (cells[at![c]!] ?? ''));
    const volume = numberCell(cell('volume'), names[at.volume!], row.line);
    if (volume === null) throw new FileLineError(row.line, `${names[at.volume!]} is empty.`);
    if (volume < 0) throw new FileLineError(row.line, `the volume ${volume} is negative.`);
    wells.push({
      line: row.line,
      source_plate: cell('plate'),
      source_barcode: cell('barcode'),
      source_well: normalWell(cell('well'), names[at.well!], row.line),
      volume_uL: volume,
      dmso_pct: at.dmso === undefined ? null : numberCell(cell('dmso'), 'DMSO', row.line),
      status: cell('status'),
    });
  }
  if (at === null) {
    throw new FileLineError(
      1,
      'no column row with a well and a volume (Source Well, Survey Fluid Volume): this is not a survey file.',
    );
  }
  return wells;
}
