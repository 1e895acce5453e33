/**
 * What the well editor and the well dialog show of some wells: their contents, targets
 * against predictions and derived metrics, computed by the domain (computePlateState) from
 * the document's wells and the bench, so they match the canvas and the server; a target's
 * status is the plan's (plan-status.ts), read from the whole plate.
 */
import type { BenchReagent } from '../../api/bench';
import { benchReagentInfo } from '../../api/bench';
import { formatConcentration, formatPercent, formatVolume } from '../../domain/accuracy';
import { transferAccuracyLabel } from '../../domain/dispensing/transfer-band';
import {
  planAccuracyOf,
  withPlanStatus,
  type PlanAccuracy,
} from '../../domain/dispensing/plan-status';
import { plateDefn, type PlateDefn, type PlateFormat } from '../../domain/plate-format';
import type { DispenseSettings } from '../../domain/dispensing/settings';
import {
  computePlateState,
  dispensedVolumeUL,
  type StateWell,
  type WireWells,
} from '../../domain/plate-state';
import type { BenchReagentInfo } from '../../domain/plate-wire';
import type { TargetStatus } from '../../domain/prediction';
import { idOfIndex } from '../../domain/well-id';

/** One reagent of one well, formatted for display. */
export interface WellEntryView {
  wellId: string;
  slug: string;
  name: string;
  volume: string;
  /** target concentration, "—" for a vehicle or plain liquid */
  target: string;
  /** predicted concentration, "unknown" without a molar stock */
  predicted: string;
  /** "+2.0 %", empty without a target */
  error: string;
  status: TargetStatus;
  /** "poor (±10–20%)", "moderate (±5–10%)", "good" */
  accuracy: string;
}

/** A well with its derived figures and entries. */
export interface WellView {
  id: string;
  index: number;
  state: StateWell | null;
  entries: WellEntryView[];
}

/** The derived state of the listed wells (others are not computed). */
export function wellViews(
  wells: WireWells,
  format: PlateFormat,
  indices: readonly number[],
  reagents: readonly BenchReagent[],
  /** the experiment's dispensing settings; null: the format's defaults (as the server reads them) */
  dispensing: Partial<DispenseSettings> | null = null,
): WellView[] {
  const defn = plateDefn(format);
  const ids = indices.map((i) => idOfIndex(defn, i));
  const subset: WireWells = {};
  for (const id of ids) if (wells[id]) subset[id] = wells[id];
  const infos = reagents.map(benchReagentInfo);
  const state = computePlateState({
    defn,
    wells: subset,
    version: 0,
    bench: infos,
    hasher: null, // the well views never read the hash
    dispensing,
  });
  const acc = planAccuracy(defn, wells, infos, reagents, dispensing);
  return ids.map((id, k) => {
    const w = state.wells[id];
    const well = w ? withPlanStatus(w, acc) : null;
    const entries = well ? entriesOf(id, well, { format, infos, dispensing }) : [];
    return { id, index: indices[k], state: well, entries };
  });
}

/** The last plate's plan accuracy: selections change far more often than the plate. */
let lastAccuracy: {
  wells: WireWells;
  reagents: readonly BenchReagent[];
  dispensing: Partial<DispenseSettings> | null;
  acc: PlanAccuracy;
} | null = null;

/**
 * The plan's accuracy of the whole plate (the chains of its working stocks depend on every
 * well they feed), not of the selected wells alone; kept while the plate is the same.
 */
function planAccuracy(
  defn: PlateDefn,
  wells: WireWells,
  infos: readonly BenchReagentInfo[],
  reagents: readonly BenchReagent[],
  dispensing: Partial<DispenseSettings> | null,
): PlanAccuracy {
  const last = lastAccuracy;
  if (last?.wells === wells && last.reagents === reagents && last.dispensing === dispensing) {
    return last.acc;
  }
  const acc = planAccuracyOf(defn, wells, infos, dispensing);
  lastAccuracy = { wells, reagents, dispensing, acc };
  return acc;
}

