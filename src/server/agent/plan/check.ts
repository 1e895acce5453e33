/**
 * Checks a planned change before it is written: a target above the reagent's stock, and the
 * plate's own verdict on the changed wells (the metrics kernel, whose statuses the plate shows
 * and whose broken constraints are its unmet marks): a solvent over its limit, an over-filled
 * well. Only what the change breaks counts (a well that was already over its limit is not
 * blamed on it). Returns the refusal, with what would work, or null. Pure.
 */
import { formatConcentration } from '../../../domain/accuracy';
import { solventOfReagent } from '../../../domain/chemistry';
import type { DispenseSettings } from '../../../domain/dispensing/settings';
import { solventLimitPct } from '../../../domain/dispensing/solvent-budget';
import type { PlateDefn } from '../../../domain/plate-format';
import { wellVerdicts, type WellVerdict } from '../../../domain/plate/well-verdicts';
import { toDisplayType } from '../../../domain/reagent-types';
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
  /** the experiment's dispensing settings (null: the format's defaults), as the plate reads */
  dispensing?: Partial<DispenseSettings> | null;
}

const pct = (x: number) => `${Number(x.toPrecision(2))} %`;

/** The name a solvent key goes by on this bench ("DMSO"), else the key in capitals. */
export function solventName(bench: readonly BenchReagentInfo[], key: string): string {
  const r = bench.find(
    (b) =>
      toDisplayType(b.type) === 'solvent' && solventOfReagent(b.type, b.solvent, b.slug) === key,
  );
  return r?.name ?? key.toUpperCase();
}

type Well = WireWells[string] | undefined;

/** What one well's change breaks: the rules below, for a well as it was and as it becomes. */
interface WellCheck {
  /** a target above its reagent's stock, said */
  aboveStock: string | null;
  /** the solvents the change takes over their limit */
  overLimit: { key: string; pct: number; limit: number }[];
  overfilled: boolean;
}

/**
 * A well's entries without the solvents the request added as a volume of its own: the user's
 * call, which the plate then marks if it breaks a limit.
 */
function withoutExplicit(w: Well, explicit: ReadonlySet<string> | undefined): Well {
  if (!w || !explicit || !Object.keys(w.targets).some((s) => explicit.has(s))) return w;
  const targets: NonNullable<Well>['targets'] = {};
  for (const [slug, t] of Object.entries(w.targets)) if (!explicit.has(slug)) targets[slug] = t;
  return { ...w, targets };
}

function checkWell(
  before: Well,
  after: Well,
  bench: readonly BenchReagentInfo[],
  bySlug: ReadonlyMap<string, BenchReagentInfo>,
  was: (w: Well) => WellVerdict,
  is: (w: Well) => WellVerdict,
  judged: Well,
): WellCheck {
  let aboveStock: string | null = null;
  // Targets above the stock can never be met.
  for (const [slug, t] of Object.entries(after?.targets ?? {})) {
    const b = bySlug.get(slug);
    if (t.target_nM == null || !b?.stock_nM) continue;
    if (t.target_nM > b.stock_nM * (1 + 1e-9) && before?.targets[slug]?.target_nM !== t.target_nM) {
      aboveStock = `${formatConcentration(t.target_nM)} ${b.name} is above its stock (${formatConcentration(b.stock_nM)}); the most a well can hold is ${formatConcentration(b.stock_nM)}, and less once other reagents share the well`;
      break;
    }
  }
  // The kernel's verdict, only where the change broke it: a solvent over its limit that the
  // change raised, a well it over-filled.
  const now = is(judged);
  const then = was(before);
  const overLimit: WellCheck['overLimit'] = [];
  if (now.overLimit)
    for (const [key, p] of now.loads) {
      const limit = solventLimitPct(bench, key);
      if (p > limit * (1 + 1e-6) && p > (then.loads.get(key) ?? 0) + 1e-9)
        overLimit.push({ key, pct: p, limit });
    }
  const overfilled = is(after).overfilled && !then.overfilled;
  return { aboveStock, overLimit, overfilled };
}

/**
 * The refusal for a change that breaks a rule, or null. Each (before, after) pair of well
 * objects is checked once: a change of 1400 wells mostly shares a few of each.
 */
export function checkChange(c: CheckInput): string | null {
  const bySlug = new Map(c.bench.map((b) => [b.slug, b]));
  const afters = c.changed.map((id) => c.after[id]);
  // each well as it becomes, judged without the solvents the request gave as volumes
  const judged = new Map(afters.map((w) => [w, withoutExplicit(w, c.explicitVolumes)]));
  const settings = c.dispensing ?? null;
  const befores = c.changed.map((id) => c.before[id]);
  const was = wellVerdicts(c.defn, befores, c.bench, settings);
  const is = wellVerdicts(c.defn, [...afters, ...judged.values()], c.bench, settings);
  const checked = new Map<Well, Map<Well, WellCheck>>();
  const checks = c.changed.map((id) => {
    const before = c.before[id];
    const after = c.after[id];
    let byAfter = checked.get(before);
    if (!byAfter) checked.set(before, (byAfter = new Map()));
    let one = byAfter.get(after);
    if (!one) {
      one = checkWell(before, after, c.bench, bySlug, was, is, judged.get(after));
      byAfter.set(after, one);
    }
    return one;
  });
  const stock = checks.find((k) => k.aboveStock !== null);
  if (stock) return stock.aboveStock;
  const solventOver: string[] = [];
  type Over = { ratio: number; pct: number; limit: number; key: string };
  let worst = null as Over | null;
  checks.forEach((k, n) => {
    if (k.overLimit.length === 0) return;
    solventOver.push(c.changed[n]);
    for (const o of k.overLimit)
      if (!worst || o.pct / o.limit > worst.ratio) worst = { ratio: o.pct / o.limit, ...o };
  });
  if (worst) {
    const { key, pct: p, limit, ratio } = worst;
    const name = solventName(c.bench, key);
    // a load just over its limit is said with the digits that show it over (1.01 %, not 1 %)
    const load = Number(p.toPrecision(2)) > limit ? pct(p) : `${Number(p.toPrecision(3))} %`;
    return `That would put ${summarizeIds(solventOver)} at ${load} ${name}, over the ${pct(limit)} limit; nothing written. Scale the concentrations by ${Number((1 / ratio).toPrecision(2))} or less (or use a more concentrated stock) to stay within it.`;
  }
  const overfilled = c.changed.filter((_, n) => checks[n].overfilled);
  if (overfilled.length > 0)
    return `That would over-fill ${summarizeIds(overfilled)}; nothing written. Use a smaller volume.`;
  return null;
}
