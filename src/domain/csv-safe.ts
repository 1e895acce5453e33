/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a text cell starting with =, +, -,
 * @, a tab or a carriage return is read as a formula by spreadsheet programs, so such cells
 * get a leading apostrophe. Numbers stay numbers: a negative number is data, not a formula.
 */

export type SheetCell = string | number | boolean | null | undefined;

const FORMULA_LEAD = /^[=+\-@\t\r]/;

/** True when a text cell would be read as a formula. */
export function looksLikeFormula(cell: SheetCell): boolean {
  return typeof cell === 'string' && FORMULA_LEAD.test(cell);
}

/** The cell as it is safe to write: text that looks like a formula gets a leading '. */
export function neutralizeCell<T extends SheetCell>(cell: T): T | string {
  return looksLikeFormula(cell) ? `'${cell as string}` : cell;
}

/** Every cell of rows neutralized. */
export function neutralizeRows(rows: readonly (readonly SheetCell[])[]): SheetCell[][] {
  return rows.map((row) => row.map(neutralizeCell));
}
