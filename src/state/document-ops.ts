// The designer's edits as plate ops, and other writers' changes applied to a document. Pure.
// An edit replaces only the wells it touches (plate-edits.ts keeps the others' identity), so
// comparing well objects by reference finds what changed without reading any well's content.
// Diffing the latest document against the one the server confirmed merges every edit made in
// between: a later put of a well replaces the earlier one, an emptied well is a null put.
import type { PrimitiveOp, PutOp } from '../domain/plate/ops';
import type { PlateDefn } from '../domain/plate-format';
import type { WireWell, WireWells } from '../domain/plate-wire';
import { indexOfWellId } from '../domain/well-id';

/** The ops that turn `before` into `after`: one put (changed wells, null for emptied ones). */
export function documentOps(before: WireWells, after: WireWells): PutOp[] {
  if (before === after) return [];
  const wells: Record<string, WireWell | null> = {};
  let any = false;
  for (const id in after) {
    if (after[id] !== before[id]) {
      wells[id] = after[id];
      any = true;
    }
  }
  for (const id in before) {
    if (!(id in after)) {
      wells[id] = null;
      any = true;
    }
  }
  return any ? [{ op: 'put', wells }] : [];
}

function isEmptyWell(well: WireWell): boolean {
  return (
    Object.keys(well.targets).length === 0 &&
    !well.label &&
    !well.sample &&
    (well.tags ?? []).length === 0
  );
}

/**
 * Other writers' changes on top of a document: `changed` wells replace, `removed` ones go.
 * Untouched wells keep their identity; the same map comes back when nothing differs.
 */
export function applyWireChanges(
  wells: WireWells,
  changed: Readonly<Record<string, WireWell>> | null | undefined,
  removed: readonly string[] | null | undefined,
): WireWells {
  let out: WireWells | null = null;
  for (const [id, well] of Object.entries(changed ?? {})) {
    out ??= { ...wells };
    if (isEmptyWell(well)) delete out[id];
    else out[id] = well;
  }
  for (const id of removed ?? []) {
    if (!(id in (out ?? wells))) continue;
    out ??= { ...wells };
    delete out[id];
  }
  return out ?? wells;
}

export type ApplyOutcome =
  | { ok: true; wells: WireWells; changed: string[]; removed: string[] }
  | { ok: false; detail: string; op_index: number; well?: string };

/**
 * Applies the ops the designer produces (`put`, and `clear` of whole wells) to wells, as
 * applyOps of the domain does for them; any other op, or a well id that is not on the plate,
 * is refused, so the caller falls back to reloading.
 */
export function applyDocumentOps(
  defn: PlateDefn,
  wells: WireWells,
  ops: readonly PrimitiveOp[],
): ApplyOutcome {
  const out: WireWells = { ...wells };
  const changed = new Set<string>();
  const removed = new Set<string>();
  for (const [op_index, op] of ops.entries()) {
    let entries: [string, WireWell | null][];
    if (op.op === 'put') entries = Object.entries(op.wells);
    else if (op.op === 'clear' && op.reagent === undefined)
      entries = op.wells.map((id) => [id, null]);
    else return { ok: false, detail: `The ${op.op} op is not applied here`, op_index };
    for (const [id, well] of entries) {
      if (indexOfWellId(id, defn) < 0) {
        return { ok: false, detail: `${id} is not a well of this plate`, op_index, well: id };
      }
      if (well === null || isEmptyWell(well)) {
        if (id in out) {
          delete out[id];
          removed.add(id);
          changed.delete(id);
        }
      } else {
        out[id] = well;
        changed.add(id);
        removed.delete(id);
      }
    }
  }
  return { ok: true, wells: out, changed: [...changed], removed: [...removed] };
}

/**
 * The document edited on `base` moved onto `next` (the server's newer wells): the edits made
 * since `base` are re-applied on top, so they win over the other writer's in the wells both
 * touched. null when they cannot be applied.
 */
export function rebaseWells(
  defn: PlateDefn,
  base: WireWells,
  edited: WireWells,
  next: WireWells,
): WireWells | null {
  const ops = documentOps(base, edited);
  if (ops.length === 0) return next;
  const outcome = applyDocumentOps(defn, next, ops);
  return outcome.ok ? outcome.wells : null;
}
