import type { PlateDefn } from './plate-format';

/** Row letters: A..Z then AA..AF (1536 plates have 32 rows). */
export function rowLetter(row: number): string {
  if (row < 26) return String.fromCharCode(65 + row);
  return 'A' + String.fromCharCode(65 + row - 26);
}

/** Inverse of rowLetter, case-insensitive; -1 when the text is not a row label. */
export function rowIndex(letters: string): number {
  const s = letters.toUpperCase();
  if (/^[A-Z]$/.test(s)) return s.charCodeAt(0) - 65;
  if (/^A[A-Z]$/.test(s)) return 26 + s.charCodeAt(1) - 65;
  return -1;
}

/** Canonical well id: row letters + 1-based column without padding (A1, P24, AF48). */
export function wellId(row: number, col: number): string {
  return `${rowLetter(row)}${col + 1}`;
}

export function idOfIndex(defn: Pick<PlateDefn, 'cols'>, index: number): string {
  return wellId(Math.floor(index / defn.cols), index % defn.cols);
}

/**
 * Parses a well id as users type it (A1, a01, AF48) into row and col, or undefined when it
 * is not a well id or lies outside the plate.
 */
export function parseWellId(
  text: string,
  defn: Pick<PlateDefn, 'rows' | 'cols'>,
): { row: number; col: number } | undefined {
  // a canonical id (nearly every id a file or an op names) skips the regular expression
  const known = indexMapOf(defn).get(text);
  if (known !== undefined) return { row: Math.floor(known / defn.cols), col: known % defn.cols };
  const m = /^\s*([A-Za-z]{1,2})\s*0*(\d{1,3})\s*$/.exec(text);
  if (!m) return undefined;
  const row = rowIndex(m[1]);
  const col = Number(m[2]) - 1;
  if (row < 0 || row >= defn.rows || col < 0 || col >= defn.cols) return undefined;
  return { row, col };
}

// Canonical id -> row-major index of each plate shape, made on first use: nearly every id a
// plate path reads is canonical already (a 1536-well write reads each id several times), and
// a map lookup costs a fraction of the regular expression.
const canonicalIndex = new Map<number, Map<string, number>>();
const MAX_SHAPES = 64;
const NO_IDS = new Map<string, number>();

function indexMapOf(defn: Pick<PlateDefn, 'rows' | 'cols'>): Map<string, number> {
  const shape = defn.rows * 1000 + defn.cols;
  let map = canonicalIndex.get(shape);
  if (!map) {
    // a few shapes at most (the formats, and the packed grids of well-states); never unbounded
    if (canonicalIndex.size >= MAX_SHAPES) return NO_IDS;
    map = new Map();
    for (let i = 0; i < defn.rows * defn.cols; i++) map.set(idOfIndex(defn, i), i);
    canonicalIndex.set(shape, map);
  }
  return map;
}

/** Canonical form of a typed well id, or undefined when it is not on the plate. */
export function canonicalWellId(text: string, defn: Pick<PlateDefn, 'rows' | 'cols'>) {
  if (indexMapOf(defn).has(text)) return text;
  const rc = parseWellId(text, defn);
  return rc && wellId(rc.row, rc.col);
}

/** Index of a typed well id, or -1 when it is not on the plate. */
export function indexOfWellId(text: string, defn: Pick<PlateDefn, 'rows' | 'cols'>): number {
  const known = indexMapOf(defn).get(text);
  if (known !== undefined) return known;
  const rc = parseWellId(text, defn);
  return rc ? rc.row * defn.cols + rc.col : -1;
}
