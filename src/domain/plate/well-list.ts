/**
 * Well lists of plate ops (ops.ts): well ids ("A1", "a01", "AF48") and rectangles of two
 * corners ("A1:H12", corners in any order) expanded against a plate into canonical ids.
 */
import type { PlateDefn } from '../plate-format';
import { canonicalWellId, idOfIndex, indexOfWellId, parseWellId } from '../well-id';
import type { WellList } from './ops';

export type WellListResult =
  { ok: true; ids: string[] } | { ok: false; item: string; message: string };

/**
 * The canonical ids a well list names, once each, in row-major order; or the first item that
 * is not a well (or rectangle) of this plate, with a message naming it.
 */
export function expandWellList(defn: PlateDefn, list: WellList): WellListResult {
  const plain = plainIds(defn, list);
  if (plain) return { ok: true, ids: plain };
  const picked = new Set<number>();
  for (const item of list) {
    const parts = String(item).split(':');
    const corners = parts.map((p) => parseWellId(p, defn));
    if (parts.length > 2 || corners.some((c) => c === undefined)) {
      return {
        ok: false,
        item: String(item),
        message: `"${item}" is not a well or a range of wells of a ${defn.format}-well plate`,
      };
    }
    const [a, b = a] = corners as { row: number; col: number }[];
    for (let r = Math.min(a.row, b.row); r <= Math.max(a.row, b.row); r++) {
      for (let c = Math.min(a.col, b.col); c <= Math.max(a.col, b.col); c++) {
        picked.add(r * defn.cols + c);
      }
    }
  }
  return { ok: true, ids: [...picked].toSorted((x, y) => x - y).map((i) => idOfIndex(defn, i)) };
}

/**
 * Well ids only, each on the plate, in row-major order and once each (what the tools write:
 * an import's one well, a series point's replicates): the same ids, read through the id
 * cache without the set and the sort a list of rectangles needs; else undefined.
 */
function plainIds(defn: PlateDefn, list: WellList): string[] | undefined {
  const ids: string[] = [];
  let last = -1;
  for (const item of list) {
    const text = String(item);
    const index = indexOfWellId(text, defn);
    if (index <= last) return undefined; // off the plate, out of order, or a rectangle
    last = index;
    ids.push(canonicalWellId(text, defn)!);
  }
  return ids;
}
