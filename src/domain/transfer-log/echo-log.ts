/**
 * Echo transfer logs as the instruments write them (SCREENING.md "Echo transfer logs"): a
 * header block of key,value lines, an [EXCEPTIONS] and a [DETAILS] block (either may be
 * missing, or have its column row and no rows), and a footer of key,value lines. Columns are
 * found by name in any order, so the Plate Reformat, Cherry Pick (X/Y offsets, no Survey
 * Fluid Volume) and older integrator logs (concentrations, Compound Name, % DMSO) read the
 * same; unknown columns are ignored. Transfer and Actual Volume are nL, fluid volumes uL.
 */
import { csvLines, FileLineError, numberCell, type CsvLine } from './csv-lines';

/** One transfer the instrument reports, done or not. */
export interface LogTransfer {
  /** the line of the file it was read from */
  line: number;
  block: 'details' | 'exceptions';
  time: string;
  source_plate: string;
  source_barcode: string;
  source_plate_type: string;
  source_well: string;
  destination_plate: string;
  destination_barcode: string;
  destination_plate_type: string;
  destination_well: string;
  /** asked for, nL */
  transfer_nL: number;
  /** dispensed, nL (0 for a failed transfer) */
  actual_nL: number;
  /** the source well's volume when surveyed and after this transfer, uL; null when not written */
  survey_uL: number | null;
  current_uL: number | null;
  /** Fluid Composition (the % DMSO of a DMSO fluid), or % DMSO of older logs */
  composition_pct: number | null;
  fluid_type: string;
  /** Transfer Status: empty for a transfer done, the instrument's reason for one that failed */
  status: string;
  sample_name: string;
  compound_name: string;
  /** Source Concentration of older logs, in its own units (source_concentration_units) */
  source_concentration: number | null;
  source_concentration_units: string;
  x_offset: number | null;
  y_offset: number | null;
}

export interface TransferLog {
  /** header and footer keys without their '*' marks */
  header: Record<string, string>;
  footer: Record<string, string>;
  /** Plate Reformat or Cherry Pick (the latter writes well offsets) */
  kind: 'plate reformat' | 'cherry pick';
  transfers: LogTransfer[];
}

type Field = Exclude<keyof LogTransfer, 'line' | 'block'>;

/** Column names (lower case, '*' and repeated spaces removed) and the field each fills. */
const COLUMNS: Record<string, Field> = {
  'date time point': 'time',
  'source plate name': 'source_plate',
  'source plate barcode': 'source_barcode',
  'source plate type': 'source_plate_type',
  'source well': 'source_well',
  'destination plate name': 'destination_plate',
  'destination plate barcode': 'destination_barcode',
  'destination plate type': 'destination_plate_type',
  'destination well': 'destination_well',
  'transfer volume': 'transfer_nL',
  'actual volume': 'actual_nL',
  'survey fluid volume': 'survey_uL',
  'current fluid volume': 'current_uL',
  'fluid composition': 'composition_pct',
  '% dmso': 'composition_pct',
  'fluid type': 'fluid_type',
  'transfer status': 'status',
  'sample name': 'sample_name',
  'compound name': 'compound_name',
  'source concentration': 'source_concentration',
  'source concentration units': 'source_concentration_units',
  'destination well x offset': 'x_offset',
  'destination well y offset': 'y_offset',
};

