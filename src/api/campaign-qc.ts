/** The campaign QC table: every plate's QC from its latest readout, under the user's thresholds. */
import type { CampaignQc } from '../domain/schemas/campaign-qc';
import { apiRequest } from './http-client';

export interface CampaignListed {
  id: number;
  name: string;
  plates: number;
}

/** GET /api/campaigns: the user's campaigns, newest first. */
export async function campaignsToCheck(): Promise<CampaignListed[]> {
  return (await apiRequest<{ campaigns: CampaignListed[] }>('/api/campaigns')).campaigns;
}

export function campaignQc(
  id: number,
  thresholds: { z_prime_min: number; cv_max_pct: number },
): Promise<CampaignQc> {
  const q = new URLSearchParams({
    z_prime_min: String(thresholds.z_prime_min),
    cv_max_pct: String(thresholds.cv_max_pct),
  });
  return apiRequest<CampaignQc>(`/api/campaigns/${id}/qc?${q}`);
}
