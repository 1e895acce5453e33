// The experiment's bench ("bench fridge"): the reagents the plate may use and the default
// vehicle. Writes go through bench-actions.ts; components read snapshots with useSnapshot.
import { proxy } from 'valtio/vanilla';
import type { BenchReagent } from '../api/bench';
import { reagentTypeColor } from '../domain/reagent-types';

export type BenchStatus = 'loading' | 'ready' | 'demo' | 'error';

export interface BenchState {
  /** The experiment the bench belongs to; null before the first load. */
  experimentId: number | null;
  reagents: BenchReagent[];
  /** 'demo': the bench could not load and the built-in demo set is shown instead. */
  status: BenchStatus;
  /** Why the last load or write failed; null when all went well. */
  error: string | null;
  /** The experiment's default vehicle (a bench slug), null when none is set. */
  vehicleSlug: string | null;
  /** Auto-select a default vehicle on load when none is set (spec section 4, default on). */
  autoSelectVehicle: boolean;
}

/** The designer's bench. */
export const bench = proxy<BenchState>({
  experimentId: null,
  reagents: [],
  status: 'loading',
  error: null,
  vehicleSlug: null,
  autoSelectVehicle: true,
});

const DEMO_CREATED_AT = '2024-01-01T00:00:00.000Z';

function demo(
  slug: string,
  name: string,
  reagent_type: string,
  type: string,
  fields: Partial<BenchReagent>,
): BenchReagent {
  return {
    id: slug,
    slug,
    name,
    reagent_type,
    type,
    color: reagentTypeColor(type),
    stock_uM: null,
    stock_molarity_M: null,
    concentration_units: 'uM',
    default_concentration_value: null,
    analyte_id: null,
    max_concentration_percent: null,
    min_transfer_ul: null,
    molecular_weight_g_per_mol: null,
    solvent: null,
    cells_per_ml: null,
    ph: null,
    ionic_strength_mM: null,
    description: null,
    created_at: DEMO_CREATED_AT,
    ...fields,
  };
}

/** The built-in demo set shown when the bench cannot load (spec section 8). */
export const DEMO_REAGENTS: readonly BenchReagent[] = Object.freeze([
  demo('compound-a', 'Compound A', 'chemical', 'compound', {
    stock_uM: 10000,
    stock_molarity_M: 0.01,
    default_concentration_value: 10000,
    molecular_weight_g_per_mol: 350,
    solvent: 'DMSO',
  }),
  demo('compound-b', 'Compound B', 'chemical', 'compound', {
    stock_uM: 10000,
    stock_molarity_M: 0.01,
    default_concentration_value: 10000,
    molecular_weight_g_per_mol: 420,
    solvent: 'DMSO',
  }),
  demo('hepes-buffer', 'HEPES Buffer', 'buffer', 'buffer', {
    stock_uM: 1_000_000,
    stock_molarity_M: 1,
    concentration_units: 'M',
    default_concentration_value: 1,
    molecular_weight_g_per_mol: 238.3,
    solvent: 'Water',
    ph: 7.4,
    pka: 7.48,
    dpka_dt: -0.014,
    acid_charge: 0,
  }),
  demo('dmso', 'DMSO', 'solvent', 'solvent', {
    concentration_units: '%',
    default_concentration_value: 100,
    max_concentration_percent: 0.1,
    molecular_weight_g_per_mol: 78.13,
  }),
]);

/** The bench reagent with this slug, if any. */
export function findBenchReagent(
  reagents: readonly BenchReagent[],
  slug: string | null | undefined,
): BenchReagent | undefined {
  return slug ? reagents.find((r) => r.slug === slug) : undefined;
}
