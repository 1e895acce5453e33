/**
 * Checks a planned change before it is written: a target above the reagent's stock, a
 * solvent over its limit, an over-filled well. Only what the change breaks counts (a well
 * that was already over its limit is not blamed on it). Returns the refusal, with what would
 * work, or null. Pure.
 */
import { formatConcentration } from '../../../domain/accuracy';
import { solventOfReagent, solventVolumeUL } from '../../../domain/chemistry';
import { solventLimitPct } from '../../../domain/dispensing/solvent-budget';
import { WELL_CAPACITY_UL, type PlateDefn } from '../../../domain/plate-format';
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

// A reagent's solvent key, read once per reagent (a 1400-well change asks for it ~6000 times).
const solventKeys = new WeakMap<BenchReagentInfo, string | null>();
function solventKeyOf(b: BenchReagentInfo): string | null {
  let key = solventKeys.get(b);
  if (key === undefined) {
    key = solventOfReagent(b.type, b.solvent, b.slug);
    solventKeys.set(b, key);
  }
  return key;
}

/**
 * The load of each organic solvent in a well, % v/v, as a scientist works it out: each
 * target over its stock for stocks in that solvent, plus the solvent itself by volume. It
 * does not depend on how the volumes are planned (working stocks, droplets), only on what
 * the wells must reach. Water brings no load.
 */
export function solventLoads(
  w: WireWells[string] | undefined,
  bySlug: ReadonlyMap<string, BenchReagentInfo>,
  explicitVolumes?: ReadonlySet<string>,
): Map<string, number> {
  const loads = new Map<string, number>();
  if (!w) return loads;
  const total = Object.values(w.targets).reduce((sum, t) => sum + t.volume_uL, 0);
  for (const [slug, t] of Object.entries(w.targets)) {
    const b = bySlug.get(slug);
    const key = b && solventKeyOf(b);
    if (!b || !key) continue;
    let p = 0;
    if (toDisplayType(b.type) === 'solvent') {
      if (!explicitVolumes?.has(slug) && total > 0)
        p = (100 * solventVolumeUL(t.volume_uL, b.stock_pct)) / total;
    } else if (t.target_nM != null && b.stock_nM) p = (100 * t.target_nM) / b.stock_nM;
    if (p > 0) loads.set(key, (loads.get(key) ?? 0) + p);
  }
  return loads;
}

/** The liquid a well holds as planned, uL. */
function volume(w: WireWells[string] | undefined): number {
  return Object.values(w?.targets ?? {}).reduce((sum, t) => sum + t.volume_uL, 0);
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

function checkWell(
  before: Well,
  after: Well,
  bench: readonly BenchReagentInfo[],
  bySlug: ReadonlyMap<string, BenchReagentInfo>,
  capacity: number,
  explicitVolumes: ReadonlySet<string> | undefined,
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
  // Each solvent against its own limit (DMSO 1 %, ethanol its own), only where the change
  // raised it.
  const overLimit: WellCheck['overLimit'] = [];
  const loads = solventLoads(after, bySlug, explicitVolumes);
  if (loads.size > 0) {
    const was = solventLoads(before, bySlug);
    for (const [key, p] of loads) {
      const limit = solventLimitPct(bench, key);
      if (p > limit * (1 + 1e-6) && p > (was.get(key) ?? 0) + 1e-9)
        overLimit.push({ key, pct: p, limit });
    }
  }
  // Over-filled: more liquid than the well holds (the volumes as planned).
  const overfilled = volume(after) > capacity + 1e-9 && volume(before) <= capacity + 1e-9;
  return { aboveStock, overLimit, overfilled };
}

/**
 * The refusal for a change that breaks a rule, or null. Each (before, after) pair of well
 * objects is checked once: a change of 1400 wells mostly shares a few of each.
 */
export function checkChange(c: CheckInput): string | null {
  const bySlug = new Map(c.bench.map((b) => [b.slug, b]));
  const capacity = WELL_CAPACITY_UL[c.defn.format];
  const checked = new Map<Well, Map<Well, WellCheck>>();
  const checks = c.changed.map((id) => {
    const before = c.before[id];
    const after = c.after[id];
    let byAfter = checked.get(before);
    if (!byAfter) checked.set(before, (byAfter = new Map()));
    let one = byAfter.get(after);
    if (!one) {
      one = checkWell(before, after, c.bench, bySlug, capacity, c.explicitVolumes);
      byAfter.set(after, one);
    }
    return one;
  });
  const stock = checks.find((k) => k.aboveStock !== null);
  if (stock) return stock.aboveStock;
  const solventOver: string[] = [];
  let worst: { ratio: number; pct: number; limit: number; key: string } | null = null;
  checks.forEach((k, n) => {
    if (k.overLimit.length === 0) return;
    solventOver.push(c.changed[n]);
    for (const o of k.overLimit)
      if (!worst || o.pct / o.limit > worst.ratio) worst = { ratio: o.pct / o.limit, ...o };
  });
  if (worst) {
    const { key, pct: p, limit, ratio } = worst;
    const name = solventName(c.bench, key);
    return `That would put ${summarizeIds(solventOver)} at ${pct(p)} ${name}, over the ${pct(limit)} limit; nothing written. Scale the concentrations by ${Number((1 / ratio).toPrecision(2))} or less (or use a more concentrated stock) to stay within it.`;
  }
  const overfilled = c.changed.filter((_, n) => checks[n].overfilled);
  if (overfilled.length > 0)
    return `That would over-fill ${summarizeIds(overfilled)}; nothing written. Use a smaller volume.`;
  return null;
}
