// Everything that writes the bench store: load (with the demo fallback), add, delete,
// constraint updates and the default vehicle. Views stay optimistic where the spec says so
// (delete) and every failure leaves the store as the server has it.
import { ApiError, errorMessage } from '../api/api-error';
import {
  benchReagentInfo,
  createBenchReagent,
  deleteBenchReagent,
  listBenchReagents,
  updateBenchReagent,
  type BenchReagent,
} from '../api/bench';
import { getExperiment, setExperimentVehicle } from '../api/experiments';
import { withTimeout } from '../api/with-timeout';
import { REAGENT_MESSAGES } from '../domain/reagent-validation';
import { pickDefaultVehicle } from '../domain/reagent-types';
import type { BenchReagentPatch, ReagentCreate } from '../domain/schemas/reagent';
import { snapshot } from 'valtio/vanilla';
import { DEMO_REAGENTS, bench } from './bench-store';

/** Time-out of an add-reagent request (spec section 9). */
export const ADD_REAGENT_TIMEOUT_MS = 10_000;
export const TIMEOUT_MESSAGE = 'Request timed out';
/** Alert text of a failed constraints update (spec section 8). */
export const UPDATE_FAILED_MESSAGE = 'Failed to update reagent. Please try again.';

// A later load wins: answers of an earlier one (another experiment, a retry) are dropped.
let loadGeneration = 0;

function byName(a: BenchReagent, b: BenchReagent): number {
  return (
    a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.slug.localeCompare(b.slug)
  );
}

function demoCopy(): BenchReagent[] {
  return DEMO_REAGENTS.map((r) => ({ ...r }));
}

/** The message of a refused request: the server's words when it gave some (errorMessage). */
export function requestErrorMessage(error: unknown): string {
  return errorMessage(error);
}

/** Field problems a 400 answer listed ({path, message}), keyed by the first path segment. */
export function requestIssues(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiError)) return out;
  try {
    const body = JSON.parse(error.body) as { issues?: { path?: unknown; message?: unknown }[] };
    for (const issue of body.issues ?? []) {
      const field = String(issue.path ?? '').split('.')[0];
      if (field && typeof issue.message === 'string') out[field] ??= issue.message;
    }
  } catch {
    // Not JSON: no field problems to show.
  }
  return out;
}

/**
 * Loads the bench of an experiment. On failure the demo set is shown (status 'demo'), with
 * the reason in `error`. `vehicleSlug` is the experiment's default vehicle when the caller
 * knows it; otherwise it is read from the experiment. Then the vehicle is auto-selected.
 */
export async function loadBench(experimentId: number, vehicleSlug?: string | null): Promise<void> {
  const generation = ++loadGeneration;
  if (bench.experimentId !== experimentId) {
    bench.reagents = [];
    bench.vehicleSlug = null;
  }
  bench.experimentId = experimentId;
  bench.status = 'loading';
  bench.error = null;
  const vehicle =
    vehicleSlug !== undefined
      ? Promise.resolve(vehicleSlug)
      : getExperiment(experimentId).then(
          (e) => e.default_vehicle_slug ?? e.vehicle_slug,
          () => null,
        );
  try {
    const [reagents, slug] = await Promise.all([listBenchReagents(experimentId), vehicle]);
    if (generation !== loadGeneration) return;
    bench.reagents = reagents.toSorted(byName);
    bench.vehicleSlug = slug ?? null;
    bench.status = 'ready';
  } catch (error) {
    if (generation !== loadGeneration) return;
    bench.reagents = demoCopy();
    bench.vehicleSlug = null;
    bench.status = 'demo';
    bench.error = requestErrorMessage(error);
  }
  await autoSelectVehicle();
}

/** Reloads the bench quietly: keeps what is shown when the reload fails. */
async function refreshBench(): Promise<void> {
  const id = bench.experimentId;
  if (id == null || bench.status === 'demo') return;
  const generation = ++loadGeneration;
  try {
    const reagents = await listBenchReagents(id);
    if (generation === loadGeneration && bench.experimentId === id) {
      bench.reagents = reagents.toSorted(byName);
    }
  } catch {
    // The restored view stays; the next load tries again.
  }
}