/** Header names as compared: lower case, no '*', single spaces. */
export function columnKey(name: string): string {
  return name.replace(/\*/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** A well id in its plate form (A01 -> A1, af48 -> AF48), or an error of the line. */
const PLAIN_WELL = /^[A-Z]{1,2}[1-9]\d{0,2}$/;

export function normalWell(text: string, name: string, line: number): string {
  if (PLAIN_WELL.test(text)) return text;
  const m = /^([A-Za-z]{1,2})0*(\d{1,3})$/.exec(text);
  if (!m || m[2] === '') throw new FileLineError(line, `${name} "${text}" is not a well.`);
  return `${m[1].toUpperCase()}${m[2]}`;
}

/** Where each known field sits in a block's column row. */
type ColumnIndex = Partial<Record<Field, number>>;

function columnIndex(row: CsvLine): ColumnIndex {
  const index: ColumnIndex = {};
  row.cells.forEach((name, k) => {
    const field = COLUMNS[columnKey(name)];
    if (field !== undefined && index[field] === undefined) index[field] = k;
  });
  for (const [field, name] of [
    ['source_well', 'Source Well'],
    ['destination_well', 'Destination Well'],
    ['transfer_nL', 'Transfer Volume'],
  ] as const) {
    if (index[field] === undefined) {
      throw new FileLineError(row.line, `the column "${name}" is missing from the column row.`);
    }
  }
  return index;
}

function readRow(
  row: CsvLine,
  index: ColumnIndex,
  block: LogTransfer['block'],
  names: readonly string[],
): LogTransfer {
  const cells = row.cells;
  const line = row.line;
  const text = (k: number | undefined) => (k === undefined ? '' : (cells[k] ?? ''));
  const num = (k: number | undefined) =>
    k === undefined ? null : numberCell(cells[k], names[k], line);
  const transfer = num(index.transfer_nL);
  if (transfer === null) throw new FileLineError(line, 'Transfer Volume is empty.');
  if (transfer < 0) throw new FileLineError(line, `Transfer Volume ${transfer} is negative.`);
  // a log without Actual Volume: the details are what was done, the exceptions were not
  const actual = num(index.actual_nL) ?? (block === 'details' ? transfer : 0);
  if (actual < 0) throw new FileLineError(line, `Actual Volume ${actual} is negative.`);
  const sw = text(index.source_well);
  const dw = text(index.destination_well);
  if (sw === '') throw new FileLineError(line, 'Source Well is empty.');
  if (dw === '') throw new FileLineError(line, 'Destination Well is empty.');
  return {
    line,
    block,
    time: text(index.time),
    source_plate: text(index.source_plate),
    source_barcode: text(index.source_barcode),
    source_plate_type: text(index.source_plate_type),
    source_well: normalWell(sw, 'Source Well', line),
    destination_plate: text(index.destination_plate),
    destination_barcode: text(index.destination_barcode),
    destination_plate_type: text(index.destination_plate_type),
    destination_well: normalWell(dw, 'Destination Well', line),
    transfer_nL: transfer,
    actual_nL: actual,
    survey_uL: num(index.survey_uL),
    current_uL: num(index.current_uL),
    composition_pct: num(index.composition_pct),
    fluid_type: text(index.fluid_type),
    status: text(index.status),
    sample_name: text(index.sample_name),
    compound_name: text(index.compound_name),
    source_concentration: num(index.source_concentration),
    source_concentration_units: text(index.source_concentration_units),
    x_offset: num(index.x_offset),
    y_offset: num(index.y_offset),
  };
}

const BLOCK = /^\[(.+)\]$/;

/** Whether a line is a column row (a log without block markers starts its rows with one). */
function isColumnRow(cells: readonly string[]): boolean {
  const keys = new Set(cells.map(columnKey));
  return keys.has('source well') && keys.has('destination well');
}

/**
 * Reads an Echo transfer log. Throws a FileLineError naming the line of the first problem:
 * a block without its needed columns, a volume that is not a number, a well that is not one.
 */
export function parseTransferLog(text: string): TransferLog {
  const header: Record<string, string> = {};
  const footer: Record<string, string> = {};
  const transfers: LogTransfer[] = [];
  let cherryPick = false;
  let seenBlock = false;
  let block: LogTransfer['block'] | 'other' | null = null;
  let index: ColumnIndex | null = null;
  let names: string[] = [];
  const keyOf = (t: LogTransfer) =>
    [t.time, t.source_barcode, t.source_plate, t.source_well, t.destination_barcode]
      .concat([t.destination_plate, t.destination_well, String(t.transfer_nL), t.status])
      .join('|');

  const startColumns = (row: CsvLine) => {
    index = columnIndex(row);
    names = row.cells;
    if (index.x_offset !== undefined) cherryPick = true;
  };

  for (const row of csvLines(text)) {
    const cells = row.cells;
    if (cells.length === 0) {
      block = null;
      index = null;
      continue;
    }
    const marker = cells.length === 1 ? BLOCK.exec(cells[0]) : null;
    if (marker) {
      const name = marker[1].trim().toLowerCase();
      block = name === 'details' ? 'details' : name === 'exceptions' ? 'exceptions' : 'other';
      index = null;
      seenBlock = true;
      continue;
    }
    if (block === 'details' || block === 'exceptions') {
      if (index === null) {
        startColumns(row);
        continue;
      }
      // a key,value line right after the rows: the footer, with no blank line before it
      if (cells.length <= 2 && names.length > 2) {
        block = null;
        index = null;
      } else {
        transfers.push(readRow(row, index, block, names));
        continue;
      }
    }
    if (block === 'other') continue;
    if (!seenBlock && isColumnRow(cells)) {
      // a log written without block markers: its rows are the details
      block = 'details';
      seenBlock = true;
      startColumns(row);
      continue;
    }
    const key = cells[0].replace(/\*/g, '').trim();
    (seenBlock ? footer : header)[key] = cells.slice(1).join(',');
  }
  if (!seenBlock) {
    throw new FileLineError(
      1,
      'no [DETAILS] or [EXCEPTIONS] block and no column row with Source Well and Destination Well: this is not an Echo transfer log.',
    );
  }
  // a failure some versions write in both blocks is one transfer: the exception row stays
  const exceptions = new Set(transfers.filter((t) => t.block === 'exceptions').map(keyOf));
  const once =
    exceptions.size === 0
      ? transfers
      : transfers.filter(
          (t) => t.block === 'exceptions' || !isFailed(t) || !exceptions.has(keyOf(t)),
        );
  return {
    header,
    footer,
    kind: cherryPick ? 'cherry pick' : 'plate reformat',
    transfers: once,
  };
}

/** Whether the instrument failed a transfer: nothing dispensed of a volume asked for. */
export function isFailed(t: Pick<LogTransfer, 'transfer_nL' | 'actual_nL'>): boolean {
  return t.transfer_nL > 0 && t.actual_nL === 0;
}
