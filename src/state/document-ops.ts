// The designer's edits as plate ops, and other writers' changes applied to a document. Pure.
// An edit replaces only the wells it touches (plate-edits.ts keeps the others' identity), so
// comparing well objects by reference finds what changed without reading any well's content.
// Diffing the latest document against the one the server confirmed merges every edit made in
// between: a later put of a well replaces the earlier one, an emptied well is a null put.
import { applyOps } from '../domain/plate/apply-ops';
import type { PutOp } from '../domain/plate/ops';
import type { PlateDefn } from '../domain/plate-format';
import type { WireWell, WireWells } from '../domain/plate-wire';
import { isEmptyWell } from '../domain/plate-wells';

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

function slugsOf(wells: WireWells): Set<string> {
  const slugs = new Set<string>();
  for (const id in wells) for (const slug in wells[id].targets) slugs.add(slug);
  return slugs;
}

/**
 * The document edited on `base` moved onto `next` (the server's newer wells): the edits made
 * since `base` are re-applied on top with the domain's applyOps, so they win over the other
 * writer's in the wells both touched. null when they cannot be applied (a well off the plate,
 * a number out of range). Whether the reagents are on the bench is the server's to judge when
 * the edits are saved, so every reagent the edits name is allowed here.
 */
export function rebaseWells(
  defn: PlateDefn,
  base: WireWells,
  edited: WireWells,
  next: WireWells,
): WireWells | null {
  const ops = documentOps(base, edited);
  if (ops.length === 0) return next;
  const outcome = applyOps(defn, next, ops, { benchSlugs: slugsOf(edited) });
  return outcome.ok ? outcome.wells : null;
}
