/** Start-up steps of the auth context, outside React: developer status, then the session. */
import type { Session } from '@supabase/supabase-js';
import { getDevStatus } from '../../api/dev-mode';
import type { DevStatus } from '../../api/types';
import {
  DEV_STATUS_TIMEOUT_MS,
  SESSION_INIT_FAILED,
  SESSION_INIT_TIMEOUT,
  SESSION_INIT_TIMEOUT_MS,
} from './auth-messages';
import { createSupabase, resolveSupabaseConfig } from './supabase-client';
import { TimeoutError, withTimeout } from '../../api/with-timeout';

/** GET /api/dev/status within 5 s; on time-out or failure it warns and answers null. */
export async function checkDevStatus(): Promise<DevStatus | null> {
  const controller = new AbortController();
  try {
    return await withTimeout(
      getDevStatus(controller.signal),
      DEV_STATUS_TIMEOUT_MS,
      'Developer mode status check timed out',
      () => controller.abort(),
    );
  } catch (error) {
    console.warn('Developer mode status unavailable; continuing without it', error);
    return null;
  }
}

export interface SessionStart {
  googleConfigured: boolean;
  session: Session | null;
  error: string | null;
}

/**
 * Finds the Supabase settings, creates the client and reads the session (which completes a
 * PKCE callback), all within 10 s. Without settings there is simply no session.
 */
export async function startSession(): Promise<SessionStart> {
  let googleConfigured = false;
  try {
    return await withTimeout(
      (async () => {
        const config = await resolveSupabaseConfig();
        if (!config) return { googleConfigured: false, session: null, error: null };
        googleConfigured = true;
        const client = await createSupabase(config);
        const { data, error } = await client.auth.getSession();
        if (error) throw error;
        return { googleConfigured: true, session: data.session, error: null };
      })(),
      SESSION_INIT_TIMEOUT_MS,
      SESSION_INIT_TIMEOUT,
    );
  } catch (error) {
    console.error('Session initialisation failed', error);
    const message = error instanceof TimeoutError ? SESSION_INIT_TIMEOUT : SESSION_INIT_FAILED;
    return { googleConfigured, session: null, error: message };
  }
}
