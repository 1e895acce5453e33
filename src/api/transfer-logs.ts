/**
 * What the instrument did, back onto the plate: import an Echo transfer log or a source
 * survey, list and delete them, the reconciliation, and the re-pick and planned-and-actual
 * downloads.
 */
import type { z } from 'zod';
import type {
  importAnswerSchema,
  ReconciliationAnswer,
  RunFilesAnswer,
} from '../domain/schemas/transfer-logs';
import { saveBlob } from './exports';
import { apiRequest } from './http-client';

export type ImportAnswer = z.output<typeof importAnswerSchema>;

const base = (id: number) => `/api/experiments/${id}`;

/** POST .../transfer-logs: the file as multipart field `file`. */
export function importTransferLog(id: number, file: File): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<ImportAnswer>(`${base(id)}/transfer-logs`, { method: 'POST', body: form });
}

export function listTransferLogs(id: number): Promise<RunFilesAnswer> {
  return apiRequest<RunFilesAnswer>(`${base(id)}/transfer-logs`);
}

export function deleteTransferLog(id: number, fileId: number): Promise<void> {
  return apiRequest<void>(`${base(id)}/transfer-logs/${fileId}`, { method: 'DELETE' });
}

export function getReconciliation(id: number): Promise<ReconciliationAnswer> {
  return apiRequest<ReconciliationAnswer>(`${base(id)}/reconciliation`);
}

/** Downloads the re-pick picklist or the planned-and-actual sheet. */
export async function downloadLoopFile(id: number, kind: 'repick' | 'actual'): Promise<void> {
  const blob = await apiRequest<Blob>(`${base(id)}/export/${kind}`, {
    headers: { Accept: '*/*' },
    responseType: 'blob',
  });
  saveBlob(blob, `experiment_${id}_${kind}.csv`);
}
