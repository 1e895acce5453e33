/** Reading and writing the `WellList` of plate ops (ids and "A1:H12" rectangles) as indices. */
import type { PlateDefn } from '../plate-format';
import { idOfIndex, parseWellId } from '../well-id';

type Shape = Pick<PlateDefn, 'rows' | 'cols'>;

/**
 * Indices of a well list, ascending and without duplicates; the first entry that is not on
 * the plate is returned as `bad`.
 */
export function wellListIndices(
  defn: Shape,
  list: readonly string[],
): { indices: number[]; bad?: string } {
  const out: number[] = [];
  for (const entry of list) {
    const parts = entry.split(':');
    if (parts.length === 1) {
      const rc = parseWellId(entry, defn);
      if (!rc) return { indices: [], bad: entry };
      out.push(rc.row * defn.cols + rc.col);
      continue;
    }
    const a = parts.length === 2 ? parseWellId(parts[0], defn) : undefined;
    const b = parts.length === 2 ? parseWellId(parts[1], defn) : undefined;
    if (!a || !b) return { indices: [], bad: entry };
    for (let r = Math.min(a.row, b.row); r <= Math.max(a.row, b.row); r++) {
      for (let c = Math.min(a.col, b.col); c <= Math.max(a.col, b.col); c++)
        out.push(r * defn.cols + c);
    }
  }
  // Sorting the listed wells costs what the list costs, not what the plate costs.
  const sorted = out.toSorted((x, y) => x - y);
  return { indices: sorted.filter((x, k) => k === 0 || x !== sorted[k - 1]) };
}

export function idsOf(defn: Shape, indices: Iterable<number>): string[] {
  const out: string[] = [];
  for (const i of indices) out.push(idOfIndex(defn, i));
  return out;
}

// The ids of every well of a plate shape, made once: tools that walk the whole plate look
// wells up by index thousands of times.
const allIds = new Map<number, readonly string[]>();

export function plateIds(defn: Shape): readonly string[] {
  const key = defn.rows * 1000 + defn.cols;
  let ids = allIds.get(key);
  if (!ids) {
    ids = Array.from({ length: defn.rows * defn.cols }, (_, i) => idOfIndex(defn, i));
    allIds.set(key, ids);
  }
  return ids;
}
