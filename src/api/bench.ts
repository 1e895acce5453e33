/** Bench reagent calls of spec section 7 (the experiment's "bench fridge"). */
import type { BenchReagent } from '../domain/bench-reagent';
import type { BenchReagentInfo } from '../domain/plate-wire';
import type { BenchReagentPatch, ReagentCreate } from '../domain/schemas/reagent';
import { apiRequest } from './http-client';

export type { BenchReagent };

const benchPath = (experimentId: number) => `/api/experiments/${experimentId}/bench/reagents`;

/** GET .../bench/reagents: the experiment's bench, by name. */
export function listBenchReagents(experimentId: number, signal?: AbortSignal) {
  return apiRequest<BenchReagent[]>(benchPath(experimentId), { signal });
}

/** POST .../bench/reagents with a reagent create payload; answers the new reagent. */
export function createBenchReagent(
  experimentId: number,
  payload: ReagentCreate,
  signal?: AbortSignal,
) {
  return apiRequest<BenchReagent>(benchPath(experimentId), {
    method: 'POST',
    body: payload,
    signal,
  });
}

/** PATCH .../bench/reagents/{slug} with only the constraints that changed (null clears). */
export function updateBenchReagent(experimentId: number, slug: string, changes: BenchReagentPatch) {
  return apiRequest<BenchReagent>(`${benchPath(experimentId)}/${encodeURIComponent(slug)}`, {
    method: 'PATCH',
    body: changes,
  });
}

/** DELETE .../bench/reagents/{slug}. */
export function deleteBenchReagent(experimentId: number, slug: string) {
  return apiRequest<void>(`${benchPath(experimentId)}/${encodeURIComponent(slug)}`, {
    method: 'DELETE',
  });
}

/**
 * What the plate arithmetic needs of a bench reagent: molar stocks in nM (the API gives
 * µM), % stocks kept as % (never converted, DOMAIN.md).
 */
export function benchReagentInfo(r: BenchReagent): BenchReagentInfo {
  const pct = r.concentration_units === '%' ? r.default_concentration_value : null;
  return {
    slug: r.slug,
    name: r.name,
    type: r.reagent_type === 'chemical' ? 'chemical' : (r.type as BenchReagentInfo['type']),
    stock_nM: pct == null && r.stock_uM != null ? r.stock_uM * 1000 : null,
    stock_pct: pct,
    solvent: r.solvent,
    max_concentration_percent: r.max_concentration_percent,
    min_transfer_ul: r.min_transfer_ul,
    ionic_strength_mM: r.ionic_strength_mM,
    molecular_weight_g_per_mol: r.molecular_weight_g_per_mol,
    ions: r.ions ?? null,
    pKa: r.pka ?? null,
    dpKa_dT: r.dpka_dt ?? null,
    acid_charge: r.acid_charge ?? null,
    ph: r.ph,
    solubility_M: r.solubility_m ?? null,
    ...(r.stock_ng_per_mL != null && { stock_ng_per_mL: r.stock_ng_per_mL }),
    ...(r.salt === true && { salt: true }),
  };
}
