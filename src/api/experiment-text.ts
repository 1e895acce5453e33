/** The developer upload: a text file stored with an experiment and read back. */
import { apiRequest } from './http-client';
import type { ExperimentText } from './types';

/** POST /api/experiments/{id}/upload: a text file as multipart field `file`. */
export function uploadExperimentFile(id: number, file: Blob, fileName?: string): Promise<unknown> {
  const form = new FormData();
  if (fileName !== undefined) form.append('file', file, fileName);
  else form.append('file', file);
  return apiRequest<unknown>(`/api/experiments/${id}/upload`, { method: 'POST', body: form });
}

/** GET /api/experiments/{id}/text: the text stored by the last upload. */
export function getExperimentText(id: number): Promise<ExperimentText> {
  return apiRequest<ExperimentText>(`/api/experiments/${id}/text`);
}
