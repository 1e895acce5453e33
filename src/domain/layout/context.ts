/**
 * What every screening tool receives and answers. A tool is a pure function of the plate as it
 * is (`ctx`) and its parameters; it answers the primitive plate ops that carry it out, so the
 * designer's preview, the assistant and `PATCH /plate` all apply the same change.
 */
import type { PlateDefn } from '../plate-format';
import type { PrimitiveOp } from '../plate/ops';
import type { WireWells } from '../plate-wire';
import type { SolventLoad } from './vehicle-control';

export interface LayoutContext {
  defn: PlateDefn;
  /** The current plate. */
  wells: WireWells;
  /** Slugs of the experiment's bench reagents; a tool names no other reagent. */
  benchSlugs: ReadonlySet<string> | readonly string[];
  /**
   * The bench's solvents and the load the plate's compound wells carry of each
   * (solventLoadsOf): a vehicle control is judged by them (layout/vehicle-control.ts).
   * Absent, a control's % v/v passes as given.
   */
  solventLoads?: readonly SolventLoad[];
}

/** A line of an imported file that was not taken, with why (1-based line number). */
export interface RejectedLine {
  line: number;
  reason: string;
}

export type ExpandResult =
  | {
      ok: true;
      ops: PrimitiveOp[];
      /** Things the user should look at before applying (treatments on the edge...). */
      warnings: string[];
      /** Facts to show with the preview (the seed of a randomisation). */
      notes?: string[];
      /** Lines of an imported file left out (an import with accept_partial). */
      rejected?: RejectedLine[];
    }
  | { ok: false; message: string; well?: string; rejected?: RejectedLine[] };

export function fail(message: string, well?: string): ExpandResult {
  return well === undefined ? { ok: false, message } : { ok: false, message, well };
}

// Bench slugs by their lower case, built once per bench (imports look up every line).
const slugMaps = new WeakMap<object, Map<string, string>>();

/** Case-insensitive lookup of a bench slug; undefined when the reagent is not on the bench. */
export function benchSlug(
  ctx: Pick<LayoutContext, 'benchSlugs'>,
  text: string,
): string | undefined {
  let map = slugMaps.get(ctx.benchSlugs);
  if (!map) {
    map = new Map();
    for (const s of ctx.benchSlugs) map.set(s.toLowerCase(), s);
    slugMaps.set(ctx.benchSlugs, map);
  }
  const wanted = text.trim().toLowerCase();
  return map.get(wanted) ?? map.get(slugify(wanted));
}

/** "Staurosporine (STS)" -> "staurosporine-sts": how names become slugs. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function unknownReagent(name: string): string {
  return `Unknown reagent "${name}": add it to the bench first`;
}
