/** The wells that hold a bench reagent, and how the delete question names them. */
import type { PlateDefn } from '../../domain/plate-format';
import type { WireWells } from '../../domain/plate-wire';
import { parseWellId, wellId } from '../../domain/well-id';

/** Runs named before the list ends in "…": enough to see where the reagent is. */
const RUNS_SHOWN = 2;

/** Ids of the wells whose targets name the reagent, in reading order (A1, A2 … B1). */
export function wellsWithReagent(wells: WireWells, slug: string, defn: PlateDefn): string[] {
  const found: { index: number; id: string }[] = [];
  for (const [id, well] of Object.entries(wells)) {
    if (!Object.hasOwn(well.targets, slug)) continue;
    const rc = parseWellId(id, defn);
    if (rc) found.push({ index: rc.row * defn.cols + rc.col, id: wellId(rc.row, rc.col) });
  }
  return found.toSorted((a, b) => a.index - b.index).map((w) => w.id);
}

/** "A1-A10, B1-B10, …": adjacent wells of a row as one run, the first runs only. */
export function wellRunsLabel(ids: readonly string[], defn: PlateDefn): string {
  const runs: { row: number; from: number; to: number }[] = [];
  for (const id of ids) {
    const rc = parseWellId(id, defn);
    if (!rc) continue;
    const last = runs.at(-1);
    if (last && last.row === rc.row && last.to + 1 === rc.col) last.to = rc.col;
    else runs.push({ row: rc.row, from: rc.col, to: rc.col });
  }
  const names = runs.map((r) =>
    r.from === r.to ? wellId(r.row, r.from) : `${wellId(r.row, r.from)}-${wellId(r.row, r.to)}`,
  );
  if (names.length <= RUNS_SHOWN + 1) return names.join(', ');
  return `${names.slice(0, RUNS_SHOWN).join(', ')}, …`;
}

/**
 * The question asked before deleting a reagent that wells use. The server removes the
 * reagent from the bench only: the wells keep their targets.
 */
export function deleteReagentQuestion(
  name: string,
  ids: readonly string[],
  defn: PlateDefn,
): string {
  const count = ids.length === 1 ? '1 well' : `${ids.length} wells`;
  return (
    `${name} is in ${count} (${wellRunsLabel(ids, defn)}). ` +
    'Delete it from the bench and leave the wells as they are?'
  );
}
