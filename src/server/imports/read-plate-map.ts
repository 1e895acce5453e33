// Plate-map files from users (CSV text, .xlsx workbooks) read into rows of cell text for
// domain/layout/plate-map-import.ts. The files are untrusted, so:
// - every size is capped before and while reading: bytes, the inflated size and the number of
//   entries of a workbook's zip (checked from its central directory before anything inflates),
//   sheets, rows, columns, cells and characters a cell;
// - workbooks are read by a maintained SheetJS build (@e965/xlsx 0.20.3, which fixes the
//   prototype-pollution and ReDoS advisories of xlsx 0.18.5) without formulas, styles or HTML:
//   a formula cell gives its cached value or nothing, never an evaluation;
// - what comes out is arrays of strings; sheet names are values, never object keys.
import { read as readWorkbookBytes, type CellObject, type WorkBook } from '@e965/xlsx';

export const PLATE_MAP_CAPS = {
  /** the file as uploaded */
  bytes: 2_000_000,
  /** the sum of a workbook's inflated parts (a zip bomb stops here) */
  inflatedBytes: 40_000_000,
  zipEntries: 200,
  sheets: 16,
  rows: 5000,
  columns: 100,
  cells: 200_000,
  cellChars: 1000,
} as const;

export type PlateMapCaps = { [K in keyof typeof PLATE_MAP_CAPS]: number };

export interface PlateMapSheet {
  name: string;
  rows: string[][];
}

export type PlateMapRead = { ok: true; sheets: PlateMapSheet[] } | { ok: false; message: string };

const refuse = (message: string): PlateMapRead => ({ ok: false, message });

function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    bytes[2] === 0x03 &&
    bytes[3] === 0x04
  );
}

function isOle(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0xd0 &&
    bytes[1] === 0xcf &&
    bytes[2] === 0x11 &&
    bytes[3] === 0xe0
  );
}

/**
 * The entries and inflated size a zip declares in its central directory; a message when the
 * directory cannot be found or declares more than the caps allow.
 */
export function zipDeclaredSize(bytes: Uint8Array, caps: PlateMapCaps): string | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: 22 bytes plus a comment of up to 65535 bytes, at the end.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return 'The workbook is damaged (no zip directory)';
  const entries = view.getUint16(eocd + 10, true);
  const dirOffset = view.getUint32(eocd + 16, true);
  if (entries === 0xffff || dirOffset === 0xffffffff) return 'The workbook is too large (zip64)';
  if (entries > caps.zipEntries) return `The workbook holds more than ${caps.zipEntries} parts`;
  let at = dirOffset;
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) {
      return 'The workbook is damaged (zip directory)';
    }
    const inflated = view.getUint32(at + 24, true);
    if (inflated === 0xffffffff) return 'The workbook is too large (zip64)';
    total += inflated;
    if (total > caps.inflatedBytes) {
      return `The workbook inflates to more than ${caps.inflatedBytes / 1_000_000} MB`;
    }
    at +=
      46 +
      view.getUint16(at + 28, true) +
      view.getUint16(at + 30, true) +
      view.getUint16(at + 32, true);
  }
  return undefined;
}

function cellText(cell: CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.t === 'e') return '';
  return typeof cell.v === 'string' ? cell.v : String(cell.v);
}

