// Renders the real AuthProvider inside a memory router with a probe that prints its state
// and keeps the latest context value for the test to call.
import { useEffect } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useAuth } from '../../../src/app/auth/auth-context';
import type { AuthContextValue } from '../../../src/app/auth/auth-context';
import { AuthProvider } from '../../../src/app/auth/auth-provider';

export const latest: { auth: AuthContextValue | null } = { auth: null };

function keepLatest(auth: AuthContextValue) {
  latest.auth = auth;
}

function Probe() {
  const auth = useAuth();
  const location = useLocation();
  useEffect(() => keepLatest(auth), [auth]);
  const state = location.state as { error?: string } | null;
  return (
    <dl>
      <dd data-testid="status">{auth.status}</dd>
      <dd data-testid="user">{auth.user?.id ?? ''}</dd>
      <dd data-testid="error">{auth.error ?? ''}</dd>
      <dd data-testid="dev-available">{String(auth.devAvailable)}</dd>
      <dd data-testid="google">{String(auth.googleConfigured)}</dd>
      <dd data-testid="path">{location.pathname + location.search}</dd>
      <dd data-testid="route-error">{state?.error ?? ''}</dd>
    </dl>
  );
}

/** Mounts AuthProvider at `path`. */
export function renderAuth(path = '/experiments') {
  latest.auth = null;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AuthProvider>
        <Routes>
          <Route path="*" element={<Probe />} />
        </Routes>
      </AuthProvider>
    </MemoryRouter>,
  );
}
