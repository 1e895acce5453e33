// What changed between two versions of a plate, well by well, in words: wells filled,
// emptied, and for a well in both the reagents added, removed or at another concentration,
// and its tags, label and sample. Pure: two wire plates in, lines out.
import { formatConcentration } from '../../domain/accuracy';
import type { WireWell, WireWells } from '../../domain/plate-wire';
import { indexOfWellId } from '../../domain/well-id';
import type { PlateDefn } from '../../domain/plate-format';

export interface VersionDiff {
  filled: number;
  emptied: number;
  changed: number;
  /** One line per well that differs, in plate order. */
  lines: { well: string; text: string }[];
}

const conc = (nM: number | null | undefined) =>
  nM == null ? 'no concentration' : formatConcentration(nM);

function contents(well: WireWell, nameOf: (slug: string) => string): string {
  return Object.entries(well.targets)
    .map(([slug, t]) => `${nameOf(slug)} ${conc(t.target_nM)}`)
    .join(', ');
}

const tags = (w: WireWell) => (w.tags ?? []).join(' ') || 'none';

function wellChanges(a: WireWell, b: WireWell, nameOf: (slug: string) => string): string[] {
  const out: string[] = [];
  for (const [slug, t] of Object.entries(b.targets)) {
    const was = a.targets[slug];
    if (!was) out.push(`+ ${nameOf(slug)} ${conc(t.target_nM)}`);
    else if (was.target_nM !== t.target_nM || was.volume_uL !== t.volume_uL) {
      out.push(`${nameOf(slug)} ${conc(was.target_nM)} → ${conc(t.target_nM)}`);
    }
  }
  for (const slug of Object.keys(a.targets)) {
    if (!b.targets[slug]) out.push(`− ${nameOf(slug)}`);
  }
  if (tags(a) !== tags(b)) out.push(`tags ${tags(a)} → ${tags(b)}`);
  if ((a.label ?? '') !== (b.label ?? '')) out.push(`label “${b.label ?? ''}”`);
  if ((a.sample ?? '') !== (b.sample ?? '')) out.push(`sample “${b.sample ?? ''}”`);
  return out;
}

/** The changes from `before` to `after`. */
export function versionDiff(
  defn: PlateDefn,
  before: WireWells,
  after: WireWells,
  nameOf: (slug: string) => string,
): VersionDiff {
  const ids = [...new Set([...Object.keys(before), ...Object.keys(after)])].toSorted(
    (x, y) => indexOfWellId(x, defn) - indexOfWellId(y, defn),
  );
  const diff: VersionDiff = { filled: 0, emptied: 0, changed: 0, lines: [] };
  for (const well of ids) {
    const a = before[well];
    const b = after[well];
    if (!a && b) {
      diff.filled++;
      diff.lines.push({ well, text: `filled: ${contents(b, nameOf)}` });
    } else if (a && !b) {
      diff.emptied++;
      diff.lines.push({ well, text: 'emptied' });
    } else if (a && b) {
      const changes = wellChanges(a, b, nameOf);
      if (changes.length > 0) {
        diff.changed++;
        diff.lines.push({ well, text: changes.join('; ') });
      }
    }
  }
  return diff;
}
