/**
 * Wells in wire form: canonical ids and the checks a PUT /plate body must pass beyond its
 * schema (DOMAIN.md "On the wire": a well outside the format, an unknown reagent, a negative
 * or non-finite number is refused, naming the well and the field).
 */
import type { PlateDefn } from './plate-format';
import type { WireTarget, WireWell, WireWells } from './plate-wire';
import { effectiveTolerance } from './prediction';
import { canonicalWellId, indexOfWellId } from './well-id';

/** One refused part of a plate body. */
export interface PlateWellIssue {
  /** dotted path in the body, e.g. "wells.C5.targets.dmso.volume_uL" */
  path: string;
  /** the well id as sent */
  well: string;
  /** "id", or the field inside the well, e.g. "targets.dmso.volume_uL" */
  field: string;
  message: string;
}

/** Whether a well holds any reagent (for-in: no array of keys, asked of every well of a plate). */
export function hasTargets(w: WireWell): boolean {
  for (const _ in w.targets) return true;
  return false;
}

/** A well with nothing in it: no reagent, label, sample or tag (a plate leaves it out). */
export function isEmptyWell(w: WireWell): boolean {
  return !hasTargets(w) && !w.label && !w.sample && !w.tags?.length;
}

// The tolerance is always spelled out (absent and 5 are the same decision, so they must hash
// the same); a dilution of 1 is no dilution and is left out.
function normaliseTarget(t: WireTarget): WireTarget {
  const out: WireTarget = {
    target_nM: t.target_nM ?? null,
    tol_pct: effectiveTolerance(t.tol_pct),
    volume_uL: t.volume_uL,
  };
  if (t.dilution != null && t.dilution !== 1) out.dilution = t.dilution;
  return out;
}

const CANONICAL_WELL_KEYS = ['label', 'sample', 'tags', 'targets'];
const CANONICAL_TARGET_KEYS = ['target_nM', 'tol_pct', 'volume_uL', 'dilution'];

/**
 * Whether a well is already as canonicalWell writes it (members in its order, defaults
 * spelled out): such a well can be kept as it is, with no copy made.
 */
export function isCanonicalWell(w: WireWell): boolean {
  // for-in, no arrays of keys: every well a tool puts is asked (an inherited member, which
  // for-in also lists, only makes the answer "no", and the well is then copied)
  let k = 0;
  for (const key in w) if (key !== CANONICAL_WELL_KEYS[k++]) return false;
  if (k !== CANONICAL_WELL_KEYS.length) return false;
  if (typeof w.label !== 'string' || typeof w.sample !== 'string') return false;
  if (!Array.isArray(w.tags) || Object.getPrototypeOf(w.targets) !== Object.prototype) return false;
  for (const slug in w.targets) {
    const t = w.targets[slug];
    let n = 0;
    for (const field in t) if (field !== CANONICAL_TARGET_KEYS[n++]) return false;
    if (n !== 3 && n !== 4) return false;
    if (t.target_nM === undefined || t.tol_pct !== effectiveTolerance(t.tol_pct)) return false;
    if (n === 4 && (t.dilution == null || t.dilution === 1)) return false;
  }
  return true;
}

/**
 * One non-empty well with its defaults filled (label "", sample "", tags [], tol_pct 5), as
 * canonicalizeWells writes each well; a new object, the input is not changed.
 */
export function canonicalWell(well: WireWell): WireWell {
  const targets: Record<string, WireTarget> = {};
  const given = well.targets;
  for (const slug in given)
    if (Object.hasOwn(given, slug)) targets[slug] = normaliseTarget(given[slug]);
  // members in sorted order: the hash's canonical JSON then shares the well, not copies it
  return {
    label: well.label ?? '',
    sample: well.sample ?? '',
    tags: [...(well.tags ?? [])],
    targets,
  };
}

/**
 * Wells with canonical ids (a01 -> A1), in row-major order, defaults filled (label "",
 * sample "", tags [], tol_pct 5), empty wells and wells off the plate left out. When two ids name the
 * same well the later one wins (validatePlateWells refuses such a body).
 */
