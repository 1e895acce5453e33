/**
 * The liquid that fills wells up to their volume (the vehicle of a planned well, the bulk
 * step of the plan). One rule, read by the server's writes, the designer's tools and the
 * assistant: the experiment's choice when it can fill, else the first medium, else the first
 * buffer, else an aqueous liquid of the bench (water on the bench), else water itself, which
 * the plan and the bulk sheet then name although the bench does not hold it. Never a solvent
 * with a limit (a DMSO fill made every well 99 % DMSO and every edit was refused), nor any
 * organic solvent, nor a concentrated stock (a 1 M HEPES or 10x PBS stock filling every well
 * made it 1 M HEPES, and a 20 mM HEPES target was then refused as 4900 % over).
 */
import { solventKey } from '../chemistry/solvents';

/** What the rule reads of a bench reagent. */
export interface FillCandidate {
  slug: string;
  name: string;
  /** server or display type: media, buffer, solvent, chemical, ... */
  type: string;
  max_concentration_percent?: number | null;
  /** a molar stock, nM: a concentrate diluted into wells, never their bulk */
  stock_nM?: number | null;
  /** a mass stock without a molecular weight, ng/mL: a concentrate too */
  stock_ng_per_mL?: number | null;
}

/** The liquid that fills wells; `onBench` false for water the bench does not hold. */
export interface FillLiquid {
  slug: string;
  name: string;
  onBench: boolean;
}

/**
 * Water as a bench reagent (a BenchReagentInfo, written out: plate-wire reads the reagent
 * types that read this rule): what fills wells when the bench has no medium or buffer.
 */
export const WATER = {
  slug: 'water',
  name: 'Water',
  type: 'solvent',
  stock_nM: null,
  stock_pct: null,
  solvent: null,
  max_concentration_percent: null,
  min_transfer_ul: null,
  ionic_strength_mM: null,
} as const;

/** The kinds of liquid that fill, in the order they are preferred. */
const FILL_ORDER = ['media', 'buffer', 'solvent'] as const;

/**
 * Whether a reagent may fill wells: a medium, a buffer or an aqueous liquid, with no limit
 * and no stock concentration (a buffer stock is diluted to its target like any reagent).
 */
function canFill(r: FillCandidate): boolean {
  if (r.max_concentration_percent != null) return false;
  if ((r.stock_nM ?? 0) > 0 || (r.stock_ng_per_mL ?? 0) > 0) return false;
  if (r.type === 'media' || r.type === 'buffer') return true;
  // a "solvent" that is water in all but name (water, PBS, saline) brings no solvent load
  return r.type === 'solvent' && solventKey(r.slug) === null && solventKey(r.name) === null;
}

function byName(a: FillCandidate, b: FillCandidate): number {
  return (
    a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.slug.localeCompare(b.slug)
  );
}

/**
 * The liquid that fills the wells of a bench: `chosen` (the experiment's vehicle) when it
 * can fill, else the first medium, buffer or aqueous liquid by name, else water.
 */
export function fillLiquid(
  bench: readonly FillCandidate[],
  chosen: string | null = null,
): FillLiquid {
  const own = chosen ? bench.find((r) => r.slug === chosen) : undefined;
  if (own && canFill(own)) return { slug: own.slug, name: own.name, onBench: true };
  for (const kind of FILL_ORDER) {
    const first = bench.filter((r) => r.type === kind && canFill(r)).toSorted(byName)[0];
    if (first) return { slug: first.slug, name: first.name, onBench: true };
  }
  return { slug: WATER.slug, name: WATER.name, onBench: bench.some((r) => r.slug === WATER.slug) };
}

/**
 * The bench the plate arithmetic reads: the bench itself, with water added when water fills
 * the wells and the bench does not hold it, so that wells may hold it and the plan
 * dispenses it.
 */
export function benchWithFill<T extends FillCandidate>(
  bench: readonly T[],
  chosen: string | null = null,
): (T | typeof WATER)[] {
  const fill = fillLiquid(bench, chosen);
  return fill.onBench ? [...bench] : [...bench, WATER];
}