/**
 * Adds a reagent (a cleaned create payload) to the bench. Rejects with "Request timed out"
 * after 10 s, or with the server's message; the bench is unchanged then.
 */
export async function addReagent(payload: ReagentCreate): Promise<BenchReagent> {
  const id = bench.experimentId;
  if (id == null) throw new Error(REAGENT_MESSAGES.context);
  const controller = new AbortController();
  let created: BenchReagent;
  try {
    created = await withTimeout(
      createBenchReagent(id, payload, controller.signal),
      ADD_REAGENT_TIMEOUT_MS,
      TIMEOUT_MESSAGE,
      () => controller.abort(),
    );
  } catch (error) {
    if (controller.signal.aborted) throw new Error(TIMEOUT_MESSAGE, { cause: error });
    throw error;
  }
  if (bench.experimentId !== id) return created;
  if (bench.status === 'demo') {
    // The server answered after all: show the real bench instead of the demo set.
    await loadBench(id, bench.vehicleSlug);
    return created;
  }
  bench.reagents = [...bench.reagents.filter((r) => r.slug !== created.slug), created].toSorted(
    byName,
  );
  await autoSelectVehicle();
  return created;
}

/**
 * Deletes a reagent: it leaves the view at once; when the server refuses, it comes back in
 * its place, `error` says why and the bench is reloaded. Demo reagents exist only here.
 */
export async function deleteReagent(slug: string): Promise<boolean> {
  const index = bench.reagents.findIndex((r) => r.slug === slug);
  if (index < 0) return false;
  const removed = bench.reagents[index];
  bench.reagents.splice(index, 1);
  bench.error = null;
  const id = bench.experimentId;
  if (bench.status === 'demo' || id == null) return true;
  try {
    await deleteBenchReagent(id, slug);
    if (bench.vehicleSlug === slug) bench.vehicleSlug = null;
    return true;
  } catch (error) {
    if (bench.experimentId !== id) return false;
    if (!bench.reagents.some((r) => r.slug === slug)) {
      bench.reagents.splice(Math.min(index, bench.reagents.length), 0, removed);
    }
    bench.error = `Could not delete ${removed.name}: ${requestErrorMessage(error)}`;
    await refreshBench();
    return false;
  }
}

/**
 * Reloads the bench after a change made elsewhere (an assistant's edit may put catalog
 * reagents on it) and answers the reagents that were not on it before.
 */
export async function reloadBenchAdditions(): Promise<BenchReagent[]> {
  const before = new Set(bench.reagents.map((r) => r.slug));
  await refreshBench();
  return bench.reagents.filter((r) => !before.has(r.slug)).map((r) => snapshot(r) as BenchReagent);
}

/** The create payload that puts a reagent back on the bench as it was answered. */
function createPayloadOf(r: BenchReagent): ReagentCreate {
  return {
    name: r.name,
    slug: r.slug,
    reagent_type: r.reagent_type as ReagentCreate['reagent_type'],
    solvent: r.solvent,
    default_concentration_units:
      r.concentration_units as ReagentCreate['default_concentration_units'],
    default_concentration_value: r.default_concentration_value,
    molecular_weight_g_per_mol: r.molecular_weight_g_per_mol,
    cells_per_ml: r.cells_per_ml,
    ph: r.ph,
    ionic_strength_value: r.ionic_strength_mM,
    ionic_strength_units: r.ionic_strength_mM == null ? null : 'mM',
    max_concentration_percent: r.max_concentration_percent,
    ions: r.ions ? r.ions.map((i) => ({ ...i })) : null,
    pka: r.pka ?? null,
    dpka_dt: r.dpka_dt ?? null,
    acid_charge: r.acid_charge ?? null,
    solubility_m: r.solubility_m ?? null,
    purity_grade: null,
    supplements: null,
    description: r.description,
  };
}

/**
 * Takes reagents off the bench again (undo of the edit that put them there). Unlike a
 * delete by the user, the view follows the server: on failure `error` says so and the
 * bench is reloaded.
 */
