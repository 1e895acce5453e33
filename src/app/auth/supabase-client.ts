/**
 * The Supabase client, created once and only when the project URL and anonymous key are known.
 * supabase-js is loaded on demand so that an unconfigured deployment never downloads it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { getClientConfig } from '../../api/client-config';

/** The two settings Google sign-in needs; both are named in the credentials-required hint. */
export interface SupabaseConfig {
  url: string;
  anonKey: string;
}

/** Fixed key of the stored session, so that several tabs share one session. */
export const SESSION_STORAGE_KEY = 'plate-workstation-auth';

let client: SupabaseClient | null = null;
let creating: Promise<SupabaseClient> | null = null;

/** Build-time settings win; otherwise null. */
export function buildTimeSupabaseConfig(env: Record<string, unknown>): SupabaseConfig | null {
  return pickConfig(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY);
}

/** A usable config from two raw values, or null when either is missing. */
export function pickConfig(url: unknown, anonKey: unknown): SupabaseConfig | null {
  const u = typeof url === 'string' ? url.trim() : '';
  const k = typeof anonKey === 'string' ? anonKey.trim() : '';
  return u && k ? { url: u, anonKey: k } : null;
}

/** VITE_SUPABASE_URL/VITE_SUPABASE_ANON_KEY, else the server's GET /api/client-config. */
export async function resolveSupabaseConfig(): Promise<SupabaseConfig | null> {
  const fromBuild = buildTimeSupabaseConfig(import.meta.env as Record<string, unknown>);
  if (fromBuild) return fromBuild;
  const served = await getClientConfig();
  return pickConfig(served.supabase_url, served.supabase_anon_key);
}

/** Creates the client (PKCE; the callback's ?code= is exchanged on initialisation). */
export function createSupabase(config: SupabaseConfig): Promise<SupabaseClient> {
  // One promise for every caller: two clients would race for the same stored session.
  creating ??= import('@supabase/supabase-js').then(({ createClient }) => {
    client = createClient(config.url, config.anonKey, {
      auth: {
        flowType: 'pkce',
        detectSessionInUrl: true,
        persistSession: true,
        autoRefreshToken: true,
        storageKey: SESSION_STORAGE_KEY,
      },
    });
    return client;
  });
  return creating;
}

/** The client if it was created, else null (credentials not configured). */
export function supabaseClient(): SupabaseClient | null {
  return client;
}