function readWorkbook(bytes: Uint8Array, caps: PlateMapCaps): PlateMapRead {
  const declared = zipDeclaredSize(bytes, caps);
  if (declared) return refuse(declared);
  let book: WorkBook;
  try {
    book = readWorkbookBytes(bytes, {
      type: 'array',
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellNF: false,
      cellText: false,
      cellDates: false,
      bookVBA: false,
      bookDeps: false,
      bookFiles: false,
      // One row more than allowed: a sheet that fills it is too long.
      sheetRows: caps.rows + 1,
      WTF: false,
    });
  } catch {
    return refuse('The workbook could not be read');
  }
  const names = Array.isArray(book.SheetNames) ? book.SheetNames.slice() : [];
  if (names.length > caps.sheets)
    return refuse(`The workbook holds more than ${caps.sheets} sheets`);
  const sheets: PlateMapSheet[] = [];
  let cells = 0;
  for (const name of names) {
    // A sheet named "__proto__" cannot be stored as a key by the parser (the assignment sets
    // the prototype of its Sheets object instead); reading it through the key would read an
    // inherited object, so it is refused.
    if (!Object.prototype.hasOwnProperty.call(book.Sheets, name)) {
      return refuse(`Sheet "${name}" cannot be read: rename it`);
    }
    const ws = book.Sheets[name];
    const data = (ws as { '!data'?: (CellObject | undefined)[][] } | undefined)?.['!data'];
    const rows: string[][] = [];
    if (Array.isArray(data)) {
      if (data.length > caps.rows) return refuse(`Sheet "${name}" has more than ${caps.rows} rows`);
      for (let r = 0; r < data.length; r++) {
        const row = Array.isArray(data[r]) ? data[r] : [];
        const out: string[] = [];
        for (let c = 0; c < row.length; c++) {
          const text = cellText(row[c]);
          if (text === '') {
            out.push('');
            continue;
          }
          if (c >= caps.columns)
            return refuse(`Sheet "${name}" has more than ${caps.columns} columns`);
          if (text.length > caps.cellChars) {
            return refuse(
              `Sheet "${name}", row ${r + 1}: a cell holds more than ${caps.cellChars} characters`,
            );
          }
          if (++cells > caps.cells)
            return refuse(`The workbook holds more than ${caps.cells} cells`);
          out.push(text);
        }
        while (out.length > 0 && out[out.length - 1] === '') out.pop();
        rows.push(out);
      }
    }
    sheets.push({ name: String(name), rows });
  }
  return { ok: true, sheets };
}

/** The delimiter of a CSV: the most frequent of , ; and tab outside quotes on its first line. */
function delimiterOf(text: string): string {
  const counts = new Map([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d;
  return best;
}

/** RFC 4180 CSV (quotes, doubled quotes, CRLF or LF) with the caps applied as it reads. */
export function readCsv(text: string, caps: PlateMapCaps = PLATE_MAP_CAPS): PlateMapRead {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const delimiter = delimiterOf(body);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let cells = 0;
  const endCell = (): string | undefined => {
    if (cell.length > caps.cellChars)
      return `Line ${rows.length + 1}: a cell holds more than ${caps.cellChars} characters`;
    if (row.length >= caps.columns && cell !== '')
      return `Line ${rows.length + 1} has more than ${caps.columns} cells`;
    if (cell !== '' && ++cells > caps.cells) return `The file holds more than ${caps.cells} cells`;
    row.push(cell);
    cell = '';
    return undefined;
  };
  const endRow = (): string | undefined => {
    const problem = endCell();
    if (problem) return problem;
    while (row.length > 0 && row[row.length - 1] === '') row.pop();
    rows.push(row);
    row = [];
    return rows.length > caps.rows ? `The file has more than ${caps.rows} lines` : undefined;
  };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
      if (cell.length > caps.cellChars)
        return refuse(
          `Line ${rows.length + 1}: a cell holds more than ${caps.cellChars} characters`,
        );
      continue;
    }
    let problem: string | undefined;
    if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) problem = endCell();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      problem = endRow();
    } else cell += ch;
    if (problem) return refuse(problem);
  }
  if (quoted) return refuse(`Line ${rows.length + 1}: a quoted cell is never closed`);
  if (cell !== '' || row.length > 0) {
    const problem = endRow();
    if (problem) return refuse(problem);
  }
  return { ok: true, sheets: [{ name: 'CSV', rows }] };
}

/** Reads an uploaded plate map: an .xlsx workbook (by its zip signature) or CSV text. */
export function readPlateMap(bytes: Uint8Array, caps: PlateMapCaps = PLATE_MAP_CAPS): PlateMapRead {
  if (bytes.length > caps.bytes)
    return refuse(`The file is larger than ${caps.bytes / 1_000_000} MB`);
  if (bytes.length === 0) return refuse('The file is empty');
  if (isZip(bytes)) return readWorkbook(bytes, caps);
  if (isOle(bytes)) return refuse('Old .xls workbooks are not read: save the file as .xlsx or CSV');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse('The file is neither an .xlsx workbook nor UTF-8 CSV text');
  }
  if (text.includes('\u0000')) return refuse('The file is neither an .xlsx workbook nor CSV text');
  return readCsv(text, caps);
}
