/** Runtime client configuration served by the API. */
import { apiRequest } from './http-client';
import type { ClientConfig } from './types';

/** GET /api/client-config: the Supabase URL and anonymous key, null when not configured. */
export function getClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return apiRequest<ClientConfig>('/api/client-config', { signal, authRedirect: false });
}
