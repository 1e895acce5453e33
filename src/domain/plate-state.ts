/**
 * The server's full plate state (spec section 3, DOMAIN.md "Plate state"): wells as the user
 * decided them plus everything derived from them and the bench, the indices, and the hash.
 * The per-well numbers come from the metrics kernel, so the canvas and the server agree.
 */
import { formatConcentration } from './accuracy';
import { canonicalJson, sha256Hex } from './canonical-json';
import { CONSTRAINT, computeMetrics, metricsInputFromPlate } from './metrics-kernel';
import { plateDefn, type PlateDefn, type PlateFormat } from './plate-format';
import type { DispenseSettings } from './dispensing/settings';
import type { BenchReagentInfo, WireTarget, WireWells } from './plate-wire';
import { canonicalizeWells } from './plate-wells';
import {
  effectiveTolerance,
  isUnmetStatus,
  plannedTargetStatus,
  statusName,
  targetStatus,
  type TargetStatus,
} from './prediction';
import { indexOfWellId } from './well-id';

export type { BenchReagentInfo, WireTarget, WireWell, WireWells } from './plate-wire';
export { validatePlateWells } from './plate-wells';

/** A target as the server answers it: the wire fields plus the well volume and a status. */
export interface StateTarget extends WireTarget {
  tol_pct: number;
  /** the well volume, uL */
  final_vol_uL: number;
  status: TargetStatus;
}

/** Prediction of one reagent in a well; err_pct null when it has no target. */
export interface PredictedEntry {
  nM: number;
  err_pct: number | null;
}

/** Derived figures of a well. */
export interface WellMetrics {
  volumeUl: number;
  /** slug -> uL added */
  reagentVolumes: Record<string, number>;
  /** slug -> reagent name */
  reagentDisplayNames: Record<string, string>;
  /** slug -> "Name @ 1.00 µM" for reagents with a target */
  targetDisplayNames: Record<string, string>;
  /** derived pH; null for an empty well */
  pH: number | null;
  /** derived ionic strength in mM; null for an empty well */
  ionicStrength: number | null;
  /** solvent backfilled into the well, uL (present with a backfill setting) */
  backfillUl?: number;
}

/** Names of the constraints a well breaks. */
export type BrokenConstraint =
  'overfill' | 'solvent_load' | 'min_transfer' | 'max_percent' | 'undispensable';

/** A well as the server answers it. */
export interface StateWell {
  targets: Record<string, StateTarget>;
  predicted: Record<string, PredictedEntry>;
  metrics: WellMetrics;
  label: string;
  sample: string;
  tags: string[];
  vehicle_vv_pct: number;
  /** worst target status, "error" also for a broken constraint (the plan's status) */
  status: TargetStatus;
  broken: BrokenConstraint[];
  /** why the plan cannot meet the well, and what would (present on such wells, plan-status.ts) */
  unmet_reasons?: string[];
}

/**
 * The volume of a well's reagent as it will be dispensed (on its instrument's step, the
 * volume the predictions and the well's volume are made from); as designed when the state
 * has none. What every view and export shows of a reagent's volume.
 */
export function dispensedVolumeUL(well: StateWell, slug: string): number {
  return well.metrics.reagentVolumes[slug] ?? well.targets[slug]?.volume_uL ?? 0;
}

/** Lookups rebuilt on every write; well ids in row-major order. */
export interface PlateIndices {
  by_sample: Record<string, string[]>;
  /** column number ("1".."48") -> wells */
  by_col: Record<string, string[]>;
  tags: Record<string, string[]>;
  by_target: Record<string, string[]>;
  /** wells the plan cannot meet, and so does not dispense: a warning, an error or a broken constraint */
  unmet: string[];
}

/** The plate state of GET/PUT /plate. */
export interface PlateState {
  defn: PlateDefn;
  wells: Record<string, StateWell>;
  indices: PlateIndices;
  version: number;
  /** empty when computed without a hasher (hasher null) */
  hash: string;
}

export interface PlateStateInput {
  defn: PlateDefn;
  wells: WireWells;
  /** the version this state carries (the caller increments it on a write) */
  version: number;
  bench: readonly BenchReagentInfo[];
  /**
   * SHA-256 hex of a string, for the hash; default the portable one (sha256Hex). The server
   * passes node:crypto's, which is much faster. null leaves the hash empty, for displays that
   * never read it.
   */
  hasher?: ((text: string) => string) | null;
  /**
   * The experiment's dispensing settings: volumes are then rounded to the step of the
   * instrument that dispenses them before anything is predicted, and the backfill is added.
   * Absent: volumes are taken as written.
   */
  dispensing?: Partial<DispenseSettings> | null;
}

const CONSTRAINT_NAMES: [number, BrokenConstraint][] = [
  [CONSTRAINT.OVERFILL, 'overfill'],
  [CONSTRAINT.SOLVENT_LOAD, 'solvent_load'],
  [CONSTRAINT.MIN_TRANSFER, 'min_transfer'],
  [CONSTRAINT.MAX_PERCENT, 'max_percent'],
  [CONSTRAINT.UNDISPENSABLE, 'undispensable'],
];

/**
 * The hash of a plate: SHA-256 hex of the canonical JSON (sorted keys) of defn and the
 * canonical wire wells. Derived fields are not hashed: the hash names what the user decided.
 */