export async function takeOffBench(slugs: readonly string[]): Promise<void> {
  const id = bench.experimentId;
  bench.reagents = bench.reagents.filter((r) => !slugs.includes(r.slug));
  if (bench.vehicleSlug && slugs.includes(bench.vehicleSlug)) bench.vehicleSlug = null;
  if (bench.status === 'demo' || id == null) return;
  try {
    for (const slug of slugs) {
      await deleteBenchReagent(id, slug).catch((error: unknown) => {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      });
    }
  } catch (error) {
    bench.error = `Could not take ${slugs.join(', ')} off the bench: ${requestErrorMessage(error)}`;
    await refreshBench();
  }
}

/** Puts reagents back on the bench (redo of the edit that put them there), limits included. */
export async function putBackOnBench(reagents: readonly BenchReagent[]): Promise<void> {
  const id = bench.experimentId;
  const missing = reagents.filter((r) => !bench.reagents.some((b) => b.slug === r.slug));
  bench.reagents = [...bench.reagents, ...missing.map((r) => ({ ...r }))].toSorted(byName);
  if (bench.status === 'demo' || id == null || missing.length === 0) return;
  try {
    for (const r of missing) {
      await createBenchReagent(id, createPayloadOf(r));
      if (r.min_transfer_ul != null) {
        await updateBenchReagent(id, r.slug, { min_transfer_ul: r.min_transfer_ul });
      }
    }
  } catch (error) {
    const names = missing.map((r) => r.name).join(', ');
    bench.error = `Could not put ${names} back on the bench: ${requestErrorMessage(error)}`;
  }
  await refreshBench();
}

/**
 * Sends the constraints that changed (only those; null clears a limit). On failure the
 * spec's alert is shown and false returned; nothing changes in the view.
 */
export async function updateConstraints(
  slug: string,
  changedFields: BenchReagentPatch,
): Promise<boolean> {
  if (Object.keys(changedFields).length === 0) return true;
  const index = bench.reagents.findIndex((r) => r.slug === slug);
  const id = bench.experimentId;
  if (index < 0) return false;
  if (bench.status === 'demo' || id == null) {
    Object.assign(bench.reagents[index], changedFields);
    return true;
  }
  try {
    const updated = await updateBenchReagent(id, slug, changedFields);
    const now = bench.reagents.findIndex((r) => r.slug === slug);
    if (now >= 0) bench.reagents[now] = updated;
    return true;
  } catch {
    globalThis.alert?.(UPDATE_FAILED_MESSAGE);
    return false;
  }
}

/** Sets the experiment's default vehicle (PATCH .../vehicle); restores the old one on failure. */
export async function setDefaultVehicle(slug: string | null): Promise<boolean> {
  const previous = bench.vehicleSlug;
  const id = bench.experimentId;
  bench.vehicleSlug = slug;
  if (bench.status === 'demo' || id == null) return true;
  try {
    await setExperimentVehicle(id, slug);
    return true;
  } catch (error) {
    if (bench.experimentId === id && bench.vehicleSlug === slug) bench.vehicleSlug = previous;
    bench.error = `Could not set the default vehicle: ${requestErrorMessage(error)}`;
    return false;
  }
}

/**
 * Picks the default vehicle when none is set and auto-select is on (spec section 4): the
 * alphabetically first media reagent without a max concentration, else a solvent.
 */
export async function autoSelectVehicle(): Promise<string | null> {
  if (!bench.autoSelectVehicle || bench.vehicleSlug) return null;
  if (bench.status !== 'ready' && bench.status !== 'demo') return null;
  const pick = pickDefaultVehicle(
    bench.reagents.map((r) => ({
      slug: r.slug,
      name: r.name,
      type: r.type || r.reagent_type,
      max_concentration_percent: r.max_concentration_percent,
      stock_nM: benchReagentInfo(r).stock_nM,
      stock_ng_per_mL: r.stock_ng_per_mL,
    })),
  );
  if (!pick) return null;
  return (await setDefaultVehicle(pick)) ? pick : null;
}
