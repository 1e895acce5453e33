// Well ids and wells in row-major order, the order every plate answer lists them in: ids
// placed by index in one pass over the plate's positions, a sort only for ids that are not
// distinct canonical ones.
import { filledArray } from '../filled-array';
import type { PlateDefn } from '../plate-format';
import type { WireWells } from '../plate-wire';
import { indexOfWellId } from '../well-id';

/**
 * Distinct canonical well ids in row-major order: placed by index in one pass over the
 * plate's positions rather than sorted (ids that are not, fall back to the sort).
 */
export function inWellOrder(defn: PlateDefn, ids: readonly string[]): string[] {
  if (ids.length < 2) return [...ids];
  const slots = filledArray<string | undefined>(defn.rows * defn.cols, undefined);
  for (const id of ids) {
    const i = indexOfWellId(id, defn);
    if (i < 0 || slots[i] !== undefined) return ids.toSorted(byWellIndex(defn, ids));
    slots[i] = id;
  }
  const out: string[] = [];
  for (const id of slots) if (id !== undefined) out.push(id);
  return out;
}

/** Row-major order of well ids, each id parsed once (a sort compares each of 1536 ids ~20 times). */
function byWellIndex(defn: PlateDefn, ids: readonly string[]): (a: string, b: string) => number {
  const index = new Map<string, number>();
  for (const id of ids) index.set(id, indexOfWellId(id, defn));
  return (a, b) => index.get(a)! - index.get(b)!;
}

/** The same wells keyed in row-major order (the order every plate answer lists them in). */
export function inRowMajorOrder(defn: PlateDefn, wells: WireWells): WireWells {
  const keys = Object.keys(wells);
  const ids = keys.toSorted(byWellIndex(defn, keys));
  const out: WireWells = {};
  for (const id of ids) out[id] = wells[id];
  return out;
}
