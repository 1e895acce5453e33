// A hand-written auth context value for component tests: it stands in for Supabase (the
// hosted identity provider) and records the calls the page makes.
import { vi } from 'vitest';
import type { AuthContextValue } from '../../../src/app/auth/auth-context';

export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    status: 'signed-out',
    user: null,
    session: null,
    error: null,
    devAvailable: false,
    googleConfigured: false,
    loading: false,
    devMode: false,
    signInWithGoogle: vi.fn(async () => undefined),
    signOut: vi.fn(async () => true),
    enableDevMode: vi.fn(async () => undefined),
    disableDevMode: vi.fn(async () => undefined),
    clearError: vi.fn(),
    ...overrides,
  };
}