export function plateHash(
  defn: PlateDefn,
  canonicalWells: WireWells,
  hasher: (text: string) => string = sha256Hex,
): string {
  return hasher(canonicalJson({ defn, wells: canonicalWells }));
}

// A reagent removed from the bench may still be on the plate: keep its volume in the well
// (so the well volume stays true) as a liquid of unknown concentration.
function benchCovering(bench: readonly BenchReagentInfo[], wells: WireWells): BenchReagentInfo[] {
  const all = [...bench];
  const known = new Set(bench.map((b) => b.slug));
  for (const well of Object.values(wells)) {
    for (const slug of Object.keys(well.targets)) {
      if (known.has(slug)) continue;
      known.add(slug);
      all.push({
        slug,
        name: slug,
        type: 'other',
        stock_nM: null,
        stock_pct: null,
        solvent: null,
        max_concentration_percent: null,
        min_transfer_ul: null,
        ionic_strength_mM: null,
      });
    }
  }
  return all;
}

function push(index: Record<string, string[]>, key: string, id: string) {
  (index[key] ??= []).push(id);
}

function nullIfNaN(x: number): number | null {
  return Number.isNaN(x) ? null : x;
}

/** Computes the full state of a plate from wells in wire form and the bench. */
export function computePlateState(input: PlateStateInput): PlateState {
  const defn = plateDefn(input.defn.format);
  const wire = canonicalizeWells(defn, input.wells);
  const bench = benchCovering(input.bench, wire);
  const R = bench.length;
  const slugIndex = new Map(bench.map((b, r) => [b.slug, r]));
  const m = computeMetrics(metricsInputFromPlate(defn, wire, bench, input.dispensing));
  const indices: PlateIndices = { by_sample: {}, by_col: {}, tags: {}, by_target: {}, unmet: [] };
  const wells: Record<string, StateWell> = {};

  for (const [id, well] of Object.entries(wire)) {
    const w = indexOfWellId(id, defn);
    const V = m.volumeUL[w];
    const state: StateWell = {
      targets: {},
      predicted: {},
      metrics: {
        volumeUl: V,
        reagentVolumes: {},
        reagentDisplayNames: {},
        targetDisplayNames: {},
        pH: nullIfNaN(m.pH[w]),
        ionicStrength: nullIfNaN(m.ionicMM[w]),
      },
      label: well.label ?? '',
      sample: well.sample ?? '',
      tags: well.tags ?? [],
      vehicle_vv_pct: m.vehiclePct[w],
      status: statusName(m.status[w]),
      broken: CONSTRAINT_NAMES.filter(([bit]) => (m.broken[w] & bit) !== 0).map(([, n]) => n),
    };
    if (input.dispensing?.backfill) state.metrics.backfillUl = m.backfillUL[w];
    for (const [slug, t] of Object.entries(well.targets)) {
      const r = slugIndex.get(slug)!;
      const i = w * R + r;
      const name = bench[r].name;
      const pred = m.predictedNM[i];
      state.targets[slug] = {
        ...t,
        tol_pct: effectiveTolerance(t.tol_pct),
        final_vol_uL: V,
        status: statusName(
          plannedTargetStatus(targetStatus(pred, t.target_nM, t.tol_pct, V), m.broken[w] !== 0),
        ),
      };
      if (!Number.isNaN(pred))
        state.predicted[slug] = { nM: pred, err_pct: nullIfNaN(m.errPct[i]) };
      // The volume dispensed: rounded to its instrument's step when settings are given.
      state.metrics.reagentVolumes[slug] = m.dispensedUL[i];
      state.metrics.reagentDisplayNames[slug] = name;
      if (t.target_nM != null) {
        state.metrics.targetDisplayNames[slug] = `${name} @ ${formatConcentration(t.target_nM)}`;
      }
      push(indices.by_target, slug, id);
    }
    wells[id] = state;
    if (state.sample) push(indices.by_sample, state.sample, id);
    push(indices.by_col, String((w % defn.cols) + 1), id);
    for (const tag of new Set(state.tags)) push(indices.tags, tag, id);
    if (isUnmetStatus(m.status[w])) indices.unmet.push(id);
  }

  const hash = input.hasher === null ? '' : plateHash(defn, wire, input.hasher);
  return { defn, wells, indices, version: input.version, hash };
}

/** The state of a plate with no wells filled (version 0). */
export function emptyPlateState(format: PlateFormat): PlateState {
  return computePlateState({ defn: plateDefn(format), wells: {}, version: 0, bench: [] });
}

/** The wire form of a state (what a client sends back in PUT /plate). */
export function wireWellsOf(state: Pick<PlateState, 'wells'>): WireWells {
  const out: WireWells = {};
  for (const [id, w] of Object.entries(state.wells)) {
    const targets: Record<string, WireTarget> = {};
    for (const [slug, t] of Object.entries(w.targets)) {
      targets[slug] = { target_nM: t.target_nM, tol_pct: t.tol_pct, volume_uL: t.volume_uL };
      if (t.dilution != null) targets[slug].dilution = t.dilution;
    }
    out[id] = { targets, label: w.label, sample: w.sample, tags: [...w.tags] };
  }
  return out;
}
