/**
 * Wells with the same contents, once. A well's derived numbers (volumes, predictions, solvent
 * load, its dispensing rows) depend on its contents only, never on its position, and a large
 * change mostly puts the same liquids in each well (a dose-response's columns, a control
 * column, "all wells except the edges"): the per-well work is done once per distinct well
 * and read back for each well holding it. Used by computeWellStates and planDispense.
 */
import type { PlateDefn } from '../plate-format';
import type { WireWell, WireWells } from '../plate-wire';
import { canonicalizeWells } from '../plate-wells';
import { canonicalWellId, idOfIndex, indexOfWellId } from '../well-id';

/** The wells of a plate as distinct contents and, for each well, which one it holds. */
export interface DistinctWells {
  /** canonical ids of the filled wells, row-major (as canonicalizeWells orders them) */
  ids: string[];
  /** for each of `ids`, its contents' index in `distinct` */
  slots: number[];
  /** each distinct canonical well once, in order of first appearance */
  distinct: WireWell[];
}

/**
 * The wells' distinct canonical contents: by object first (wells that share an object are
 * not even serialized), then by canonical JSON. `canonical`: the wells are canonicalizeWells
 * output already (canonical ids, row-major, no empty well) and are not made again.
 */
export function distinctWells(defn: PlateDefn, wells: WireWells, canonical = false): DistinctWells {
  const byObject = new Map<WireWell, number>();
  const byText = new Map<string, number>();
  const distinct: WireWell[] = [];
  const slotOfWell = (well: WireWell, id: string): number => {
    let slot = byObject.get(well);
    if (slot === undefined) {
      // -1: a well canonicalizeWells drops (empty)
      const made = canonical ? well : canonicalizeWells(defn, { [id]: well })[id];
      if (made === undefined) slot = -1;
      else {
        const text = JSON.stringify(made);
        slot = byText.get(text);
        if (slot === undefined) {
          slot = distinct.push(made) - 1;
          byText.set(text, slot);
        }
      }
      byObject.set(well, slot);
    }
    return slot;
  };
  if (canonical) {
    const ids = Object.keys(wells);
    return { ids, slots: ids.map((id) => slotOfWell(wells[id], id)), distinct };
  }
  // as canonicalizeWells: the last filled one of two ids of one well wins; row-major order
  const byIndex = new Map<number, [string, number]>();
  for (const [id, well] of Object.entries(wells)) {
    const cid = canonicalWellId(id, defn);
    if (!cid || !well) continue;
    const slot = slotOfWell(well, cid);
    if (slot >= 0) byIndex.set(indexOfWellId(cid, defn), [cid, slot]);
  }
  const ids: string[] = [];
  const slots: number[] = [];
  for (const i of [...byIndex.keys()].toSorted((a, b) => a - b)) {
    const [id, slot] = byIndex.get(i)!;
    ids.push(id);
    slots.push(slot);
  }
  return { ids, slots, distinct };
}

// Packed grids are always this wide: their shapes are then the 32 of 48 x 1..32 (a 1536
// plate's wells at most), never one per well count, so the id maps well-id.ts keeps per
// shape stay few and the plates' own shapes always find room beside them.
const PACKED_COLS = 48;

/**
 * Wells packed at the start of a grid just large enough for them, with the plate's format
 * (the metrics kernel reads a well's capacity from the format): the n-th well is at
 * row-major index n, so the kernel's arrays are indexed by `distinct` position.
 */
export function packedPlate(
  defn: PlateDefn,
  wells: readonly WireWell[],
): { defn: PlateDefn; wells: WireWells } {
  const grid: PlateDefn = {
    format: defn.format,
    rows: Math.max(1, Math.ceil(wells.length / PACKED_COLS)),
    cols: PACKED_COLS,
  };
  const packed: WireWells = {};
  wells.forEach((well, k) => (packed[idOfIndex(grid, k)] = well));
  return { defn: grid, wells: packed };
}
