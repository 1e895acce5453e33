// Bench reagents of the dispensing tests, written out in full.
import type { DispenseSettings } from '../../../../src/domain/dispensing/settings';
import { applyOps } from '../../../../src/domain/plate/apply-ops';
import type { PrimitiveOp } from '../../../../src/domain/plate/ops';
import {
  plannedWellVolume,
  planVolumeFor,
  vehicleOnStepFor,
} from '../../../../src/domain/plate/plan-volume';
import type { PlateDefn } from '../../../../src/domain/plate-format';
import type { BenchReagentInfo, WireWells } from '../../../../src/domain/plate-wire';

const none = {
  stock_nM: null,
  stock_pct: null,
  solvent: null,
  max_concentration_percent: null,
  min_transfer_ul: null,
  ionic_strength_mM: null,
};

/** A compound at 10 mM in DMSO. */
export const CPD: BenchReagentInfo = {
  ...none,
  slug: 'cpd',
  name: 'Cpd',
  type: 'chemical',
  stock_nM: 10_000_000,
  solvent: 'DMSO',
};
/** DMSO, 2 % v/v limit (a biochemical assay). */
export const DMSO: BenchReagentInfo = {
  ...none,
  slug: 'dmso',
  name: 'DMSO',
  type: 'solvent',
  stock_pct: 100,
  max_concentration_percent: 2,
};
export const MEDIA: BenchReagentInfo = { ...none, slug: 'media', name: 'Media', type: 'media' };

export const BENCH = [CPD, DMSO, MEDIA];

/** Targets of a 10-point 3-fold series from 10 uM: 10000 / 3^k nM. */
export const SERIES_NM = Array.from({ length: 10 }, (_, k) => 10_000 / 3 ** k);

/** A target the designer sets in a well. */
export interface SetTarget {
  slug: string;
  target_nM: number;
  tol_pct?: number;
}

/**
 * The wells of a plate as the product designs them: each well's targets put with `set` ops
 * and planned as the server's plate writer applies them (applyOps with planVolumeFor: each
 * well its own best source, a working stock made for a target no round one meets; the
 * vehicle filling the well on its instrument's step), ready for planDispense.
 */
export function designWells(
  defn: PlateDefn,
  targets: Readonly<Record<string, readonly SetTarget[]>>,
  volumeUL: number,
  settings: Partial<DispenseSettings> | null,
  bench: readonly BenchReagentInfo[] = BENCH,
  vehicle = 'media',
): WireWells {
  // a well without targets is the vehicle alone (a negative control): a `set` of the vehicle
  // without a volume or target fills it
  const ops: PrimitiveOp[] = Object.entries(targets).flatMap(([id, list]) =>
    list.length === 0
      ? [{ op: 'set' as const, wells: [id], reagent: vehicle }]
      : list.map((t) => ({
          op: 'set' as const,
          wells: [id],
          reagent: t.slug,
          target_nM: t.target_nM,
          ...(t.tol_pct != null ? { tol_pct: t.tol_pct } : {}),
        })),
  );
  const assay = { ...settings, assay_volume_uL: volumeUL };
  const applied = applyOps(defn, {}, ops, {
    benchSlugs: new Set(bench.map((b) => b.slug)),
    planVolume: planVolumeFor(defn, bench, settings),
    vehicle,
    wellVolume: (current) => plannedWellVolume(defn, assay, current),
    vehicleOnStep: vehicleOnStepFor(defn, bench, vehicle, settings),
  });
  if (!applied.ok) throw new Error(applied.message);
  return applied.wells;
}
