/**
 * The lines of an instrument's CSV file as cells, with their line numbers. Instrument files
 * are plain CSV (a few quoted cells at most) and a campaign's logs run to hundreds of
 * thousands of rows, so a line without a quote is split on commas directly and only a quoted
 * line goes through the RFC 4180 reading. A quoted cell may not span lines in these files.
 */

/** One line of a file: its number (from 1) and its cells, trimmed. */
export interface CsvLine {
  line: number;
  cells: string[];
}

/** A problem of an input file, named by its line. */
export class FileLineError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Line ${line}: ${message}`);
    this.name = 'FileLineError';
  }
}

/** A spreadsheet's text-forcing wrapper (="0123") removed, and surrounding space. */
function clean(cell: string): string {
  const t = cell.trim();
  return t.charCodeAt(0) === 61 && t.startsWith('="') && t.endsWith('"') ? t.slice(2, -1) : t;
}

function splitQuoted(text: string, line: number): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  if (quoted) throw new FileLineError(line, 'a quoted cell is not closed on its line.');
  cells.push(cell);
  return cells;
}

/** The lines of a CSV text, each as trimmed cells; a blank line is an empty list. */
export function csvLines(text: string): CsvLine[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const raw = body.split(/\r\n|\n|\r/);
  const out: CsvLine[] = Array.from({ length: raw.length });
  for (let k = 0; k < raw.length; k++) {
    const t = raw[k];
    const line = k + 1;
    const cells = t.includes('"') ? splitQuoted(t, line) : t.split(',');
    let blank = true;
    for (let c = 0; c < cells.length; c++) {
      const v = clean(cells[c]);
      cells[c] = v;
      if (v !== '') blank = false;
    }
    // a line of commas only (a spreadsheet's blank row) is a blank line
    out[k] = { line, cells: blank ? [] : cells };
  }
  return out;
}

/** A number cell, or null when empty; a text that is not a number is an error of its line. */
export function numberCell(cell: string | undefined, name: string, line: number): number | null {
  if (cell === undefined || cell === '') return null;
  const n = Number(cell);
  if (!Number.isFinite(n)) {
    throw new FileLineError(line, `${name} "${cell}" is not a number.`);
  }
  return n;
}
