// Edits of the plate document as pure functions: wells in wire form in, new wells out. Wells
// that an edit does not touch keep their identity, so an undo step costs one map per edit and
// memoised readers skip what did not change. Nothing here reads or writes a store.
import { plateDefn, type PlateDefn, type PlateFormat } from '../domain/plate-format';
import type { WireTarget, WireWell, WireWells } from '../domain/plate-wire';
import { isEmptyWell } from '../domain/plate-wells';
import { toNanomolar } from '../domain/units';
import { idOfIndex, indexOfWellId } from '../domain/well-id';

/** What "apply reagent" puts into a well: concentration in uM and the volume added in uL. */
export interface ReagentAmount {
  uM: number;
  volumeUl: number;
}

// Writes (or deletes, when empty) one well of a copy-on-write map.
function put(out: WireWells, id: string, well: WireWell | undefined): void {
  if (!well || isEmptyWell(well)) delete out[id];
  else out[id] = well;
}

/**
 * Puts the reagent at the concentration (uM -> target_nM) and volume into every listed well,
 * overwriting that reagent where it is already present; the well's other reagents stay.
 */
export function applyReagent(
  wells: WireWells,
  defn: PlateDefn,
  slug: string,
  amount: ReagentAmount,
  indices: Iterable<number>,
): WireWells {
  const target: WireTarget = {
    target_nM: toNanomolar(amount.uM, 'uM'),
    volume_uL: amount.volumeUl,
  };
  const out: WireWells = { ...wells };
  for (const i of indices) {
    const id = idOfIndex(defn, i);
    const well = wells[id];
    out[id] = well
      ? { ...well, targets: { ...well.targets, [slug]: target } }
      : { targets: { [slug]: target } };
  }
  return out;
}

/** Takes the reagent out of every listed well; a well left with nothing is removed. */
export function removeReagent(
  wells: WireWells,
  defn: PlateDefn,
  slug: string,
  indices: Iterable<number>,
): WireWells {
  let out: WireWells | null = null;
  for (const i of indices) {
    const id = idOfIndex(defn, i);
    const well = wells[id];
    if (!well || !(slug in well.targets)) continue;
    out ??= { ...wells };
    const { [slug]: _removed, ...rest } = well.targets;
    put(out, id, { ...well, targets: rest });
  }
  return out ?? wells;
}

/** Empties the listed wells (reagents, label, sample and tags). */
export function clearWells(
  wells: WireWells,
  defn: PlateDefn,
  indices: Iterable<number>,
): WireWells {
  let out: WireWells | null = null;
  for (const i of indices) {
    const id = idOfIndex(defn, i);
    if (!(id in wells)) continue;
    out ??= { ...wells };
    delete out[id];
  }
  return out ?? wells;
}

/** Copied wells: each at its offset from the top-left corner of the copied block. */
export interface WellClipboard {
  rows: number;
  cols: number;
  cells: { dr: number; dc: number; well: WireWell | null }[];
}

/** Copies the listed wells (empty ones too, so pasting them empties the destination). */
export function copyWells(
  wells: WireWells,
  defn: PlateDefn,
  indices: readonly number[],
): WellClipboard | null {
  if (indices.length === 0) return null;
  let r0 = Infinity;
  let c0 = Infinity;
  let r1 = -1;
  let c1 = -1;
  for (const i of indices) {
    const r = Math.floor(i / defn.cols);
    const c = i % defn.cols;
    r0 = Math.min(r0, r);
    c0 = Math.min(c0, c);
    r1 = Math.max(r1, r);
    c1 = Math.max(c1, c);
  }
  const cells = indices.map((i) => ({
    dr: Math.floor(i / defn.cols) - r0,
    dc: (i % defn.cols) - c0,
    well: wells[idOfIndex(defn, i)] ?? null,
  }));
  return { rows: r1 - r0 + 1, cols: c1 - c0 + 1, cells };
}

/**
 * Pastes a clipboard with its top-left corner on the anchor well; cells that would fall off
 * the plate are left out. Returns the new wells and the indices written.
 */
export function pasteWells(
  wells: WireWells,
  defn: PlateDefn,
  clip: WellClipboard,
  anchor: number,
): { wells: WireWells; indices: number[] } {
  const r0 = Math.floor(anchor / defn.cols);
  const c0 = anchor % defn.cols;
  const out: WireWells = { ...wells };
  const indices: number[] = [];
  for (const { dr, dc, well } of clip.cells) {
    const r = r0 + dr;
    const c = c0 + dc;
    if (r >= defn.rows || c >= defn.cols) continue;
    const i = r * defn.cols + c;
    put(out, idOfIndex(defn, i), well ?? undefined);
    indices.push(i);
  }
  return { wells: out, indices };
}

/**
 * Wells of a plate moved to another format. To 96 from a larger plate only the given
 * subsection is kept, moved to A1; otherwise every well keeps its row and column and the
 * wells that do not fit are left out.
 */
export function mapWellsToFormat(
  wells: WireWells,
  from: PlateFormat,
  to: PlateFormat,
  subsection: { row0: number; col0: number },
): WireWells {
  const src = plateDefn(from);
  const dst = plateDefn(to);
  const shift = to === 96 && from > 96 ? subsection : { row0: 0, col0: 0 };
  const out: WireWells = {};
  for (const [id, well] of Object.entries(wells)) {
    const i = indexOfWellId(id, src);
    if (i < 0) continue;
    const r = Math.floor(i / src.cols) - shift.row0;
    const c = (i % src.cols) - shift.col0;
    if (r < 0 || c < 0 || r >= dst.rows || c >= dst.cols) continue;
    out[idOfIndex(dst, r * dst.cols + c)] = well;
  }
  return out;
}
