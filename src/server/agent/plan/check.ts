/**
 * Checks a planned change before it is written, by the plate's own verdict on the changed
 * wells (well-verdicts.ts: the metrics kernel's statuses, whose unmet marks the plate shows,
 * and the plan's unmet reasons): a target the plan cannot meet (one above its stock), said
 * as the plate's unmet reason says it, a solvent over its limit, an over-filled well, and
 * any other unmet mark (a volume under the instrument's least: a well the plan cannot meet
 * is never dispensed), said in the plate's words. A volume the request gives is held to the
 * same rules as a target or a %. Only what the change breaks counts (a well that was
 * already over its limit is not blamed on it). Returns the refusal, with what would work,
 * or null. Pure.
 */
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
  /** slugs the request gave as a volume of their own (not as a % or a target): the hint */
  givenVolumes?: ReadonlySet<string>;
  /** the experiment's dispensing settings (null: the format's defaults), as the plate reads */
  dispensing?: Partial<DispenseSettings> | null;
}

/** A % v/v as the replies say it: two significant digits. */
export const pct = (x: number) => `${Number(x.toPrecision(2))} %`;

/** The name a solvent key goes by on this bench ("DMSO"), else the key in capitals. */
export function solventName(bench: readonly BenchReagentInfo[], key: string): string {
  const r = bench.find(
    (b) =>
      toDisplayType(b.type) === 'solvent' && solventOfReagent(b.type, b.solvent, b.slug) === key,
  );
  return r?.name ?? key.toUpperCase();
}

type Well = WireWells[string] | undefined;

/** What one well's change breaks: the plate's rules, for a well as it was and as it becomes. */
interface WellCheck {
  /** a target the change set that the plan cannot meet, in the plan's words */
  missed: string | null;
  /** the solvents the change takes over their limit */
  overLimit: { key: string; pct: number; limit: number }[];
  overfilled: boolean;
  /**
   * the plan's reason for a well the change leaves unmet otherwise (a volume below the
   * instrument's minimum: never dispensed), in the plate's unmet_reasons words
   */
  unmet: string | null;
}

/** Whether the change wrote this target of the well (not one it only diluted). */
function setBy(before: Well, after: Well, slug: string): boolean {
  const [a, b] = [before?.targets[slug], after?.targets[slug]];
  return a?.target_nM !== b?.target_nM || a?.volume_uL !== b?.volume_uL;
}

function checkWell(
  bench: readonly BenchReagentInfo[],
  before: Well,
  after: Well,
  then: WellVerdict,
  now: WellVerdict,
): WellCheck {
  let missed: string | null = null;
  // the targets the change set first: 2 mM staurosporine from its 1 mM stock fills the well
  // and dilutes its compound B, but the reason is staurosporine's
  const newly = now.missed.filter((s) => !then.missed.includes(s));
  const slug = newly.find((s) => setBy(before, after, s)) ?? newly[0];
  if (slug !== undefined) {
    const row = now.reasons().find((r) => r.reagent === slug);
    missed = `${bench.find((b) => b.slug === slug)?.name ?? slug} ${row?.text ?? 'would miss its target'}`;
  }
  const overLimit: WellCheck['overLimit'] = [];
  if (now.overLimit)
    for (const [key, p] of now.loads) {
      const limit = solventLimitPct(bench, key);
      if (p > limit * (1 + 1e-6) && p > (then.loads.get(key) ?? 0) + 1e-9)
        overLimit.push({ key, pct: p, limit });
    }
  const overfilled = now.overfilled && !then.overfilled;
  let unmet: string | null = null;
  if (now.unmet && missed === null && overLimit.length === 0 && !overfilled) {
    // only a reason the well did not have already is the change's
    const had = new Set(then.reasons().map((r) => r.text));
    const fresh = now.reasons().filter((r) => !had.has(r.text));
    unmet = (fresh.find((r) => setBy(before, after, r.reagent)) ?? fresh[0])?.text ?? null;
  }
  return { missed, overLimit, overfilled, unmet };
}

/** "That would leave A1 and A2 unmet: ...": the wells the first reason names. */
function leaveUnmet(
  changed: readonly string[],
  checks: readonly WellCheck[],
  reason: (k: WellCheck) => string | null,
): string | null {
  const first = checks.map(reason).find((r) => r !== null);
  if (first == null) return null;
  const ids = changed.filter((_, n) => reason(checks[n]) === first);
  return `That would leave ${summarizeIds(ids)} unmet: ${first}. Nothing written.`;
}

/** The hint for a solvent over its limit: the request's own volume, else its targets. */
function solventHint(c: CheckInput, key: string, ratio: number): string {
  const given = [...(c.givenVolumes ?? [])].some((slug) => {
    const b = c.bench.find((r) => r.slug === slug);
    return b && solventOfReagent(b.type, b.solvent, b.slug) === key;
  });
  if (given)
    return `Give ${solventName(c.bench, key)} as a % of the well (at most ${pct(solventLimitPct(c.bench, key))}) rather than a volume.`;
  return `Scale the concentrations by ${Number((1 / ratio).toPrecision(2))} or less (or use a more concentrated stock) to stay within it.`;
}

/**
 * The refusal for a change that breaks a rule, or null. Each (before, after) pair of well
 * objects is checked once: a change of 1400 wells mostly shares a few of each.
 */
export function checkChange(c: CheckInput): string | null {
  const settings = c.dispensing ?? null;
  const was = wellVerdicts(
    c.defn,
    c.changed.map((id) => c.before[id]),
    c.bench,
    settings,
  );
  const is = wellVerdicts(
    c.defn,
    c.changed.map((id) => c.after[id]),
    c.bench,
    settings,
  );
  const checked = new Map<Well, Map<Well, WellCheck>>();
  const checks = c.changed.map((id) => {
    const before = c.before[id];
    const after = c.after[id];
    let byAfter = checked.get(before);
    if (!byAfter) checked.set(before, (byAfter = new Map()));
    let one = byAfter.get(after);
    if (!one) {
      one = checkWell(c.bench, before, after, was(before), is(after));
      byAfter.set(after, one);
    }
    return one;
  });
  const missed = leaveUnmet(c.changed, checks, (k) => k.missed);
  if (missed) return missed;
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
    return `That would put ${summarizeIds(solventOver)} at ${load} ${name}, over the ${pct(limit)} limit; nothing written. ${solventHint(c, key, ratio)}`;
  }
  const overfilled = c.changed.filter((_, n) => checks[n].overfilled);
  if (overfilled.length > 0)
    return `That would over-fill ${summarizeIds(overfilled)}; nothing written. Use a smaller volume.`;
  // a well the plan cannot meet is never dispensed: any other unmet mark is refused too
  return leaveUnmet(c.changed, checks, (k) => k.unmet);
}
