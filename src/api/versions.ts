/** Versions and snapshots (API contract "Versions and snapshots"). */
import type { z } from 'zod';
import type { versionSnapshotSchema } from '../domain/schemas/version';
import type {
  RestoreAnswer,
  SnapshotAnswer,
  VersionDetail,
  VersionSummary,
} from '../domain/schemas/version-answer';
import { apiRequest } from './http-client';

/** A bench reagent as the snapshot stores it (the bench API's JSON). */
export type SnapshotReagent = SnapshotAnswer['inventory'][number];

/** What a snapshot keeps besides the plate state (POST .../versions `snapshot`). */
export type SnapshotPayload = z.input<typeof versionSnapshotSchema>;

export type { VersionSummary };

/** Answer of a restore: the new plate, the bench after it, the experiment, the snapshot. */
export type RestoreResult<R = RestoreAnswer['bench'][number]> = Omit<RestoreAnswer, 'bench'> & {
  bench: R[];
};

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