export function canonicalizeWells(defn: PlateDefn, wells: WireWells): WireWells {
  const byIndex = new Map<number, [string, WireWell]>();
  for (const [id, well] of Object.entries(wells)) {
    const canonical = canonicalWellId(id, defn);
    if (!canonical || !well || isEmptyWell(well)) continue;
    byIndex.set(indexOfWellId(canonical, defn), [canonical, canonicalWell(well)]);
  }
  const out: WireWells = {};
  for (const i of [...byIndex.keys()].toSorted((a, b) => a - b)) {
    const [id, well] = byIndex.get(i)!;
    out[id] = well;
  }
  return out;
}

function numberProblem(
  value: unknown,
  rule: { nullable?: boolean; optional?: boolean; min: number; exclusive?: boolean },
): string | undefined {
  if (value === undefined && rule.optional) return undefined;
  if (value === null && (rule.nullable || rule.optional)) return undefined;
  if (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (rule.exclusive ? value > rule.min : value >= rule.min)
  ) {
    return undefined;
  }
  // the message is built only for a refused number (a plate has thousands of fine ones)
  const bound = rule.exclusive ? `> ${rule.min}` : `>= ${rule.min}`;
  return `must be a finite number ${bound}${rule.nullable ? ' or null' : ''}`;
}

// The number rules of a target's fields, built once (they are read for every target).
const TARGET_CHECKS: readonly [keyof WireTarget, Parameters<typeof numberProblem>[1]][] = [
  ['volume_uL', { min: 0 }],
  ['target_nM', { min: 0, nullable: true }],
  ['tol_pct', { min: 0, exclusive: true, optional: true }],
  ['dilution', { min: 1, optional: true }],
];

/**
 * Problems of wire wells against a plate and its bench: ids off the plate or twice the same
 * well, reagents not on the bench, negative or non-finite numbers. Empty when acceptable.
 */
export function validatePlateWells(
  defn: PlateDefn,
  wells: WireWells,
  benchSlugs: Iterable<string>,
): PlateWellIssue[] {
  const slugs = new Set(benchSlugs);
  const issues: PlateWellIssue[] = [];
  const seen = new Map<string, string>();
  const add = (well: string, field: string, message: string) =>
    issues.push({
      path: `wells.${well}${field === 'id' ? '' : `.${field}`}`,
      well,
      field,
      message,
    });

  for (const [id, well] of Object.entries(wells)) {
    const canonical = canonicalWellId(id, defn);
    if (!canonical) {
      add(id, 'id', `Well "${id}" is not on a ${defn.format}-well plate`);
      continue;
    }
    const first = seen.get(canonical);
    if (first !== undefined) add(id, 'id', `Wells "${first}" and "${id}" are the same well`);
    else seen.set(canonical, id);

    checkTargets(id, well, slugs, add);
  }
  return issues;
}

function checkTargets(
  id: string,
  well: WireWell | undefined,
  slugs: ReadonlySet<string>,
  add: (well: string, field: string, message: string) => void,
): void {
  const targets = well?.targets;
  // for-in, and a path written only for a problem: a plate puts thousands of sound targets
  for (const slug in targets) {
    if (!Object.hasOwn(targets, slug)) continue;
    const t = targets[slug];
    if (!slugs.has(slug)) {
      add(
        id,
        `targets.${slug}`,
        `Well ${id}: "${slug}" is not a reagent on this experiment's bench`,
      );
    }
    for (let k = 0; k < TARGET_CHECKS.length; k++) {
      const [field, rule] = TARGET_CHECKS[k];
      const problem = numberProblem(t?.[field], rule);
      if (problem) add(id, `targets.${slug}.${field}`, `Well ${id}: ${slug}.${field} ${problem}`);
    }
  }
}

/**
 * The first problem of one well's contents (validatePlateWells' checks of its targets, the
 * id being known good), or undefined: a plate op checks each well it puts this way without
 * building the bench's set again per well.
 */
export function wellContentProblem(
  id: string,
  well: WireWell,
  benchSlugs: ReadonlySet<string>,
): PlateWellIssue | undefined {
  let first: PlateWellIssue | undefined;
  checkTargets(id, well, benchSlugs, (w, field, message) => {
    first ??= { path: `wells.${w}.${field}`, well: w, field, message };
  });
  return first;
}
