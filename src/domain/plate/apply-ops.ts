/**
 * Applying primitive plate ops (ops.ts) to wire wells, in order, all or nothing: the new
 * wells with the ids that changed and those that were emptied, or the first refused op
 * (its index, name and well). Pure: the input is never mutated, and wells no op touched are
 * the same objects in the result. Wells come out in canonical form (canonicalizeWells): label,
 * sample and tags spelled out, tol_pct spelled out, a dilution of 1 left out; a well left with
 * nothing in it is removed.
 */
import { canonicalJson, jsonEqual } from '../canonical-json';
import type { PlateDefn } from '../plate-format';
import type { BenchReagentInfo, WireTarget, WireWell, WireWells } from '../plate-wire';
import { canonicalWell, isCanonicalWell, isEmptyWell, wellContentProblem } from '../plate-wells';
import { effectiveTolerance } from '../prediction';
import {
  isMassStockUnit,
  massTargetWithoutWeight,
  parseAnyConcentrationUnit,
  targetBoundProblem,
  toNanomolarAny,
} from '../chemistry/concentration-units';
import { isMolarUnit, parseConcentrationUnit, toNanomolar } from '../units';
import { canonicalWellId, idOfIndex } from '../well-id';
import { checkedWells, sameCheckedWell } from './checked-wells';
import type { Amount, PrimitiveOp, SetOp } from './ops';
import { expandWellList } from './well-list';
import { inRowMajorOrder, inWellOrder } from './well-order';

/** What a plan of a stock volume for a target answers. */
export type PlannedVolume =
  { ok: true; volume_uL: number; dilution?: number } | { ok: false; message: string };

/**
 * The vehicle's fill of a well whose other liquids leave `restUL` of its planned volume: on
 * the step of the instrument that dispenses it, less the room the backfill takes of a well
 * holding `targets` (plate/plan-volume.ts, vehicleOnStepFor).
 */
export type VehicleOnStep = (
  restUL: number,
  targets?: Readonly<Record<string, WireTarget>>,
) => number;

/** Plans the stock volume giving `target_nM` of `reagent` in a well (the dispensing rules). */
export type PlanVolume = (request: {
  well: string;
  reagent: string;
  target_nM: number;
  /** the well's volume before this reagent is (re)planned, uL (0 for an empty well) */
  wellVolume_uL: number;
  /** of that, the liquids other than the vehicle (which fills what is left), uL */
  othersUL?: number;
}) => PlannedVolume;

export interface ApplyContext {
  /** reagents on the experiment's bench: a `set` may only put these */
  benchSlugs: ReadonlySet<string>;
  /** plans volumes for `set` ops with a target and no volume; without it such ops are refused */
  planVolume?: PlanVolume;
  /**
   * The experiment's vehicle, which fills a planned well up to its volume: after a `set`
   * whose volume was planned, the vehicle takes what the well's other liquids leave of
   * `wellVolume`; a `set` of the vehicle itself without a volume or target fills the rest.
   */
  vehicle?: string | null;
  /** the volume a planned well holds, from the liquid it holds now (uL) */
  wellVolume?: (currentUL: number) => number;
  /** the vehicle's fill on its instrument's step, leaving the backfill its room; absent: as is */
  vehicleOnStep?: VehicleOnStep;
  /**
   * The v/v % a vehicle control of a solvent gets: the load the plate's compound wells carry
   * of it (dispensing/vehicle-load.ts); null when the reagent is no such solvent. A `set` of
   * it without a target or volume then holds that share of the well, and the vehicle the rest.
   */
  vehicleLoadPct?: (reagent: string) => number | null;
  /** a bench reagent's name and molecular weight: a `set` target in ug/mL is made molar by it */
  reagentOf?: (reagent: string) => MassTargetFacts | undefined;
}

/** What a target in a mass unit needs of its reagent. */
export type MassTargetFacts = Pick<BenchReagentInfo, 'name' | 'molecular_weight_g_per_mol'>;

