/** Plate-reader readouts and their results (QC, normalised values, fits). */
import type { ImportAnswer, PlateResults, ReadoutList } from '../domain/schemas/results';
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
