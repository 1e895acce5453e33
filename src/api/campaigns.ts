/** Compound libraries and screening campaigns (API "Libraries and campaigns"). */
import { apiRequest } from './http-client';
import { saveBlob } from './exports';

export interface LibrarySummary {
  id: number;
  name: string;
  plates: { barcode: string; type: string; wells: number }[];
  compounds: number;
}

export interface LibraryWell {
  barcode: string;
  well: string;
  compound_id: string;
  compound_name: string;
  concentration_nM: number;
  current_uL: number;
}

export interface CampaignMade {
  id: number;
  plates: { position: number; experiment_id: number; barcode: string }[];
  per_plate: number;
  empty_wells_last_plate: number;
  warnings: string[];
}

/** The bytes of a file as base64, as POST /api/libraries takes them. */
async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** POST /api/libraries: the library stored, or the refused lines (an ApiError, 422). */
export async function importLibrary(
  file: Blob,
  options: { name: string; default_plate_type: string; keep_good_lines: boolean },
): Promise<LibrarySummary & { refused_lines: { line: number; reason: string }[] }> {
  return apiRequest('/api/libraries', {
    method: 'POST',
    body: { ...options, file_base64: await base64Of(file) },
  });
}

export async function listLibraries(): Promise<LibrarySummary[]> {
  return (await apiRequest<{ libraries: LibrarySummary[] }>('/api/libraries')).libraries;
}

/** The wells of a library whose compound id or name holds `q`. */
export async function searchLibrary(id: number, q: string): Promise<LibraryWell[]> {
  const query = new URLSearchParams({ q, limit: '50' });
  return (await apiRequest<{ wells: LibraryWell[] }>(`/api/libraries/${id}?${query}`)).wells;
}

/** The wells of one plate of a library (up to 1000, a 1536 plate's compounds mostly fit). */
export async function libraryPlateWells(id: number, barcode: string): Promise<LibraryWell[]> {
  const query = new URLSearchParams({ barcode, limit: '1000' });
  return (await apiRequest<{ wells: LibraryWell[] }>(`/api/libraries/${id}?${query}`)).wells;
}

export async function listTemplates(): Promise<{ id: number; name: string }[]> {
  return (await apiRequest<{ templates: { id: number; name: string }[] }>('/api/templates'))
    .templates;
}

/** POST /api/campaigns: the request as docs/API.md describes it. */
export async function createCampaign(body: Record<string, unknown>): Promise<CampaignMade> {
  return apiRequest('/api/campaigns', { method: 'POST', body });
}

/** The campaign's picklist (every plate) saved as a CSV download. */
export async function downloadCampaignPicklist(id: number): Promise<void> {
  const blob = await apiRequest<Blob>(`/api/campaigns/${id}/export/picklist`, {
    responseType: 'blob',
  });
  saveBlob(blob, `campaign_${id}_picklist.csv`);
}