export type ApplyResult =
  | { ok: true; wells: WireWells; changed: string[]; removed: string[] }
  | { ok: false; opIndex: number; op: string; well?: string; message: string };

class OpRefused extends Error {
  constructor(
    message: string,
    readonly well?: string,
  ) {
    super(message);
  }
}

const emptyWell = (): WireWell => ({ label: '', sample: '', tags: [], targets: {} });

/**
 * Whether two wells differ in a member read at a glance (a label, or the number of tags: a
 * reformat tags every well with its source), which jsonEqual would answer only after a walk.
 */
function plainlyDiffer(a: WireWell, b: WireWell): boolean {
  if (a.label !== b.label || a.sample !== b.sample) return true;
  return Array.isArray(a.tags) && Array.isArray(b.tags) && a.tags.length !== b.tags.length;
}

function finite(value: unknown, min: number, what: string, exclusive = false): number {
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < min ||
    (exclusive && value === min)
  ) {
    throw new OpRefused(`${what} must be a finite number ${exclusive ? '>' : '>='} ${min}`);
  }
  return value;
}

/**
 * A typed amount in nM: molar units as they are, mass units (ng/mL to mg/mL) through the
 * reagent's molecular weight (c nM = 1000 c ng/mL / MW: 5 ug/mL of a 500 g/mol compound is
 * 10 uM); a mass unit without one is refused, saying what to add.
 */
export function amountToNanomolar(amount: Amount, reagent?: MassTargetFacts): number {
  const unit = parseConcentrationUnit(amount.unit);
  const value = () => finite(amount.value, 0, 'target value');
  let nM: number;
  if (unit && isMolarUnit(unit)) nM = toNanomolar(value(), unit);
  else {
    const mass = parseAnyConcentrationUnit(amount.unit);
    if (!mass || !isMassStockUnit(mass))
      throw new OpRefused(
        `target unit "${amount.unit}" is not a molar unit (nM, uM, mM, M) or a mass unit ` +
          '(ng/mL, ug/mL, mg/mL)',
      );
    // a mass target is made molar only through the reagent's molecular weight: stored in
    // mass it would be a well no prediction, plan or solvent check can read
    const mw = reagent?.molecular_weight_g_per_mol;
    if (mw == null || !(mw > 0))
      throw new OpRefused(massTargetWithoutWeight(reagent?.name, amount.unit));
    nM = toNanomolarAny(value(), mass, mw);
  }
  // the same bound as target_nM of every write path (a value of 1e15 M is 1e24 nM)
  const problem = targetBoundProblem(nM);
  if (problem !== null) throw new OpRefused(problem);
  return nM;
}

function targetOf(
  op: SetOp,
  existing: WireTarget | undefined,
  reagent: MassTargetFacts | undefined,
): number | null {
  if (op.target_nM !== undefined)
    return op.target_nM === null ? null : finite(op.target_nM, 0, 'target_nM');
  if (op.target !== undefined)
    return op.target === null ? null : amountToNanomolar(op.target, reagent);
  return existing?.target_nM ?? null;
}

// Volumes rounded to 6 decimals as Number(v.toFixed(6)) rounds them, each value once: the
// wells of a plate share a few volumes, and toFixed writes a string at each call.
const MICRO_KEPT = 4096;
const micro = new Map<number, number>();

/** Number(v.toFixed(6)). */
function toMicro(v: number): number {
  let r = micro.get(v);
  if (r === undefined) {
    r = Number(v.toFixed(6));
    if (micro.size >= MICRO_KEPT) micro.clear();
    micro.set(v, r);
  }
  return r;
}

function wellVolume(w: WireWell, except: string): number {
  let v = 0;
  // for-in: no array per well (an import sets every well of a plate)
  for (const slug in w.targets) if (slug !== except) v += w.targets[slug].volume_uL;
  return v;
}

