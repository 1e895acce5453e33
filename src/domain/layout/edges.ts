/**
 * Edge avoidance. Outer-ring wells evaporate and warm faster than inner ones (edge effects),
 * so screens keep treatments off the ring: leave it empty or fill it with vehicle, and warn
 * when a treatment lands there.
 */
import type { PlateDefn } from '../plate-format';
import type { PrimitiveOp } from '../plate/ops';
import type { WireWells } from '../plate-wire';
import { idOfIndex, parseWellId, rowLetter } from '../well-id';

export function isEdge(defn: Pick<PlateDefn, 'rows' | 'cols'>, row: number, col: number): boolean {
  return row === 0 || col === 0 || row === defn.rows - 1 || col === defn.cols - 1;
}

export function isEdgeIndex(defn: Pick<PlateDefn, 'rows' | 'cols'>, index: number): boolean {
  return isEdge(defn, Math.floor(index / defn.cols), index % defn.cols);
}

/** The ring as four rectangles: short on the wire. */
export function edgeWellList(defn: Pick<PlateDefn, 'rows' | 'cols'>): string[] {
  const last = rowLetter(defn.rows - 1);
  return [
    `A1:A${defn.cols}`,
    `${last}1:${last}${defn.cols}`,
    `A1:${last}1`,
    `A${defn.cols}:${last}${defn.cols}`,
  ];
}

/**
 * Ops that leave the ring empty (`clear`) or fill it with the vehicle (no target: the
 * dispensing engine plans the fill volume).
 */
export function edgeFillOps(
  defn: Pick<PlateDefn, 'rows' | 'cols'>,
  mode: 'empty' | 'vehicle',
  vehicleSlug?: string,
): PrimitiveOp[] {
  const wells = edgeWellList(defn);
  const ops: PrimitiveOp[] = [{ op: 'clear', wells }];
  if (mode === 'vehicle' && vehicleSlug) {
    ops.push({ op: 'set', wells, reagent: vehicleSlug, target_nM: null });
  }
  return ops;
}

/** A treatment is a reagent with a target concentration; a vehicle fill is not one. */
function holdsTreatment(well: WireWells[string] | undefined): boolean {
  if (!well) return false;
  const tags = well.tags ?? [];
  // Controls are placed on the edge on purpose (first and last columns).
  if (tags.includes('POS') || tags.includes('NEG') || tags.includes('ZERO')) return false;
  return Object.values(well.targets).some((t) => t.target_nM != null);
}

/** Treatment wells that sit on the ring, sorted by index. */
export function treatmentsOnEdge(
  defn: Pick<PlateDefn, 'rows' | 'cols'>,
  wells: WireWells,
): string[] {
  const hits: number[] = [];
  for (const [id, well] of Object.entries(wells)) {
    const rc = parseWellId(id, defn);
    if (rc && isEdge(defn, rc.row, rc.col) && holdsTreatment(well))
      hits.push(rc.row * defn.cols + rc.col);
  }
  return hits.toSorted((a, b) => a - b).map((i) => idOfIndex(defn, i));
}

/** The warning shown when treatments sit on the ring; undefined when none do. */
export function edgeWarning(ids: readonly string[]): string | undefined {
  if (ids.length === 0) return undefined;
  const shown = ids.slice(0, 8).join(', ');
  const more = ids.length > 8 ? ` and ${ids.length - 8} more` : '';
  return `${ids.length} treatment well${ids.length === 1 ? '' : 's'} on the edge ring (${shown}${more}): edge effects may bias them`;
}
