/**
 * Intermediate sources to prepare (DISPENSING.md "Screening practice"): each is made from a
 * less diluted source of the same reagent on the plan (or the stock), so a 1:10000 source is
 * a 1:100 of the 1:100 rather than a drop of stock in litres of solvent. Both volumes are
 * pipetted: whole 0.1 uL, at least 0.5 uL each (the plate's plan: at least 10 uL, a
 * pipette's good band, while that makes at most 1 mL), and chosen so that they make the factor
 * exactly (1:1000 from 1:405 is 8.1 uL to 11.9 uL), since every prediction of the plate is
 * made from the factor: a working stock made a little off would put every well it feeds off.
 */
import type { Intermediate } from './plan-types';

/** A pipette's step and minimum for preparing intermediates, uL. */
export const PREPARATION_STEP_UL = 0.1;
export const PREPARATION_MIN_UL = 0.5;

/** A pipetted volume in whole steps (the step being 0.1 uL, units keep the sums exact). */
const MIN_UNITS = Math.round(PREPARATION_MIN_UL / PREPARATION_STEP_UL);
/**
 * The least pipetted volumes tried, in whole steps, best band first: 10 uL (a pipette's good
 * band, 1 %), 2 uL (moderate, 5 %), then the 0.5 uL minimum (poor, 10 %). A 1:10 made as
 * 0.5 uL to 4.5 uL is off by 10.06 %, as 10 uL to 90 uL by 1.27 %: four such steps put the
 * lowest points of a series at 2.5 % rather than 20 %.
 */
const BAND_UNITS = [100, 20, MIN_UNITS];
/** A preparation in a better band is kept while it makes no more than this, in steps (1 mL). */
const MAX_BANDED_UNITS = 10_000;
/** The most one good-band step dilutes: 10 uL to at most 1 mL (past it, no recipe is tried). */
const MAX_GOOD_RATIO = MAX_BANDED_UNITS / BAND_UNITS[0];
/**
 * The steps a working stock of `factor` takes from the stock when each is made in a
 * pipette's good band in a tube (10 uL to at most 1 mL: at most 1:100 a step): 1:10 and
 * 1:100 one, 1:1000 and 1:10000 two; the stock itself none.
 */
export function preparationSteps(factor: number): number {
  if (!(factor > 1)) return 0;
  return Math.ceil(Number((Math.log(factor) / Math.log(MAX_GOOD_RATIO)).toFixed(9)));
}
/** How much more than the least a preparation may make to be exact: 20 uL. */
const EXTRA_UNITS = 200;
/** A diluent volume within this of a whole step is that step (float quotients, 1000 / 405). */
const WHOLE = 1e-6;
/** Inexact volumes this near the factor (0.1 %) are taken: a pipette's own error is 1 %. */
const NEAR = 1e-3;

/** How a factor is made from a source: whole steps of each, and the factor they make. */
interface Recipe {
  /** the factor it is made from (1: the stock) */
  from: number;
  fromUnits: number;
  diluentUnits: number;
  /** the factor these volumes make: from * (taken + diluent) / taken */
  made: number;
}

function recipeOf(from: number, fromUnits: number, diluentUnits: number): Recipe {
  return { from, fromUnits, diluentUnits, made: (from * (fromUnits + diluentUnits)) / fromUnits };
}

/**
 * The least volumes, in whole steps, that make `factor` from `from` and at least `needUL`
 * of it: exactly when some taken volume within the search does (the first), else the first
 * within 0.1 % of the factor or the nearest (`exact` false).
 */
function recipeFrom(
  factor: number,
  from: number,
  needUL: number,
  minUnits = MIN_UNITS,
): { recipe: Recipe; exact: boolean } {
  const ratio = factor / from;
  const least = Math.max(
    minUnits,
    Math.ceil(Number((needUL / PREPARATION_STEP_UL / ratio).toFixed(6))),
    // the diluent is pipetted too
    Math.ceil(Number((minUnits / (ratio - 1)).toFixed(6))),
  );
  // no more than 20 uL made past the least: exact volumes are not worth a vial of waste
  const last = least + Math.floor(EXTRA_UNITS / ratio);
  let near: Recipe | undefined;
  let best: Recipe | undefined;
  let bestErr = Infinity;
  for (let a = least; a <= last; a++) {
    const b = a * (ratio - 1);
    const whole = Math.round(b);
    if (Math.abs(b - whole) <= WHOLE) return { recipe: recipeOf(from, a, whole), exact: true };
    const r = recipeOf(from, a, Math.max(MIN_UNITS, whole));
    const err = Math.abs(r.made / factor - 1);
    if (err < bestErr) [best, bestErr] = [r, err];
    // near enough for a factor no whole volumes make: more volume would only waste stock
    if (!near && err <= NEAR) near = r;
  }
  return { recipe: near ?? best!, exact: false };
}

/**
 * How to make `factor` from one of `sources` (less diluted factors, 1 for the stock): exact
 * volumes, the least total made (the nearer source on a tie: fewer steps from the stock);
 * when none is exact, the nearest source's closest volumes.
 */
function chooseRecipe(
  factor: number,
  sources: readonly number[],
  needUL: number,
  minUnits = MIN_UNITS,
): { recipe: Recipe; exact: boolean } {
  const tried = sources.map((from) => recipeFrom(factor, from, needUL, minUnits));
  let best: Recipe | undefined;
  for (const { recipe, exact } of tried) {
    if (!exact) continue;
    const total = recipe.fromUnits + recipe.diluentUnits;
    if (!best || total < best.fromUnits + best.diluentUnits) best = recipe;
  }
  return best ? { recipe: best, exact: true } : tried[0];
}