/**
 * The vehicle takes what the other liquids of a well leave of `volumeUL` (none when they fill
 * it or more: the well is then over-filled and the plate says so).
 */
function refillVehicle(
  w: WireWell,
  vehicle: string,
  volumeUL: number,
  onStep: VehicleOnStep | undefined,
): void {
  const left = volumeUL - wellVolume(w, vehicle);
  const rest = onStep && left > 1e-9 ? onStep(left, w.targets) : left;
  const current = w.targets[vehicle];
  if (rest > 1e-9) {
    w.targets[vehicle] = {
      target_nM: current?.target_nM ?? null,
      tol_pct: effectiveTolerance(current?.tol_pct),
      volume_uL: toMicro(rest),
    };
  } else if (current && current.target_nM == null) {
    delete w.targets[vehicle];
  }
}

/**
 * What applyOps changes, without the whole new record of wells: the changed wells (new or
 * different, by id), the emptied ones, and whether a well was added (the record's key order
 * then changes). A caller keeping its wells another way (per well, shared between versions)
 * avoids copying the whole plate per edit.
 */
export type ApplyDelta =
  | {
      ok: true;
      updated: Record<string, WireWell>;
      /** canonical JSON of each updated well (made to compare it; kept for the caller) */
      updatedJson: Record<string, string>;
      changed: string[];
      removed: string[];
      added: boolean;
    }
  | { ok: false; opIndex: number; op: string; well?: string; message: string };

/** Applies primitive ops in order; see the module comment. */
export function applyOps(
  defn: PlateDefn,
  wells: WireWells,
  ops: readonly PrimitiveOp[],
  ctx: ApplyContext,
): ApplyResult {
  const drafted = draftOps(
    defn,
    (id) => wells[id],
    ops,
    ctx,
    () => Object.values(wells),
  );
  if (!drafted.ok) return drafted;
  const { checked } = drafted;
  // copied key by key: several times faster than a spread of a plate's 1536 keys
  const out: WireWells = {};
  for (const id of Object.keys(wells)) out[id] = wells[id];
  const changed: string[] = [];
  const removed: string[] = [];
  let added = false;
  for (const [id, w] of drafted.draft) {
    const before = wells[id];
    if (!w || isEmptyWell(w)) {
      if (before) {
        removed.push(id);
        delete out[id];
      }
      continue;
    }
    // compared as their canonical JSON would be, without writing it (nothing here keeps it);
    // two checked wells (a randomisation's moves) member by member
    if (
      before &&
      !plainlyDiffer(before, w) &&
      (checked?.has(before) && checked.has(w) ? sameCheckedWell(before, w) : jsonEqual(before, w))
    )
      continue;
    if (!before) added = true;
    out[id] = w;
    changed.push(id);
  }
  return {
    ok: true,
    wells: added ? inRowMajorOrder(defn, out) : out,
    changed: inWellOrder(defn, changed),
    removed: inWellOrder(defn, removed),
  };
}

/** applyOps reading the current wells one by one; see ApplyDelta. */
export function applyOpsDelta(
  defn: PlateDefn,
  wellAt: (id: string) => WireWell | undefined,
  ops: readonly PrimitiveOp[],
  ctx: ApplyContext,
  /** canonical JSON of a current well when the caller keeps it (saves making it again) */
  jsonAt?: (id: string) => string | undefined,
): ApplyDelta {
  const drafted = draftOps(defn, wellAt, ops, ctx);
  if (!drafted.ok) return drafted;
  const updated: Record<string, WireWell> = {};
  const updatedJson: Record<string, string> = {};
  const changed: string[] = [];
  const removed: string[] = [];
  let added = false;
  // a well object put in several places (see put) is written once
  const written = new Map<WireWell, string>();
  for (const [id, w] of drafted.draft) {
    const before = wellAt(id);
    if (!w || isEmptyWell(w)) {
      if (before) removed.push(id);
      continue;
    }
    let json = written.get(w);
    if (json === undefined) written.set(w, (json = canonicalJson(w)));
    if (before && (jsonAt?.(id) ?? canonicalJson(before)) === json) continue;
    if (!before) added = true;
    updated[id] = w;
    updatedJson[id] = json;
    changed.push(id);
  }
  return {
    ok: true,
    updated,
    updatedJson,
    changed: inWellOrder(defn, changed),
    removed: inWellOrder(defn, removed),
    added,
  };
}

