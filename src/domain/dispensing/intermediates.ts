/**
 * Intermediate sources to prepare (DISPENSING.md "Screening practice"): each is made from
 * the next less diluted source of the same reagent on the plan (or the stock), so a 1:10000
 * source is a 1:100 of the 1:100 rather than a drop of stock in litres of solvent. Volumes
 * are pipetted: whole 0.1 uL, at least 0.5 uL taken.
 */
import { ceilToStep } from './rounding';
import type { Intermediate } from './plan-types';

/** A pipette's step and minimum for preparing intermediates, uL. */
export const PREPARATION_STEP_UL = 0.1;
export const PREPARATION_MIN_UL = 0.5;

/**
 * The preparations of one reagent: `needs` maps a factor (> 1) to the volume its source
 * wells must be filled with, uL. Works from the most diluted up, adding what each
 * preparation takes to the need of the source it is made from.
 */
export function intermediatesOf(
  reagent: string,
  stockNM: number,
  needs: ReadonlyMap<number, number>,
  diluent: string,
): Intermediate[] {
  const factors = [...needs.keys()].filter((f) => f > 1).toSorted((a, b) => b - a);
  const need = new Map(needs);
  const out: Intermediate[] = [];
  for (const f of factors) {
    const from = factors.find((g) => g < f) ?? 1;
    const step = f / from;
    const fromUL = Math.max(
      PREPARATION_MIN_UL,
      ceilToStep(need.get(f)! / step, PREPARATION_STEP_UL),
    );
    const total = Number((fromUL * step).toFixed(6));
    out.push({
      reagent,
      concentration: stockNM / f,
      factor: f,
      from_concentration: stockNM / from,
      from_uL: fromUL,
      diluent,
      diluent_uL: Number((total - fromUL).toFixed(6)),
      total_uL: total,
    });
    if (from > 1) need.set(from, (need.get(from) ?? 0) + fromUL);
  }
  // Prepared in order: the least diluted first, since the next is made from it.
  return out.toSorted((a, b) => a.factor - b.factor);
}
