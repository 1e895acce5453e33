/**
 * Cell readers shared by the long and grid forms of plate-reader files: numbers as readers
 * write them, barcodes as spreadsheets protect them (="0042"), row labels of every plate size.
 */

/** A cell's text without a spreadsheet's ="..." protection and surrounding blanks. */
export function cleanCell(text: string | undefined): string {
  const t = (text ?? '').trim();
  const m = /^="(.*)"$/.exec(t);
  return m ? m[1].trim() : t;
}

/** A reading: a decimal number (sign, exponent); undefined when the text is not one. */
export function readNumber(text: string): number | undefined {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return undefined;
  const v = Number(text);
  return Number.isFinite(v) ? v : undefined;
}

/**
 * The 0-based row of a grid's row label: A..Z, AA..AF, and the lowercase a..f that some
 * readers (BMG MARS) write for 1536 rows 27-32 after Z. A lowercase letter is read so only
 * after a Z row; before it, a lowercase label is an ordinary row (a 96 plate's a..h).
 */
export function gridRowIndex(label: string, afterZ: boolean): number {
  if (/^[A-Z]$/.test(label)) return label.charCodeAt(0) - 65;
  if (/^A[A-F]$/.test(label)) return 26 + label.charCodeAt(1) - 65;
  if (/^[a-f]$/.test(label) && afterZ) return 26 + label.charCodeAt(0) - 97;
  if (/^[a-z]$/.test(label)) return label.charCodeAt(0) - 97;
  return -1;
}

/** A plate's readings of one channel; wells keyed by canonical id (A1, AF48). */
export interface PlateReadout {
  /** the barcode in the file; '' when the file names none (the open plate) */
  barcode: string;
  /** the channel or label; '' when the file names none */
  channel: string;
  values: Record<string, number>;
}