interface BandContext {
  format: PlateFormat;
  infos: readonly BenchReagentInfo[];
  dispensing: Partial<DispenseSettings> | null;
}

function entriesOf(wellId: string, well: StateWell, ctx: BandContext): WellEntryView[] {
  return Object.entries(well.targets).map(([slug, t]) => {
    const predicted = well.predicted[slug];
    // as it will be dispensed, as the chat and the exports say it
    const volume = dispensedVolumeUL(well, slug);
    return {
      wellId,
      slug,
      name: well.metrics.reagentDisplayNames[slug] ?? slug,
      volume: formatVolume(volume),
      target: t.target_nM == null ? '—' : formatConcentration(t.target_nM, volume),
      predicted: predicted ? formatConcentration(predicted.nM, volume) : 'unknown',
      error:
        predicted?.err_pct == null
          ? ''
          : `${predicted.err_pct >= 0 ? '+' : ''}${predicted.err_pct.toFixed(1)} %`,
      status: t.status,
      // the band of the volume dispensed, by the instrument that dispenses it
      accuracy: accuracyOf(slug, t, volume, ctx),
    };
  });
}

/** Summary figures over wells: one value, or "min – max" when they differ. */
export interface MetricsSummary {
  volume: string;
  pH: string;
  ionicStrength: string;
  vehicle: string;
}

function range(values: number[], fmt: (x: number) => string): string {
  if (values.length === 0) return '—';
  const lo = fmt(Math.min(...values));
  const hi = fmt(Math.max(...values));
  return lo === hi ? lo : `${lo} – ${hi}`;
}

function num(xs: (number | null)[]): number[] {
  return xs.filter((x): x is number => x != null && Number.isFinite(x));
}

/**
 * A filled well's ionic strength: "unknown" when it holds a medium or buffer whose
 * composition the bench does not give (never 0 mM).
 */
export function formatIonicStrength(mM: number | null): string {
  return mM == null || !Number.isFinite(mM) ? 'unknown' : `${mM.toFixed(1)} mM`;
}

/** The ionic strength of filled wells: their range, and "unknown" for those not known. */
function ionicRange(values: readonly (number | null)[]): string {
  const known = num([...values]);
  const unknown = values.length - known.length;
  if (unknown === 0) return range(known, formatIonicStrength);
  if (known.length === 0) return 'unknown';
  return `${range(known, formatIonicStrength)}; unknown in ${unknown} ${unknown === 1 ? 'well' : 'wells'}`;
}

/** Volume, pH, ionic strength and vehicle % of the wells (empty wells count as 0 µL). */
export function metricsSummary(views: readonly WellView[]): MetricsSummary {
  const filled = views.flatMap((v) => (v.state ? [v.state] : []));
  return {
    volume: range(
      views.map((v) => v.state?.metrics.volumeUl ?? 0),
      formatVolume,
    ),
    pH: range(num(filled.map((w) => w.metrics.pH)), (x) => x.toFixed(2)),
    ionicStrength: ionicRange(
      filled.filter((w) => w.metrics.volumeUl > 0).map((w) => w.metrics.ionicStrength),
    ),
    vehicle: range(num(filled.map((w) => w.vehicle_vv_pct)), formatPercent),
  };
}

/** Status names as people read them. */
export const STATUS_TEXT: Record<TargetStatus, string> = {
  none: 'No target',
  unknown: 'Unknown',
  good: 'Good',
  warning: 'Warning',
  error: 'Error',
};

function accuracyOf(
  slug: string,
  t: { target_nM: number | null; volume_uL: number },
  dispensedUL: number,
  ctx: BandContext,
): string {
  const info = ctx.infos.find((b) => b.slug === slug);
  if (!info) return '';
  return transferAccuracyLabel(ctx.format, info, t, dispensedUL, ctx.dispensing);
}
