/** The fixed developer identity used while developer mode is on (it has no session). */
import { ApiError } from '../../api/api-error';
import type { AuthUser } from '../../api/types';

export const DEVELOPER_USER_ID = 'developer';

/** The Developer user as the server describes it; used when only /api/dev/status is known. */
export const DEVELOPER_USER: AuthUser = {
  id: DEVELOPER_USER_ID,
  email: 'developer@localhost',
  user_metadata: { name: 'Developer', full_name: 'Developer' },
  app_metadata: {},
  aud: 'authenticated',
  created_at: '2024-01-01T00:00:00.000Z',
};

/** True for the local developer identity. */
export function isDeveloperUser(user: AuthUser | null | undefined): boolean {
  return user?.id === DEVELOPER_USER_ID;
}

/** The message for a failed developer login (spec section 8). */
export function devLoginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.detail) return error.detail;
    return error.status === 401 ? 'Invalid secret key' : 'Login failed';
  }
  return 'Failed to enable dev mode';
}
