/** Versions and snapshots (API contract "Versions and snapshots"). */
import type { PlateState } from '../domain/plate-state';
import { apiRequest } from './http-client';
import type { Experiment } from './types';

/** A bench reagent as the snapshot stores it (the bench API's JSON). */
export type SnapshotReagent = Record<string, unknown> & { slug: string; name: string };

/** What a snapshot keeps besides the plate state. */
export interface SnapshotPayload {
  label: string;
  subsection: number;
  plate_type: string;
  inventory: SnapshotReagent[];
}

/** One saved version, as listed. */
export interface VersionSummary {
  id: number;
  experiment_id: number;
  version: number;
  summary: string | null;
  label: string | null;
  created_at: string;
  has_snapshot: boolean;
}

/** One version with its plate state and snapshot. */
export interface VersionDetail extends VersionSummary {
  state: PlateState;
  snapshot: SnapshotPayload | null;
}

/** Answer of a restore: the new plate, the bench after it, the experiment, the snapshot. */
export interface RestoreResult<R = SnapshotReagent> {
  plate: PlateState;
  bench: R[];
  experiment: Experiment;
  snapshot: SnapshotPayload | null;
}

const base = (experimentId: number) => `/api/experiments/${experimentId}/versions`;

/** POST .../versions: keeps the current plate (and the snapshot when given). */
export function createVersion(
  experimentId: number,
  body: { summary?: string; snapshot?: SnapshotPayload },
): Promise<VersionSummary> {
  return apiRequest<VersionSummary>(base(experimentId), { method: 'POST', body });
}

/** GET .../versions, newest first. */
export async function listVersions(
  experimentId: number,
  signal?: AbortSignal,
): Promise<VersionSummary[]> {
  return (await apiRequest<VersionSummary[] | undefined>(base(experimentId), { signal })) ?? [];
}

/** GET .../versions/{versionId}. */
export function getVersion(experimentId: number, versionId: number): Promise<VersionDetail> {
  return apiRequest<VersionDetail>(`${base(experimentId)}/${versionId}`);
}

/** POST .../versions/{versionId}/restore. */
export function restoreVersion<R = SnapshotReagent>(
  experimentId: number,
  versionId: number,
): Promise<RestoreResult<R>> {
  return apiRequest<RestoreResult<R>>(`${base(experimentId)}/${versionId}/restore`, {
    method: 'POST',
  });
}
