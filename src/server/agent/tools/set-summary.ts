/**
 * The summary line of a reagent put into wells: "Added" where a well lacked it, "Changed ...
 * from ... to ..." where it held another amount (wells grouped by the amount they held), so
 * the reply never says "Added" for a target it replaced. Pure.
 */
import { formatConcentration } from '../../../domain/accuracy';
import { percentOfVolume } from '../../../domain/dispensing/well-targets';
import type { BenchReagentInfo, WireWell } from '../../../domain/plate-wire';
import { summarizeIds } from './well-list';

/** One reagent to put into wells: a molar target, a % (v/v) of a % stock, or a volume. */
export interface ReagentSet {
  slug: string;
  target_nM?: number | null;
  percent?: number;
  volume_uL?: number;
  tol_pct?: number;
}

/** "10.0 µM", "0.1 %", "2.0 µL" for a summary line. */
export function describeAmount(s: Partial<ReagentSet>): string {
  if (s.target_nM != null) return formatConcentration(s.target_nM);
  if (s.percent != null) return `${Number(s.percent.toPrecision(3))} %`;
  if (s.volume_uL != null) return `${Number(s.volume_uL.toPrecision(4))} µL`;
  return '';
}

/** The volume of a well: the sum of its entries. */
export function wellVolume(well: WireWell | undefined): number {
  let v = 0;
  for (const t of Object.values(well?.targets ?? {})) v += t.volume_uL > 0 ? t.volume_uL : 0;
  return v;
}

/**
 * The amount of a reagent a well holds, said as the well holds it: its molar target, else
 * the % (v/v) its volume makes of a % stock in the well's volume, else its volume. Null
 * when the well lacks the reagent.
 */
export function heldAmount(
  well: WireWell | undefined,
  slug: string,
  info: Pick<BenchReagentInfo, 'stock_pct'> | undefined,
): string | null {
  const t = well?.targets[slug];
  if (!t) return null;
  if (t.target_nM != null) return describeAmount({ target_nM: t.target_nM });
  const total = wellVolume(well);
  if (info?.stock_pct != null && total > 0)
    return describeAmount({ percent: percentOfVolume(t.volume_uL, info.stock_pct, total) });
  return describeAmount({ volume_uL: t.volume_uL });
}

/** Beyond this many amounts held before, the reply counts them instead of listing them. */
const MAX_AMOUNTS_SAID = 3;

/** A well the write puts the reagent into, with the amount it held before (null: none). */
export interface HeldBefore {
  id: string;
  before: string | null;
}

/**
 * "Added 20.0 µM Compound A to A4; changed Compound A in A1, A2 from 10.0 µM to 20.0 µM":
 * the wells that lacked the reagent first, then one part per amount held before (in the
 * order the wells come), then the wells that already held this very amount.
 */
export function setSummary(name: string, amount: string, wells: readonly HeldBefore[]): string {
  const lacked: string[] = [];
  const same: string[] = [];
  const byBefore = new Map<string, string[]>();
  for (const { id, before } of wells) {
    if (before === null) lacked.push(id);
    else if (before === amount) same.push(id);
    else byBefore.set(before, [...(byBefore.get(before) ?? []), id]);
  }
  const parts: string[] = [];
  if (lacked.length > 0) parts.push(`added ${amount} ${name} to ${summarizeIds(lacked)}`);
  if (byBefore.size > MAX_AMOUNTS_SAID) {
    // a series written over: its amounts are not listed one by one
    const ids = wells.filter((w) => w.before !== null && w.before !== amount).map((w) => w.id);
    parts.push(
      `changed ${name} in ${summarizeIds(ids)} from ${byBefore.size} different amounts to ${amount}`,
    );
  } else
    for (const [before, ids] of byBefore)
      parts.push(`changed ${name} in ${summarizeIds(ids)} from ${before} to ${amount}`);
  if (same.length > 0) parts.push(`kept ${amount} ${name} in ${summarizeIds(same)} (as it was)`);
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
