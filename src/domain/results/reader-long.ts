/**
 * Long plate-reader tables: one reading a line with plate (or barcode), well, value and an
 * optional channel, by header name (cellHTS2's plate / well / value, exports of most readers)
 * or, with no header, the columns plate, well, value[, channel] in that order.
 */
import { parseWellId, wellId } from '../well-id';
import { cleanCell, readNumber, type PlateReadout } from './reader-cells';

const LARGEST = { rows: 32, cols: 48 };

const HEADERS = {
  plate: /^(plate|barcode|plate ?barcode|plate ?id|plate ?name|assay ?plate)$/,
  well: /^(well|well ?id|position|well ?position|pos)$/,
  value: /^(value|signal|reading|raw|raw ?value|intensity|counts|result|measurement|od|rfu|rlu)$/,
  channel: /^(channel|label|wavelength|read|readout|measure)$/,
};

type Columns = { plate: number; well: number; value: number; channel: number };

function headerColumns(row: string[]): Columns | undefined {
  const names = row.map((c) =>
    cleanCell(c)
      .toLowerCase()
      .replace(/[_\s]+/g, ' '),
  );
  const find = (re: RegExp) => names.findIndex((n) => re.test(n));
  const cols = {
    plate: find(HEADERS.plate),
    well: find(HEADERS.well),
    value: find(HEADERS.value),
    channel: find(HEADERS.channel),
  };
  return cols.well >= 0 && cols.value >= 0 ? cols : undefined;
}

/** True when the rows read as a long table (a header naming well and value, or plate-well-value lines). */
export function looksLong(rows: string[][]): boolean {
  const first = rows.find((r) => r.some((c) => c.trim() !== ''));
  if (!first) return false;
  if (headerColumns(first)) return true;
  return first.length >= 3 && parseWellId(cleanCell(first[1]), LARGEST) !== undefined;
}

export interface LongRead {
  plates: PlateReadout[];
  problems: string[];
}

/** Reads a long table; every line that cannot be read is named in `problems`. */
export function readLong(rows: string[][], sheet: string): LongRead {
  const problems: string[] = [];
  const start = rows.findIndex((r) => r.some((c) => c.trim() !== ''));
  const header = headerColumns(rows[start]);
  const cols: Columns = header ?? { plate: 0, well: 1, value: 2, channel: 3 };
  const byKey = new Map<string, PlateReadout>();
  const where = (i: number) =>
    sheet === 'CSV' ? `Line ${i + 1}` : `Sheet "${sheet}", row ${i + 1}`;
  for (let i = header ? start + 1 : start; i < rows.length; i++) {
    const row = rows[i];
    if (row.every((c) => c.trim() === '')) continue;
    const wellText = cleanCell(row[cols.well]);
    const at = parseWellId(wellText, LARGEST);
    if (!at) {
      problems.push(`${where(i)}: "${wellText}" is not a well`);
      continue;
    }
    const valueText = cleanCell(row[cols.value]);
    if (valueText === '') continue; // an empty well: no reading
    const value = readNumber(valueText);
    if (value === undefined) {
      problems.push(`${where(i)}: "${valueText}" is not a number`);
      continue;
    }
    const barcode = cols.plate >= 0 ? cleanCell(row[cols.plate]) : '';
    const channel = cols.channel >= 0 ? cleanCell(row[cols.channel]) : '';
    const key = `${barcode}\u0000${channel}`;
    let plate = byKey.get(key);
    if (!plate) {
      plate = { barcode, channel, values: {} };
      byKey.set(key, plate);
    }
    const id = wellId(at.row, at.col);
    if (id in plate.values) {
      problems.push(`${where(i)}: well ${id} of plate "${barcode}" is read twice`);
      continue;
    }
    plate.values[id] = value;
  }
  return { plates: [...byKey.values()], problems };
}
