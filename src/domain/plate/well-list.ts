/**
 * Well lists of plate ops (ops.ts): well ids ("A1", "a01", "AF48") and rectangles of two
 * corners ("A1:H12", corners in any order) expanded against a plate into canonical ids.
 */
import type { PlateDefn } from '../plate-format';
import { idOfIndex, parseWellId } from '../well-id';
import type { WellList } from './ops';

export type WellListResult =
  { ok: true; ids: string[] } | { ok: false; item: string; message: string };

/**
 * The canonical ids a well list names, once each, in row-major order; or the first item that
 * is not a well (or rectangle) of this plate, with a message naming it.
 */
export function expandWellList(defn: PlateDefn, list: WellList): WellListResult {
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
