// Reagents an edit put on the bench, kept with the wells that edit produced (documents are
// immutable values, so their wells name them): undoing the edit takes the reagents off the
// bench again, redoing it puts them back. Only the assistant's edits add to the bench.
import type { BenchReagent } from '../api/bench';
import type { WireWells } from '../domain/plate-state';

const addedWith = new WeakMap<WireWells, readonly BenchReagent[]>();

/** Notes that the edit which produced `wells` put these reagents on the bench. */
export function noteBenchAdditions(wells: WireWells, reagents: readonly BenchReagent[]): void {
  if (reagents.length > 0) addedWith.set(wells, reagents);
}

/** The reagents the edit that produced `wells` put on the bench; empty when none. */
export function benchAdditionsOf(wells: WireWells): readonly BenchReagent[] {
  return addedWith.get(wells) ?? [];
}

/** Keeps the note when a document's wells are replaced by rebased ones. */
export function carryBenchAdditions(from: WireWells, to: WireWells): void {
  const added = addedWith.get(from);
  if (added && from !== to) addedWith.set(to, added);
}

/** Slugs of the added reagents that the wells an undo goes back to do not use. */
export function slugsToTakeOff(added: readonly BenchReagent[], wells: WireWells): string[] {
  const used = new Set(Object.values(wells).flatMap((w) => Object.keys(w.targets)));
  return added.map((r) => r.slug).filter((slug) => !used.has(slug));
}