type Drafted =
  | {
      ok: true;
      draft: Map<string, WireWell | null>;
      /** the wells found sound against the bench (checkedWells), when a put asked */
      checked: WeakSet<WireWell> | null;
    }
  | { ok: false; opIndex: number; op: string; well?: string; message: string };

/** The ops applied to copies of the wells they touch (null: emptied by a put), or the refusal. */
function draftOps(
  defn: PlateDefn,
  wellAt: (id: string) => WireWell | undefined,
  ops: readonly PrimitiveOp[],
  ctx: ApplyContext,
  /** every well object of the plate, when the caller has them at hand */
  heldWells?: () => Iterable<WireWell>,
): Drafted {
  // Copy on write: a touched well is cloned once per batch, untouched ones stay shared. A
  // put's wells are shared too (wells of the same contents are one object), so only a copy
  // this batch made is edited in place.
  const draft = new Map<string, WireWell | null>();
  const own = new Set<string>();
  // the well objects the plate holds, gathered when a put first asks
  let held: Set<WireWell> | null = null;
  const onPlate = (w: WireWell): boolean => {
    if (!held) {
      held = new Set(heldWells?.());
      if (!heldWells) {
        for (let i = 0; i < defn.rows * defn.cols; i++) {
          const at = wellAt(idOfIndex(defn, i));
          if (at) held.add(at);
        }
      }
    }
    return held.has(w);
  };
  // the wells found sound against this bench by earlier puts, looked up when a put first asks
  let known: WeakSet<WireWell> | null = null;
  const checked = (): WeakSet<WireWell> => (known ??= checkedWells(ctx.benchSlugs));
  const read = (id: string): WireWell | null =>
    draft.has(id) ? draft.get(id)! : (wellAt(id) ?? null);
  const set = (id: string, w: WireWell | null) => {
    draft.set(id, w);
    own.delete(id);
  };
  const edit = (id: string): WireWell => {
    if (own.has(id)) return draft.get(id)!;
    const base = read(id);
    const copy: WireWell = base
      ? {
          label: base.label ?? '',
          sample: base.sample ?? '',
          tags: [...(base.tags ?? [])],
          targets: { ...base.targets },
        }
      : emptyWell();
    draft.set(id, copy);
    own.add(id);
    return copy;
  };

  for (let opIndex = 0; opIndex < ops.length; opIndex++) {
    const op = ops[opIndex];
    const name = String((op as { op?: unknown })?.op);
    let current: string | undefined;
    try {
      if (op.op === 'put') {
        // Wells given with the same contents (a large change puts the same liquids in most)
        // are checked and made canonical once, and share the canonical well; the same object
        // given for many wells (the assistant's compose shares them) is not even serialized,
        // nor is a well the plate holds (wells of one contents there are one object already).
        const seen = new Map<string, string>();
        const distinct = new Map<string, WireWell | null>();
        const byObject = new Map<object, WireWell | null>();
        // Wells written as text, and how many of them matched an earlier one: when the first
        // ones all differ (a reformat tags each well with its source well), writing the rest
        // costs more than checking each (the result is the same, its wells not shared).
        let written = 0;
        let matched = 0;
        const given = op.wells ?? {};
        // for-in, in the order Object.entries gives: no pair per well of a whole plate
        for (const id in given) {
          if (!Object.hasOwn(given, id)) continue;
          const w = given[id];
          current = id;
          const cid = canonicalWellId(id, defn);
          if (!cid) throw new OpRefused(`Well "${id}" is not on a ${defn.format}-well plate`, id);
          const first = seen.get(cid);
          if (first !== undefined)
            throw new OpRefused(`Wells "${first}" and "${id}" are the same well`, id);
          seen.set(cid, id);
          if (!w) {
            set(cid, null);
            continue;
          }
          let canonical = byObject.get(w);
          if (canonical === undefined) {
            // a well an earlier put found sound and canonical against this bench (the plate's
            // wells a randomisation moves again) is put as it is, unread: wells are never
            // changed in place, so it still is (the plate's wells are not even gathered)
            if (checked().has(w)) {
              byObject.set(w, w);
              set(cid, w);
              continue;
            }
            // a well moved from elsewhere on the plate (a randomisation) is its own contents
            const fromPlate = onPlate(w);
            const keyed = !fromPlate && (written < 64 || matched * 8 >= written);
            const text = keyed ? JSON.stringify(w) : null;
            if (text !== null) {
              written++;
              canonical = distinct.get(text);
              if (canonical !== undefined) matched++;
            }
            if (canonical === undefined) {
              const issue = wellContentProblem(id, w, ctx.benchSlugs);
              if (issue) throw new OpRefused(issue.message, issue.well);
              // a well already in canonical form is put as it is, not copied: a well of the
              // plate moved (the metrics then read its numbers from where it was), a well
              // a reformat brought from another plate (wells are never changed in place)
              canonical = isEmptyWell(w) ? null : isCanonicalWell(w) ? w : canonicalWell(w);
              // (only a plate's wells are remembered as checked: the WeakSet costs more than
              // reading a well again, and a plate's own wells are the ones moved again)
              if (canonical === w && fromPlate) checked().add(w);
              if (text !== null) distinct.set(text, canonical);
            }
            byObject.set(w, canonical);
          }
          set(cid, canonical);
        }
        continue;
      }
      const list = expandWellList(defn, (op as { wells: string[] }).wells ?? []);
      if (!list.ok) throw new OpRefused(list.message, list.item);
      switch (op.op) {
        case 'set': {
          current = list.ids[0];
          if (!ctx.benchSlugs.has(op.reagent)) {
            throw new OpRefused(`"${op.reagent}" is not a reagent on this experiment's bench`);
          }
          const tol = op.tol_pct === undefined ? undefined : finite(op.tol_pct, 0, 'tol_pct', true);
          const dilution =
            op.dilution === undefined ? undefined : finite(op.dilution, 1, 'dilution');
          const volume =
            op.volume_uL === undefined ? undefined : finite(op.volume_uL, 0, 'volume_uL');
          const vehiclePct =
            op.vehicle_pct === undefined
              ? undefined
              : finite(op.vehicle_pct, 0, 'vehicle_pct', true);
          if (vehiclePct !== undefined && vehiclePct > 100)
            throw new OpRefused('vehicle_pct must be at most 100 (% v/v of the well)');
          const vehicle =
            ctx.vehicle && ctx.wellVolume && ctx.benchSlugs.has(ctx.vehicle) ? ctx.vehicle : null;
          for (const id of list.ids) {
            current = id;
            const w = edit(id);
            const existing = w.targets[op.reagent];
            const target_nM = targetOf(op, existing, ctx.reagentOf?.(op.reagent));
            let volume_uL = volume;
            let planned: number | undefined;
            // the well's liquid before this op, which fixes the volume it is planned to hold
            const before = wellVolume(w, op.reagent) + (existing?.volume_uL ?? 0);
            if (
              vehicle === op.reagent &&
              volume_uL === undefined &&
              target_nM === null &&
              existing === undefined
            ) {
              // the vehicle alone (a negative control, a fill): what the well's volume leaves,
              // on its instrument's step as refillVehicle gives it; a well holding only its
              // stocks (a % control's solvent) is filled to the assay volume
              const fillTo = Math.max(ctx.wellVolume!(before), ctx.wellVolume!(0));
              const rest = fillTo - wellVolume(w, op.reagent);
              if (!(rest > 1e-9)) throw new OpRefused(`${id} is full: no room for ${op.reagent}`);
              volume_uL = toMicro(ctx.vehicleOnStep?.(rest, w.targets) ?? rest);
            }
            if (
              volume_uL === undefined &&
              target_nM === null &&
              (existing === undefined || vehiclePct !== undefined) &&
              ctx.wellVolume !== undefined &&
              vehicle !== op.reagent
            ) {
              // a vehicle control: the % v/v given, else the solvent load of the plate's
              // compound wells (layout/vehicle-control.ts)
              const pct = vehiclePct ?? ctx.vehicleLoadPct?.(op.reagent);
              if (pct != null) volume_uL = toMicro((pct / 100) * ctx.wellVolume(before));
            }
            if (
              volume_uL === undefined &&
              target_nM !== null &&
              (op.target !== undefined || op.target_nM !== undefined || !existing)
            ) {
              if (!ctx.planVolume)
                throw new OpRefused('a target without volume_uL needs volume planning');
              const plan = ctx.planVolume({
                well: id,
                reagent: op.reagent,
                target_nM,
                // the well as it is, this reagent's old volume included: a 100 uL well whose
                // compound is re-targeted is still a 100 uL well, not the 90 the rest holds
                wellVolume_uL: before,
                othersUL:
                  wellVolume(w, op.reagent) -
                  (vehicle && vehicle !== op.reagent ? (w.targets[vehicle]?.volume_uL ?? 0) : 0),
              });
              if (!plan.ok) throw new OpRefused(plan.message);
              volume_uL = plan.volume_uL;
              // a plan that takes the stock itself is a dilution of 1: the well's earlier
              // working stock (say 1:1000 of a series point) must not outlive the new target
              planned = plan.dilution ?? 1;
            }
            volume_uL ??= existing?.volume_uL;
            if (volume_uL === undefined)
              throw new OpRefused(
                `"${op.reagent}" without a target needs its volume_uL, or as a vehicle control ` +
                  'its vehicle_pct (% v/v): no compound well of the plate holds its solvent yet',
              );
            const t: WireTarget = {
              target_nM,
              tol_pct: effectiveTolerance(tol ?? existing?.tol_pct),
              volume_uL,
            };
            const d =
              dilution ??
              planned ??
              (volume === undefined && planned === undefined ? existing?.dilution : undefined);
            if (d != null && d !== 1) t.dilution = d;
            w.targets[op.reagent] = t;
            if (vehicle && vehicle !== op.reagent && volume === undefined && t.volume_uL > 0) {
              refillVehicle(w, vehicle, ctx.wellVolume!(before), ctx.vehicleOnStep);
            }
          }
          break;
        }
        case 'clear':
          for (const id of list.ids) {
            current = id;
            if (!read(id)) continue;
            if (op.reagent === undefined) set(id, null);
            else if (read(id)!.targets[op.reagent]) delete edit(id).targets[op.reagent];
          }
          break;
        case 'tag':
          for (const id of list.ids) {
            current = id;
            const w = edit(id);
            const drop = new Set(op.remove ?? []);
            const tags = w.tags!.filter((t) => !drop.has(t));
            for (const t of op.add ?? []) if (!tags.includes(t)) tags.push(t);
            w.tags = tags;
          }
          break;
        case 'label':
          for (const id of list.ids) {
            current = id;
            edit(id).label = String(op.label);
          }
          break;
        case 'sample':
          for (const id of list.ids) {
            current = id;
            edit(id).sample = String(op.sample);
          }
          break;
        default:
          throw new OpRefused(`Unknown op "${name}"`);
      }
    } catch (error) {
      if (!(error instanceof OpRefused)) throw error;
      return { ok: false, opIndex, op: name, well: error.well ?? current, message: error.message };
    }
  }

  return { ok: true, draft, checked: known };
}
