/**
 * The derived state of a few wells of a plate (what computePlateState gives for each of
 * them), computed on those wells only: wells are independent, so the metrics kernel runs
 * over just these wells with the plate's capacity. A write that changes three wells of a
 * 1536-well plate then costs three wells' arithmetic. Equality with computePlateState is
 * property-tested (tests/unit/domain/plate/well-states.test.ts and the server's op batches).
 */
import type { DispenseSettings } from '../dispensing/settings';
import { formatConcentration } from '../accuracy';
import { CONSTRAINT, computeMetrics, metricsInputFromPlate } from '../metrics-kernel';
import type { PlateDefn } from '../plate-format';
import type { BrokenConstraint, StateWell } from '../plate-state';
import type { BenchReagentInfo, WireWell, WireWells } from '../plate-wire';
import { effectiveTolerance, plannedTargetStatus, statusName, targetStatus } from '../prediction';
import { distinctWells, packedPlate } from './distinct-wells';

const CONSTRAINT_NAMES: [number, BrokenConstraint][] = [
  [CONSTRAINT.OVERFILL, 'overfill'],
  [CONSTRAINT.SOLVENT_LOAD, 'solvent_load'],
  [CONSTRAINT.MIN_TRANSFER, 'min_transfer'],
  [CONSTRAINT.MAX_PERCENT, 'max_percent'],
  [CONSTRAINT.UNDISPENSABLE, 'undispensable'],
];

// As computePlateState: a reagent no longer on the bench stays in the well as a liquid of
// unknown concentration.
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

const nullIfNaN = (x: number): number | null => (Number.isNaN(x) ? null : x);

/**
 * The StateWell of each given well (ids canonical for `defn`), as computePlateState has it.
 * Wells with the same contents (a change of 1400 wells mostly puts the same liquids in each)
 * are computed once and share one StateWell, which no one mutates.
 */
export function computeWellStates(
  defn: PlateDefn,
  wells: WireWells,
  bench: readonly BenchReagentInfo[],
  /** the experiment's dispensing settings, as computePlateState takes them */
  dispensing?: Partial<DispenseSettings> | null,
  /** the wells are canonical already (canonicalizeWells' output): not made again */
  canonical = false,
): Record<string, StateWell> {
  const { ids, slots, distinct } = distinctWells(defn, wells, canonical);
  if (ids.length === 0) return {};
  const states = distinctStates(defn, distinct, bench, dispensing);
  const out: Record<string, StateWell> = {};
  ids.forEach((id, k) => (out[id] = states[slots[k]]));
  return out;
}

/** The StateWell of each of these canonical wells, in order. */
function distinctStates(
  defn: PlateDefn,
  wells: readonly WireWell[],
  bench: readonly BenchReagentInfo[],
  dispensing: Partial<DispenseSettings> | null | undefined,
): StateWell[] {
  const { defn: grid, wells: packed } = packedPlate(defn, wells);
  const covering = benchCovering(bench, packed);
  const R = covering.length;
  const slugIndex = new Map(covering.map((b, r) => [b.slug, r]));
  const m = computeMetrics(metricsInputFromPlate(grid, packed, covering, dispensing));
  return wells.map((well, w) => {
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
    if (dispensing?.backfill) state.metrics.backfillUl = m.backfillUL[w];
    for (const [slug, t] of Object.entries(well.targets)) {
      const r = slugIndex.get(slug)!;
      const i = w * R + r;
      const name = covering[r].name;
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
      // the volume dispensed, as computePlateState has it (rounded when settings are given)
      state.metrics.reagentVolumes[slug] = m.dispensedUL[i];
      state.metrics.reagentDisplayNames[slug] = name;
      if (t.target_nM != null) {
        state.metrics.targetDisplayNames[slug] = `${name} @ ${formatConcentration(t.target_nM)}`;
      }
    }
    return state;
  });
}