/**
 * The recipe of `factor` from `from` when it pipettes both volumes exactly in a pipette's good
 * band and makes at most 1 mL; undefined otherwise (a ratio past the good band's is not tried).
 */
function goodBandRecipe(factor: number, from: number, needUL: number): Recipe | undefined {
  if (factor / from > MAX_GOOD_RATIO * (1 + WHOLE)) return undefined;
  const r = recipeFrom(factor, from, needUL, BAND_UNITS[0]);
  return r.exact && r.recipe.fromUnits + r.recipe.diluentUnits <= MAX_BANDED_UNITS
    ? r.recipe
    : undefined;
}

/**
 * The fewest preparations each factor takes from the stock when every one is made exactly in
 * a pipette's good band (10 uL and more, at most 1 mL) from the stock or a less diluted
 * factor of the plan: 1:100 one (10 uL to 990 uL), 1:10000 two (1:100 of the 1:100), a
 * 1:135 with a 1:45 on the plan two. Infinity for a factor no such chain makes.
 */
function goodBandDepths(factors: readonly number[], needs: ReadonlyMap<number, number>) {
  const depth = new Map<number, number>([[1, 0]]);
  for (const f of factors.toSorted((a, b) => a - b)) {
    let best = Infinity;
    for (const [g, d] of depth) {
      if (g >= f || d + 1 >= best) continue;
      if (goodBandRecipe(f, g, needs.get(f) ?? 0)) best = d + 1;
    }
    depth.set(f, best);
  }
  return depth;
}

/**
 * The good-band recipe of `factor` from the source fewest steps from the stock (the least
 * made on a tie): every pipetting of a chain adds its error (chain-accuracy.ts), so a 1:100
 * is 10 uL of stock to 990 uL (1.40 %) rather than 1:10 of a 1:10 (1.80 %). Undefined when no
 * source makes it exactly in the good band.
 */
function fewestStepsRecipe(
  factor: number,
  sources: readonly number[],
  needUL: number,
  depth: ReadonlyMap<number, number>,
): Recipe | undefined {
  let best: Recipe | undefined;
  let bestRank: [number, number] = [Infinity, Infinity];
  for (const from of sources) {
    const r = goodBandRecipe(factor, from, needUL);
    if (!r) continue;
    const rank: [number, number] = [depth.get(from) ?? Infinity, r.fromUnits + r.diluentUnits];
    if (!best || rank[0] < bestRank[0] || (rank[0] === bestRank[0] && rank[1] < bestRank[1]))
      [best, bestRank] = [r, rank];
  }
  return best;
}

/**
 * chooseRecipe in the best band whose volumes make at most 1 mL (a tube, not a flask: a
 * 1:3650 from the stock in 10 uL would be 36.5 mL), else at the 0.5 uL minimum; in the good
 * band, from the source fewest steps from the stock (fewestStepsRecipe).
 */
function bandedRecipe(
  factor: number,
  sources: readonly number[],
  needUL: number,
  depth: ReadonlyMap<number, number>,
): { recipe: Recipe; exact: boolean } {
  const fewest = fewestStepsRecipe(factor, sources, needUL, depth);
  if (fewest) return { recipe: fewest, exact: true };
  for (const units of BAND_UNITS) {
    const r = chooseRecipe(factor, sources, needUL, units);
    if (units === MIN_UNITS || r.recipe.fromUnits + r.recipe.diluentUnits <= MAX_BANDED_UNITS)
      return r;
  }
  return chooseRecipe(factor, sources, needUL);
}

/** A working stock the pipette's steps cannot make exactly, and what they make instead. */
export interface InexactPreparation {
  reagent: string;
  factor: number;
  made: number;
}

/** Whole steps to uL, without float dust (7 * 0.1 is 0.7000000000000001). */
function ul(units: number): number {
  return Number((units * PREPARATION_STEP_UL).toFixed(6));
}

/**
 * The preparations of one reagent: `needs` maps a factor (> 1) to the volume its source
 * wells must be filled with, uL. Works from the most diluted up, adding what each
 * preparation takes to the need of the source it is made from. A factor no whole volumes
 * make (one typed as 1:45.045) is made as near as they can and listed in `inexact`.
 */
export function intermediatesOf(
  reagent: string,
  stockNM: number,
  needs: ReadonlyMap<number, number>,
  diluent: string,
  /** prefer volumes in a pipette's better bands (bandedRecipe): the plate's plan does */
  banded = false,
): { intermediates: Intermediate[]; inexact: InexactPreparation[] } {
  const factors = [...needs.keys()].filter((f) => f > 1).toSorted((a, b) => b - a);
  const need = new Map(needs);
  const depth = banded ? goodBandDepths(factors, needs) : new Map<number, number>();
  const out: Intermediate[] = [];
  const inexact: InexactPreparation[] = [];
  for (const f of factors) {
    // the less diluted sources, nearest first, then the stock
    const sources = [...factors.filter((g) => g < f), 1];
    const { recipe, exact } = banded
      ? bandedRecipe(f, sources, need.get(f)!, depth)
      : chooseRecipe(f, sources, need.get(f)!);
    if (!exact) inexact.push({ reagent, factor: f, made: recipe.made });
    const fromUL = ul(recipe.fromUnits);
    out.push({
      reagent,
      concentration: stockNM / f,
      factor: f,
      from_concentration: stockNM / recipe.from,
      from_uL: fromUL,
      diluent,
      diluent_uL: ul(recipe.diluentUnits),
      total_uL: ul(recipe.fromUnits + recipe.diluentUnits),
    });
    if (recipe.from > 1) need.set(recipe.from, (need.get(recipe.from) ?? 0) + fromUL);
  }
  // Prepared in order: the least diluted first, since the next is made from it.
  return { intermediates: out.toSorted((a, b) => a.factor - b.factor), inexact };
}
