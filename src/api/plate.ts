/** Plate calls (API contract "Plate"): full state, compact form, changes since, ops, PUT. */
import { decodeCompactPlate } from '../domain/plate/compact';
import type { PrimitiveOp } from '../domain/plate/ops';
import { wireWellsOf } from '../domain/plate-state';
import type { PlatePutInput } from '../domain/schemas/plate';
import type {
  CompactPlateAnswer,
  PlateChanges,
  PlatePatched,
  PlateStateAnswer as PlateState,
  WirePlate,
} from '../domain/schemas/plate-answer';
import { ApiError } from './api-error';
import { apiRequest } from './http-client';

/** GET /api/experiments/{id}/plate: the state computed with the current bench. */
export function getPlate(
  experimentId: number,
  signal?: AbortSignal,
): Promise<PlateState | undefined> {
  return apiRequest<PlateState | undefined>(`/api/experiments/${experimentId}/plate`, { signal });
}

/**
 * What the user decided, at a version: the compact plate decoded (or a full state reduced to
 * it). Derived values are not part of it; the client computes them with the domain code.
 */
export type { PlateChanges, PlatePatched, WirePlate };

function isFullState(body: unknown): body is PlateState {
  return typeof body === 'object' && body !== null && 'indices' in body;
}

function isWirePlate(body: unknown): body is WirePlate {
  const b = body as Partial<WirePlate> | null;
  return (
    typeof b === 'object' &&
    b !== null &&
    typeof b.version === 'number' &&
    typeof b.defn === 'object' &&
    typeof b.wells === 'object' &&
    b.wells !== null
  );
}

function isCompact(body: unknown): body is CompactPlateAnswer {
  return (body as Partial<CompactPlateAnswer> | null)?.form === 'compact';
}

/**
 * The answer of GET /plate?form=compact as a WirePlate: the columns decoded with the domain
 * codec. A server without the compact form answers the full state (the query is ignored),
 * which is reduced to its wire wells.
 */
export function wirePlateOf(body: unknown): WirePlate {
  if (isCompact(body)) return decodeCompactPlate(body);
  if (isFullState(body)) {
    return { version: body.version, hash: body.hash, defn: body.defn, wells: wireWellsOf(body) };
  }
  if (isWirePlate(body)) return body;
  throw new Error('The plate answer is neither a plate state nor a compact plate');
}

/** GET /api/experiments/{id}/plate?form=compact, decoded; undefined when there is no plate. */
export async function getPlateCompact(
  experimentId: number,
  signal?: AbortSignal,
): Promise<WirePlate | undefined> {
  const body = await apiRequest<unknown>(`/api/experiments/${experimentId}/plate?form=compact`, {
    signal,
  });
  return body == null ? undefined : wirePlateOf(body);
}

/**
 * GET /api/experiments/{id}/plate?since=<version>: the changes since that version, or null
 * when the server no longer has them (410: fetch the whole plate instead).
 */
export async function getPlateSince(
  experimentId: number,
  since: number,
  signal?: AbortSignal,
): Promise<PlateChanges | null> {
  try {
    const body = await apiRequest<unknown>(
      `/api/experiments/${experimentId}/plate?since=${since}`,
      { signal },
    );
    // A server without `since` ignores it and answers the whole state: not changes.
    if (isFullState(body) || !body || typeof body !== 'object' || !('changed' in body)) {
      return null;
    }
    return body as PlateChanges;
  } catch (error) {
    if (error instanceof ApiError && error.status === 410) return null;
    throw error;
  }
}

/**
 * PATCH /api/experiments/{id}/plate: the ops applied on top of `version`. A stale version is
 * a 409 ApiError whose body carries {detail, version, since}; a refused op a 400 with
 * {detail, op_index, op, well?}.
 */
export function patchPlate(
  experimentId: number,
  body: { version: number; ops: PrimitiveOp[] },
): Promise<PlatePatched> {
  return apiRequest<PlatePatched>(`/api/experiments/${experimentId}/plate`, {
    method: 'PATCH',
    body,
  });
}

/**
 * PUT /api/experiments/{id}/plate based on `version`; answers the new state. A stale version
 * is a 409 ApiError whose body carries {detail, current}.
 */
export function putPlate(experimentId: number, body: PlatePutInput): Promise<PlateState> {
  return apiRequest<PlateState>(`/api/experiments/${experimentId}/plate`, {
    method: 'PUT',
    body,
  });
}
