/**
 * Grid plate-reader blocks: a header of column numbers (1..24 or 01..48), then one line per
 * row led by its label (A..P; 1536 rows as AA..AF or a..f after Z), empty cells for wells
 * without a reading. Several blocks per sheet, one per plate and channel; the lines above a
 * block name its plate ("Barcode", "Plate", "Plate ID", often as ="...") and its channel
 * ("Channel", "Label", EnVision's "Results for <label>").
 */
import { wellId } from '../well-id';
import { cleanCell, gridRowIndex, readNumber, type PlateReadout } from './reader-cells';

/** The columns of a header line: 1..n in order from its second cell on, or undefined. */
function headerNumbers(row: string[]): number | undefined {
  const cells = row.slice(1).map(cleanCell);
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  if (cells.length < 2) return undefined;
  for (let k = 0; k < cells.length; k++) if (Number(cells[k]) !== k + 1) return undefined;
  return /^\d+$/.test(cells[0]) ? cells.length : undefined;
}

const BARCODE_KEY = /^(barcode|plate ?barcode|plate|plate ?id|plate ?name|assay ?plate)\s*:?$/i;
const CHANNEL_KEY = /^(channel|label|wavelength|read|measurement)\s*:?$/i;

/** Barcode and channel named in the lines between the previous block and this one. */
function blockNames(rows: string[][]): { barcode: string; channel: string } {
  let barcode = '';
  let channel = '';
  for (const row of rows) {
    const cells = row.map(cleanCell);
    for (let k = 0; k < cells.length; k++) {
      const cell = cells[k];
      const results = /^results for\s+(.+)$/i.exec(cell);
      if (results) channel = results[1].trim();
      const inline = /^([A-Za-z ]+?)\s*:\s*(.+)$/.exec(cell);
      const key = inline ? inline[1] : cell;
      const value = inline
        ? cleanCell(inline[2])
        : (cells.slice(k + 1).find((c) => c !== '') ?? '');
      if (value === '' || BARCODE_KEY.test(value) || CHANNEL_KEY.test(value)) continue;
      if (BARCODE_KEY.test(key)) barcode = value;
      else if (CHANNEL_KEY.test(key)) channel = value;
    }
  }
  return { barcode, channel };
}

export interface GridRead {
  plates: PlateReadout[];
  problems: string[];
}

/** True when some line of the rows is a grid header. */
export function hasGrid(rows: string[][]): boolean {
  return rows.some((r) => headerNumbers(r) !== undefined);
}

/** Reads every grid block of a sheet; cells that are not numbers are named in `problems`. */
export function readGrids(rows: string[][], sheet: string): GridRead {
  const plates: PlateReadout[] = [];
  const problems: string[] = [];
  const where = (i: number) =>
    sheet === 'CSV' ? `Line ${i + 1}` : `Sheet "${sheet}", row ${i + 1}`;
  let since = 0;
  for (let i = 0; i < rows.length; i++) {
    const cols = headerNumbers(rows[i]);
    if (cols === undefined) continue;
    const names = blockNames(rows.slice(since, i));
    const plate: PlateReadout = { ...names, values: {} };
    let afterZ = false;
    let r = i + 1;
    for (; r < rows.length; r++) {
      const label = cleanCell(rows[r][0]);
      const row = gridRowIndex(label, afterZ);
      if (row < 0) break;
      if (label === 'Z') afterZ = true;
      for (let c = 0; c < cols; c++) {
        const text = cleanCell(rows[r][c + 1]);
        if (text === '') continue;
        const value = readNumber(text);
        if (value === undefined)
          problems.push(`${where(r)}, column ${c + 1}: "${text}" is not a number`);
        else plate.values[wellId(row, c)] = value;
      }
    }
    if (r === i + 1) problems.push(`${where(i)}: a header of columns with no rows under it`);
    else plates.push(plate);
    since = r;
    i = r - 1;
  }
  return { plates, problems };
}
