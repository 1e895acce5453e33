/** Dispensing settings calls (GET/PUT /api/experiments/{id}/dispensing). */
import type { DispenseSettings } from '../domain/dispensing/settings';
import { apiRequest } from './http-client';

/** The experiment's dispensing settings (the format's defaults until set). */
export function getDispensing(experimentId: number): Promise<DispenseSettings> {
  return apiRequest<DispenseSettings>(`/api/experiments/${experimentId}/dispensing`);
}

/** Changes some settings; answers all of them. */
export function putDispensing(
  experimentId: number,
  changes: Partial<DispenseSettings>,
): Promise<DispenseSettings> {
  return apiRequest<DispenseSettings>(`/api/experiments/${experimentId}/dispensing`, {
    method: 'PUT',
    body: changes,
  });
}
