/** Compound libraries and screening campaigns (API "Libraries and campaigns"). */
import type { z } from 'zod';
import type {
  campaignCreatedSchema,
  libraryImportAnswerSchema,
  librarySummarySchema,
  libraryWellSchema,
} from '../domain/campaign/schemas';
import type { TemplateList } from '../domain/schemas/template';
import { apiRequest } from './http-client';
import { saveBlob } from './exports';

export type LibrarySummary = z.output<typeof librarySummarySchema>;
export type LibraryWell = z.output<typeof libraryWellSchema>;
export type CampaignMade = z.output<typeof campaignCreatedSchema>;

/** POST /api/libraries as a multipart form (the file and its options): the library stored,
 * or the refused lines (an ApiError, 422). */
export async function importLibrary(
  file: Blob,
  options: { name: string; default_plate_type: string; keep_good_lines: boolean },
): Promise<z.output<typeof libraryImportAnswerSchema>> {
  const form = new FormData();
  form.append('name', options.name);
  form.append('default_plate_type', options.default_plate_type);
  form.append('keep_good_lines', String(options.keep_good_lines));
  form.append('file', file, file instanceof File ? file.name : 'library.csv');
  return apiRequest('/api/libraries', { method: 'POST', body: form });
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

export async function listTemplates(): Promise<TemplateList['templates']> {
  return (await apiRequest<TemplateList>('/api/templates')).templates;
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

/** A plate of the campaign as its thumbnail draws it (GET /api/campaigns/{id}/thumbnails). */
export interface CampaignThumbnail {
  position: number;
  experiment_id: number;
  barcode: string;
  compounds: number;
  empty_wells: number;
  /** one character a well, rows then columns ('.', 'c', 'P', 'N', 'Z', 'o') */
  roles: string;
}

export interface CampaignThumbnails {
  id: number;
  name: string;
  format: number;
  rows: number;
  cols: number;
  plates: CampaignThumbnail[];
}

export async function getCampaignThumbnails(id: number): Promise<CampaignThumbnails> {
  return apiRequest(`/api/campaigns/${id}/thumbnails`);
}

/** The campaign plan's figures of one plate. */
export interface CampaignPlatePlan {
  barcode: string;
  transfers: number;
  unmet: number;
  shortfalls: number;
  solvent_pct: Record<string, { min: number; max: number }>;
}

export interface CampaignPlanSummary {
  transfer_count: number;
  unmet_count: number;
  shortfall_count: number;
  plates: CampaignPlatePlan[];
  warnings: string[];
}

export async function getCampaignPlanSummary(id: number): Promise<CampaignPlanSummary> {
  return apiRequest(`/api/campaigns/${id}/plan-summary`);
}

/** A campaign export saved as a download: the source plates, or one plate's lists. */
export async function downloadCampaignFile(
  id: number,
  file: { kind: 'sources' } | { kind: 'picklist' | 'bulk'; position: number },
): Promise<void> {
  const path =
    file.kind === 'sources'
      ? `/api/campaigns/${id}/export/sources`
      : `/api/campaigns/${id}/plates/${file.position}/export/${file.kind}`;
  const name =
    file.kind === 'sources'
      ? `campaign_${id}_sources.csv`
      : `campaign_${id}_plate_${file.position}_${file.kind}.csv`;
  saveBlob(await apiRequest<Blob>(path, { responseType: 'blob' }), name);
}
