/** Developer-mode calls. A 401 here means a wrong secret, never an expired session. */
import { apiRequest } from './http-client';
import type { DevLoginResult, DevStatus } from './types';

/** GET /api/dev/status. */
export function getDevStatus(signal?: AbortSignal): Promise<DevStatus> {
  return apiRequest<DevStatus>('/api/dev/status', { signal, authRedirect: false });
}

/** POST /api/dev/login {secret}: sets the developer cookie on success. */
export function devLogin(secret: string): Promise<DevLoginResult> {
  return apiRequest<DevLoginResult>('/api/dev/login', {
    method: 'POST',
    body: { secret },
    authRedirect: false,
  });
}

/** POST /api/dev/logout: clears the developer cookie. */
export function devLogout(): Promise<void> {
  return apiRequest<void>('/api/dev/logout', { method: 'POST', authRedirect: false });
}
