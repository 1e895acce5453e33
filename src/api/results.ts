/** Plate-reader readouts and their results (QC, normalised values, fits). */
import type { ImportAnswer, PlateResults, ReadoutList } from '../domain/schemas/results';
import { saveBlob } from './exports';
import { apiRequest } from './http-client';

/** POST /api/experiments/{id}/readouts: a reader file as multipart field `file`. */
export function importReadouts(id: number, file: File): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<ImportAnswer>(`/api/experiments/${id}/readouts`, {
    method: 'POST',
    body: form,
  });
}

export function listReadouts(id: number): Promise<ReadoutList> {
  return apiRequest<ReadoutList>(`/api/experiments/${id}/readouts`);
}

export function deleteReadout(id: number, readout: number): Promise<unknown> {
  return apiRequest<unknown>(`/api/experiments/${id}/readouts/${readout}`, { method: 'DELETE' });
}

export function readoutResults(
  id: number,
  readout: number,
  zPrimeMin = 0.5,
): Promise<PlateResults> {
  return apiRequest<PlateResults>(
    `/api/experiments/${id}/readouts/${readout}/results?z_prime_min=${zPrimeMin}`,
  );
}

/** The three downloads of a readout's results and the names they are saved under. */
const EXPORTS = {
  wells: 'wells.csv',
  fits: 'fits.csv',
  excel: 'results.xlsx',
} as const;
export type ResultsExport = keyof typeof EXPORTS;

/** Downloads a readout's well table, fit table (CSV) or both (Excel), as the server writes them. */
export async function downloadResults(
  id: number,
  readout: number,
  kind: ResultsExport,
): Promise<void> {
  const blob = await apiRequest<Blob>(`/api/experiments/${id}/readouts/${readout}/export/${kind}`, {
    headers: { Accept: '*/*' },
    responseType: 'blob',
  });
  saveBlob(blob, `readout_${readout}_${EXPORTS[kind]}`);
}
