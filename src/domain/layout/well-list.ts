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
  const seen = new Uint8Array(defn.rows * defn.cols);
  for (const entry of list) {
    const parts = entry.split(':');
    if (parts.length === 1) {
      const rc = parseWellId(entry, defn);
      if (!rc) return { indices: [], bad: entry };
      seen[rc.row * defn.cols + rc.col] = 1;
      continue;
    }
    const a = parts.length === 2 ? parseWellId(parts[0], defn) : undefined;
    const b = parts.length === 2 ? parseWellId(parts[1], defn) : undefined;
    if (!a || !b) return { indices: [], bad: entry };
    for (let r = Math.min(a.row, b.row); r <= Math.max(a.row, b.row); r++) {
      for (let c = Math.min(a.col, b.col); c <= Math.max(a.col, b.col); c++)
        seen[r * defn.cols + c] = 1;
    }
  }
  const indices: number[] = [];
  for (let i = 0; i < seen.length; i++) if (seen[i]) indices.push(i);
  return { indices };
}

export function idsOf(defn: Shape, indices: Iterable<number>): string[] {
  const out: string[] = [];
  for (const i of indices) out.push(idOfIndex(defn, i));
  return out;
}
