/** Plate calls (API contract "Plate"). */
import type { PlateDefn } from '../domain/plate-format';
import type { PlateState, WireWells } from '../domain/plate-state';
import { apiRequest } from './http-client';

/** GET /api/experiments/{id}/plate: the state computed with the current bench. */
export function getPlate(
  experimentId: number,
  signal?: AbortSignal,
): Promise<PlateState | undefined> {
  return apiRequest<PlateState | undefined>(`/api/experiments/${experimentId}/plate`, { signal });
}

/**
 * PUT /api/experiments/{id}/plate based on `version`; answers the new state. A stale version
 * is a 409 ApiError whose body carries {detail, current}.
 */
export function putPlate(
  experimentId: number,
  body: { version: number; defn: PlateDefn; wells: WireWells },
): Promise<PlateState> {
  return apiRequest<PlateState>(`/api/experiments/${experimentId}/plate`, {
    method: 'PUT',
    body,
  });
}
