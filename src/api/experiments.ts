/** Experiment calls of spec section 7. */
import { apiRequest } from './http-client';
import type { Experiment, ExperimentCreate } from './types';

const BASE = '/api/experiments';

/** GET /api/experiments/: the user's experiments, newest update first. */
export function listExperiments(signal?: AbortSignal): Promise<Experiment[]> {
  return apiRequest<Experiment[]>(`${BASE}/`, { signal });
}

/** POST /api/experiments/. */
export function createExperiment(payload: ExperimentCreate): Promise<Experiment> {
  return apiRequest<Experiment>(`${BASE}/`, { method: 'POST', body: payload });
}

/** GET /api/experiments/{id}. */
export function getExperiment(id: number, signal?: AbortSignal): Promise<Experiment> {
  return apiRequest<Experiment>(`${BASE}/${id}`, { signal });
}

/** DELETE /api/experiments/{id}. */
export function deleteExperiment(id: number): Promise<void> {
  return apiRequest<void>(`${BASE}/${id}`, { method: 'DELETE' });
}

/** PATCH /api/experiments/{id}/vehicle: sets (or clears with null) the default vehicle. */
export function setExperimentVehicle(id: number, vehicleSlug: string | null): Promise<Experiment> {
  return apiRequest<Experiment>(`${BASE}/${id}/vehicle`, {
    method: 'PATCH',
    body: { vehicle_slug: vehicleSlug },
  });
}
