// Label, sample name and tags of wells as pure edits of the plate document (wire wells in,
// new wells out; untouched wells keep their identity). The well editor sets them on the
// selected wells; tags mark controls (POS, NEG), the vehicle (ZERO, DMSO) and RESERVED wells.
import type { PlateDefn } from '../domain/plate-format';
import type { WireWell, WireWells } from '../domain/plate-wire';
import { isEmptyWell } from '../domain/plate-wells';
import { idOfIndex } from '../domain/well-id';

/** What to set; a field left undefined is kept as each well has it. */
export interface WellFields {
  label?: string;
  sample?: string;
  /** Replaces the wells' tags. */
  tags?: readonly string[];
  /** Taken out of each well's tags (compared without case), before addTags. */
  removeTags?: readonly string[];
  /** Added to each well's tags (kept once). */
  addTags?: readonly string[];
}

/** Tags as typed ("POS, neg ctrl; x") cleaned: trimmed, no empties, each once. */
export function parseTags(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/[,;]/)) {
    const tag = raw.trim();
    if (tag && !out.some((t) => t.toUpperCase() === tag.toUpperCase())) out.push(tag);
  }
  return out;
}

// Removal comes before addition, so a role button can take every role tag out and put its
// own back in one step.
function nextTags(tags: readonly string[], f: WellFields): string[] {
  let out = f.tags ? [...f.tags] : [...tags];
  if (f.removeTags?.length) {
    const drop = new Set(f.removeTags.map((t) => t.toUpperCase()));
    out = out.filter((t) => !drop.has(t.toUpperCase()));
  }
  for (const t of f.addTags ?? []) {
    if (!out.some((x) => x.toUpperCase() === t.toUpperCase())) out.push(t);
  }
  return out;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Sets label, sample and tags of the listed wells; empty wells are created, emptied ones removed. */
export function setWellFields(
  wells: WireWells,
  defn: PlateDefn,
  indices: Iterable<number>,
  fields: WellFields,
): WireWells {
  let out: WireWells | null = null;
  for (const i of indices) {
    const id = idOfIndex(defn, i);
    const well: WireWell = wells[id] ?? { targets: {} };
    const tags = nextTags(well.tags ?? [], fields);
    const label = fields.label ?? well.label ?? '';
    const sample = fields.sample ?? well.sample ?? '';
    if (
      label === (well.label ?? '') &&
      sample === (well.sample ?? '') &&
      sameList(tags, well.tags ?? [])
    ) {
      continue;
    }
    out ??= { ...wells };
    const next: WireWell = { ...well, label, sample, tags };
    if (isEmptyWell(next)) delete out[id];
    else out[id] = next;
  }
  return out ?? wells;
}

/** One value when every listed well has it, else null (the form shows "mixed"). */
export function commonValue(
  wells: WireWells,
  defn: PlateDefn,
  indices: readonly number[],
  read: (well: WireWell | undefined) => string,
): string | null {
  let value: string | null = null;
  for (const [k, i] of indices.entries()) {
    const v = read(wells[idOfIndex(defn, i)]);
    if (k === 0) value = v;
    else if (v !== value) return null;
  }
  return value;
}
