/**
 * What changed between two plates' wire wells, for the versions list: wells added, removed
 * and changed, and per reagent the wells it was added to, removed from or changed in.
 */
import { canonicalJson } from '../canonical-json';
import type { WireWell, WireWells } from '../plate-wire';

export interface ReagentDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

export interface PlateDiff {
  wells: { added: string[]; removed: string[]; changed: string[] };
  /** per reagent slug, only reagents that changed somewhere */
  reagents: Record<string, ReagentDiff>;
  /** reagents on the plate after and not before, and the reverse */
  reagents_added: string[];
  reagents_removed: string[];
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

function slugsOf(wells: WireWells): Set<string> {
  const out = new Set<string>();
  for (const w of Object.values(wells)) for (const s of Object.keys(w.targets)) out.add(s);
  return out;
}

/**
 * The differences from `before` to `after` (wells missing from a map are empty). Ids are
 * listed in the order the maps hold them (row-major for the server's wells).
 */
export function plateDiff(before: WireWells, after: WireWells): PlateDiff {
  const diff: PlateDiff = {
    wells: { added: [], removed: [], changed: [] },
    reagents: {},
    reagents_added: [],
    reagents_removed: [],
  };
  const reagent = (slug: string) =>
    (diff.reagents[slug] ??= { added: [], removed: [], changed: [] });
  const ids = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const id of ids) {
    const a: WireWell | undefined = before[id];
    const b: WireWell | undefined = after[id];
    if (a && b && a === b) continue;
    if (!a) diff.wells.added.push(id);
    else if (!b) diff.wells.removed.push(id);
    else if (!same(a, b)) diff.wells.changed.push(id);
    else continue;
    const ta = a?.targets ?? {};
    const tb = b?.targets ?? {};
    for (const slug of new Set([...Object.keys(ta), ...Object.keys(tb)])) {
      if (!ta[slug]) reagent(slug).added.push(id);
      else if (!tb[slug]) reagent(slug).removed.push(id);
      else if (!same(ta[slug], tb[slug])) reagent(slug).changed.push(id);
    }
  }
  const sa = slugsOf(before);
  const sb = slugsOf(after);
  diff.reagents_added = [...sb].filter((s) => !sa.has(s)).toSorted();
  diff.reagents_removed = [...sa].filter((s) => !sb.has(s)).toSorted();
  return diff;
}
