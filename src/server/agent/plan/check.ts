/**
 * Checks a planned change before it is written: a target above the reagent's stock, a
 * solvent over its limit, an over-filled well. Only what the change breaks counts (a well
 * that was already over its limit is not blamed on it). Returns the refusal, with what would
 * work, or null. Pure.
 */
import { formatConcentration } from '../../../domain/accuracy';
import { WELL_CAPACITY_UL, type PlateDefn } from '../../../domain/plate-format';
import type { BenchReagentInfo, WireWells } from '../../../domain/plate-wire';
import { summarizeIds } from '../tools/well-list';

export interface CheckInput {
  defn: PlateDefn;
  before: WireWells;
  after: WireWells;
  changed: readonly string[];
  bench: readonly BenchReagentInfo[];
  /** solvents added as a volume the request gave (its own call), not as a % target */
  explicitVolumes?: ReadonlySet<string>;
}

const pct = (x: number) => `${Number(x.toPrecision(2))} %`;

/** The limit on the solvent load: the tightest limit of the solvents on the bench. */
export function solventLimit(bench: readonly BenchReagentInfo[]): { name: string; pct: number } {
  const solvents = bench.filter((b) => b.max_concentration_percent != null);
  const tight = solvents.toSorted(
    (a, b) => a.max_concentration_percent! - b.max_concentration_percent!,
  )[0];
  return tight
    ? { name: tight.name, pct: tight.max_concentration_percent! }
    : { name: 'solvent', pct: 1 };
}

/** The refusal for a change that breaks a rule, or null. */

/** The liquid a well holds as planned, uL. */
function volume(w: WireWells[string] | undefined): number {
  return Object.values(w?.targets ?? {}).reduce((sum, t) => sum + t.volume_uL, 0);
}

export function checkChange(c: CheckInput): string | null {
  const bySlug = new Map(c.bench.map((b) => [b.slug, b]));
  // Targets above the stock can never be met.
  for (const id of c.changed) {
    for (const [slug, t] of Object.entries(c.after[id]?.targets ?? {})) {
      const b = bySlug.get(slug);
      if (t.target_nM == null || !b?.stock_nM) continue;
      if (
        t.target_nM > b.stock_nM * (1 + 1e-9) &&
        c.before[id]?.targets[slug]?.target_nM !== t.target_nM
      )
        return `${formatConcentration(t.target_nM)} ${b.name} is above its stock (${formatConcentration(b.stock_nM)}); the most a well can hold is ${formatConcentration(b.stock_nM)}, and less once other reagents share the well`;
    }
  }
  const ids = [...c.changed];
  // The solvent load a scientist works out: each target over its stock, for stocks in the
  // limited solvent, plus the solvent itself; it does not depend on how the volumes are
  // planned (working stocks, droplets), only on what the wells must reach.
  const limit = solventLimit(c.bench);
  const solventName = limit.name.toLowerCase();
  const load = (w: WireWells[string] | undefined): number => {
    if (!w) return 0;
    const total = Object.values(w.targets).reduce((s, t) => s + t.volume_uL, 0);
    let p = 0;
    for (const [slug, t] of Object.entries(w.targets)) {
      const b = bySlug.get(slug);
      if (!b) continue;
      if (b.name.toLowerCase() === solventName) {
        if (!c.explicitVolumes?.has(slug) && total > 0) p += (100 * t.volume_uL) / total;
      } else if (t.target_nM != null && b.stock_nM && b.solvent?.toLowerCase() === solventName)
        p += (100 * t.target_nM) / b.stock_nM;
    }
    return p;
  };
  const solventOver: string[] = [];
  let worst = 0;
  for (const id of ids) {
    const p = load(c.after[id]);
    if (p > limit.pct * (1 + 1e-6) && p > load(c.before[id]) + 1e-9) {
      solventOver.push(id);
      worst = Math.max(worst, p);
    }
  }
  if (solventOver.length > 0) {
    const scale = limit.pct / worst;
    return `That would put ${summarizeIds(solventOver)} at ${pct(worst)} ${limit.name}, over the ${pct(limit.pct)} limit; nothing written. Scale the concentrations by ${Number(scale.toPrecision(2))} or less (or use a more concentrated stock) to stay within it.`;
  }
  // Over-filled: more liquid than the well holds (the volumes as planned).
  const capacity = WELL_CAPACITY_UL[c.defn.format];
  const overfilled = ids.filter(
    (id) => volume(c.after[id]) > capacity + 1e-9 && volume(c.before[id]) <= capacity + 1e-9,
  );
  if (overfilled.length > 0)
    return `That would over-fill ${summarizeIds(overfilled)}; nothing written. Use a smaller volume.`;
  return null;
}
