/**
 * A target's status as the plan has it, the one rule every view reads (GET /plate, the CSV
 * and workbook Status columns, the well editor): the metrics kernel says whether the
 * target is met (good) or not (warning, error: the plan does not dispense the well), and a
 * met target that is dispensed says the band of its point (chain-accuracy.ts): its source's
 * preparations and its own transfer in quadrature, against its tolerance. A point of the
 * 1:10000 source of a 1536 3-fold series, about ±21 % for a 5 % tolerance, is a warning,
 * never "good"; it is still dispensed (PlateIndices.unmet names the wells that are not).
 */
import type { PlateDefn } from '../plate-format';
import type { StateTarget, StateWell } from '../plate-state';
import type { BenchReagentInfo, WireTarget, WireWells } from '../plate-wire';
import { effectiveTolerance, STATUS_NAMES, type TargetStatus } from '../prediction';
import { chainOf, pointAccuracy, preparationErrors, type ChainErrors } from './chain-accuracy';
import { planPreparations } from './plan';
import type { PointAccuracy } from './plan-types';
import { routeOf } from './routing';
import { resolveSettings, type DispenseSettings, type ResolvedSettings } from './settings';
import { planWells } from './well-plans';

/** What the plan knows of a plate's points: each reagent's chains and the instruments. */
export interface PlanAccuracy {
  /** worked on first read */
  readonly chains: ChainErrors;
  rs: ResolvedSettings;
  bench: ReadonlyMap<string, BenchReagentInfo>;
  /** why a well the plan cannot meet is not met, in words (unmetReasons) */
  reasons: (well: StateWell) => string[];
}

/**
 * The chains of a plate's working stocks as its plan prepares them (planPreparations: the
 * same volumes as the dispense plan), for the whole plate: a working stock's volumes depend
 * on every well it feeds. Worked when a diluted target first asks (a write of wells fed by
 * stocks alone, or a plate without working stocks, never plans them).
 */
export function planAccuracyOf(
  defn: PlateDefn,
  wells: WireWells,
  bench: readonly BenchReagentInfo[],
  settings: Partial<DispenseSettings> | null | undefined,
): PlanAccuracy {
  const rs = resolveSettings(defn.format, settings);
  let chains: ChainErrors | undefined;
  // wells of the same contents have the same reasons: each contents is planned once
  const reasons = new Map<string, string[]>();
  return {
    get chains() {
      chains ??= preparationErrors(planPreparations(defn, wells, bench, settings).intermediates);
      return chains;
    },
    rs,
    bench: new Map(bench.map((b) => [b.slug, b])),
    reasons: (well) => {
      const wire = wireTargetsOf(well);
      const key = JSON.stringify(wire);
      let out = reasons.get(key);
      if (!out) reasons.set(key, (out = unmetReasons(defn, wire, bench, rs)));
      return out;
    },
  };
}

function wireTargetsOf(well: StateWell): Record<string, WireTarget> {
  const out: Record<string, WireTarget> = {};
  for (const [slug, t] of Object.entries(well.targets)) {
    const w: WireTarget = { target_nM: t.target_nM, tol_pct: t.tol_pct, volume_uL: t.volume_uL };
    if (t.dilution != null) w.dilution = t.dilution;
    out[slug] = w;
  }
  return out;
}

/**
 * The plan's unmet rows of one well's contents, each reason with what would meet it ("Cpd at
 * 100 µM ...; the stock's solvent limits it to 50.0 µM in the well"): planned as the dispense
 * plan plans it, on a plate of the same format holding that well alone.
 */
function unmetReasons(
  defn: PlateDefn,
  targets: Record<string, WireTarget>,
  bench: readonly BenchReagentInfo[],
  rs: ResolvedSettings,
): string[] {
  const planned = planWells(defn, { A1: { targets } }, bench, rs);
  const rows = planned.plans[0]?.unmet ?? [];
  return rows.map((u) => (u.proposal ? `${u.reason}; ${u.proposal}` : u.reason));
}

/**
 * The one status of a target: the kernel's (met or not), and a met target whose dispensed
 * point is outside its tolerance along its chain is a warning.
 */
export function planTargetStatus(
  kernel: TargetStatus,
  point: Pick<PointAccuracy, 'status'> | undefined,
): TargetStatus {
  return kernel === 'good' && point?.status === 'warning' ? 'warning' : kernel;
}

/**
 * The plan's point of one target of a well: undefined when nothing of it is transferred by
 * the instrument (a bulk liquid, an empty volume), as the plan's `points` list has it.
 */
export function targetPoint(
  acc: PlanAccuracy,
  slug: string,
  target: Pick<StateTarget, 'target_nM' | 'volume_uL' | 'dilution' | 'tol_pct'>,
  dispensedUL: number,
): Pick<PointAccuracy, 'steps' | 'error_pct' | 'band' | 'status'> | undefined {
  const reagent = acc.bench.get(slug);
  if (!reagent || !(dispensedUL > 0) || routeOf(reagent, target, acc.rs) !== 'transfer') {
    return undefined;
  }
  const factor = target.dilution != null && target.dilution > 1 ? target.dilution : 1;
  return pointAccuracy(
    factor > 1 ? chainOf(acc.chains.get(slug), factor) : chainOf(undefined, 1),
    acc.rs.instrument.bands,
    dispensedUL,
    effectiveTolerance(target.tol_pct),
  );
}

/**
 * A well of the plate state with the plan's statuses: the same object when none changes. A
 * well the plan does not dispense (the kernel's warning or error) keeps the kernel's, and
 * says why in `unmet_reasons` (the plan's reasons and proposals).
 */
export function withPlanStatus(well: StateWell, acc: PlanAccuracy): StateWell {
  if (well.status !== 'good') {
    if (well.status !== 'warning' && well.status !== 'error') return well;
    const reasons = acc.reasons(well);
    return reasons.length > 0 ? { ...well, unmet_reasons: reasons } : well;
  }
  let targets: Record<string, StateTarget> | null = null;
  for (const [slug, t] of Object.entries(well.targets)) {
    if (t.status !== 'good') continue;
    const point = targetPoint(acc, slug, t, well.metrics.reagentVolumes[slug] ?? 0);
    const status = planTargetStatus(t.status, point);
    if (status === t.status) continue;
    targets ??= { ...well.targets };
    targets[slug] = { ...t, status };
  }
  if (!targets) return well;
  const worst = Object.values(targets).reduce(
    (a, t) => Math.max(a, STATUS_NAMES.indexOf(t.status)),
    STATUS_NAMES.indexOf(well.status),
  );
  return { ...well, targets, status: STATUS_NAMES[worst] };
}
