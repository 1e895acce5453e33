/**
 * Well objects a `put` already found sound against a bench: every target's reagent on it,
 * every number in bounds (wellContentProblem), and the well in canonical form. Wells are
 * never changed in place (an op copies a well before it edits it), so the finding holds for
 * as long as the object lives and the bench is the same; a randomisation then moves a whole
 * plate of wells it checked at an earlier apply without reading their contents again. Kept
 * weakly: a well no plate holds any more is forgotten with it.
 */
import type { WireWell } from '../plate-wire';

/** Benches remembered at once (the designer's one bench; a server serves several). */
const BENCHES = 8;

const byBench = new Map<string, WeakSet<WireWell>>();

/** The bench's slugs as one key (the same members in another order only miss the cache). */
function benchKey(slugs: ReadonlySet<string>): string {
  let key = '';
  for (const slug of slugs) key += `${slug}\n`;
  return key;
}

/** The sound, canonical wells found so far for this bench (add the ones found now). */
export function checkedWells(benchSlugs: ReadonlySet<string>): WeakSet<WireWell> {
  const key = benchKey(benchSlugs);
  let known = byBench.get(key);
  if (!known) {
    if (byBench.size >= BENCHES) byBench.delete(byBench.keys().next().value!);
    known = new WeakSet();
    byBench.set(key, known);
  }
  return known;
}

/**
 * Whether two checked wells hold the same, as jsonEqual answers for them: both are in
 * canonical form (the same members, no member left undefined, numbers finite), so their
 * members are compared directly instead of walked as any JSON value.
 */
export function sameCheckedWell(a: WireWell, b: WireWell): boolean {
  if (a === b) return true;
  if (a.label !== b.label || a.sample !== b.sample) return false;
  const tagsA = a.tags!;
  const tagsB = b.tags!;
  if (tagsA.length !== tagsB.length) return false;
  for (let i = 0; i < tagsA.length; i++) if (tagsA[i] !== tagsB[i]) return false;
  let count = 0;
  for (const slug in a.targets) {
    if (!Object.hasOwn(b.targets, slug)) return false;
    const x = a.targets[slug];
    const y = b.targets[slug];
    if (
      x.target_nM !== y.target_nM ||
      x.tol_pct !== y.tol_pct ||
      x.volume_uL !== y.volume_uL ||
      x.dilution !== y.dilution
    )
      return false;
    count++;
  }
  for (const _ in b.targets) count--;
  return count === 0;
}
