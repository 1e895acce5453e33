// Well sets written out the way a scientist counts them on the plate, for the screening
// corpus: whole rows and columns, every other, edges, quadrants. Row-major unless a helper
// says otherwise; each helper is plain iteration so the expected wells never come from the
// code under test.
import { plateDefn, type PlateFormat } from '../../../src/domain/plate-format';
import { rowIndex, rowLetter, wellId } from '../../../src/domain/well-id';

export type Fmt = 96 | 384 | 1536;

const dims = (f: PlateFormat) => plateDefn(f);

/** Every well, row by row. */
export function allWells(f: Fmt): string[] {
  const d = dims(f);
  const out: string[] = [];
  for (let r = 0; r < d.rows; r++) for (let c = 0; c < d.cols; c++) out.push(wellId(r, c));
  return out;
}

/** Wells of the given 1-based columns, column by column, top to bottom. */
export function cols(f: Fmt, ...cs: number[]): string[] {
  const n = dims(f).rows;
  return cs.flatMap((c) => Array.from({ length: n }, (_, r) => wellId(r, c - 1)));
}

/** Wells of the given rows ("A", "AB"), row by row, left to right. */
export function rows(f: Fmt, ...rs: string[]): string[] {
  const { cols: n } = dims(f);
  return rs.flatMap((r) => Array.from({ length: n }, (_, c) => wellId(rowIndex(r), c)));
}

/** Row letters from..to inclusive. */
export function letters(from: string, to: string): string[] {
  const out: string[] = [];
  for (let r = rowIndex(from); r <= rowIndex(to); r++) out.push(rowLetter(r));
  return out;
}

/** 1-based numbers from..to (step). */
export function nums(from: number, to: number, step = 1): number[] {
  const out: number[] = [];
  for (let n = from; n <= to; n += step) out.push(n);
  return out;
}

/** Rows whose 0-based index has the parity (0: A, C, E... ; 1: B, D, F...). */
export function rowsByParity(f: Fmt, parity: 0 | 1): string[] {
  return Array.from({ length: dims(f).rows }, (_, r) => r)
    .filter((r) => r % 2 === parity)
    .map(rowLetter);
}

/** The rectangle between two corners, row by row. */
export function block(from: string, to: string): string[] {
  const [, r0, c0] = /^([A-Z]+)(\d+)$/.exec(from)!;
  const [, r1, c1] = /^([A-Z]+)(\d+)$/.exec(to)!;
  const out: string[] = [];
  for (let r = rowIndex(r0); r <= rowIndex(r1); r++)
    for (let c = Number(c0); c <= Number(c1); c++) out.push(wellId(r, c - 1));
  return out;
}

/** The outermost ring. */
export function edge(f: Fmt): string[] {
  const { rows: R, cols: C } = dims(f);
  return allWells(f).filter((id) => {
    const [, r, c] = /^([A-Z]+)(\d+)$/.exec(id)!;
    const ri = rowIndex(r);
    const ci = Number(c) - 1;
    return ri === 0 || ci === 0 || ri === R - 1 || ci === C - 1;
  });
}

/** Everything but the outermost ring. */
export function inner(f: Fmt): string[] {
  return minus(allWells(f), edge(f));
}

/** `a` without the wells of `b`, order of `a` kept. */
export function minus(a: string[], b: string[]): string[] {
  const drop = new Set(b);
  return a.filter((id) => !drop.has(id));
}

/**
 * Interleaved quadrant q (1..4) of a plate made from four of the next smaller format:
 * 1 = odd rows, odd columns (A1), 2 = odd rows, even columns (A2), 3 = even rows, odd
 * columns (B1), 4 = even rows, even columns (B2).
 */
export function interleaved(f: Fmt, q: 1 | 2 | 3 | 4): string[] {
  const rp = q <= 2 ? 0 : 1;
  const cp = q % 2 === 1 ? 0 : 1;
  return allWells(f).filter((id) => {
    const [, r, c] = /^([A-Z]+)(\d+)$/.exec(id)!;
    return rowIndex(r) % 2 === rp && (Number(c) - 1) % 2 === cp;
  });
}

/** Block quadrant q (1 top-left, 2 top-right, 3 bottom-left, 4 bottom-right). */
export function blockQuadrant(f: Fmt, q: 1 | 2 | 3 | 4): string[] {
  const { rows: R, cols: C } = dims(f);
  const r0 = q <= 2 ? 0 : R / 2;
  const c0 = q % 2 === 1 ? 0 : C / 2;
  return block(wellId(r0, c0), wellId(r0 + R / 2 - 1, c0 + C / 2 - 1));
}
