// @vitest-environment happy-dom
// The login page against a hand-written auth context (fake-auth.ts stands in for Supabase).
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthContext } from '../../../src/app/auth/auth-context';
import type { AuthContextValue } from '../../../src/app/auth/auth-context';
import { DEVELOPER_USER } from '../../../src/app/auth/developer-user';
import { LoginPage } from '../../../src/app/login/login-page';
import { fakeAuth } from './fake-auth';

afterEach(cleanup);

function renderLogin(auth: AuthContextValue, state?: unknown) {
  return render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter initialEntries={[{ pathname: '/login', state }]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/experiments" element={<p>list page</p>} />
          <Route path="/experiments/:id" element={<p>designer page</p>} />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

describe('LoginPage', () => {
  it('shows "Preparing your workspace…" while loading', () => {
    renderLogin(fakeAuth({ loading: true, status: 'loading' }));
    expect(screen.getByText('Preparing your workspace…')).toBeTruthy();
  });

  it('disables Google sign-in and names the missing settings when unconfigured', () => {
    renderLogin(fakeAuth());
    const button = screen.getByRole('button', { name: /credentials/i }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Google sign-in requires credentials');
    const hint = screen.getByText(/SUPABASE_URL/);
    expect(hint.textContent).toContain('SUPABASE_ANON_KEY');
    expect(screen.getByText(/only request your name and email/)).toBeTruthy();
    expect(screen.getByText('Need access?')).toBeTruthy();
  });

  it('offers "Continue with Google" when configured, and calls sign-in', async () => {
    const auth = fakeAuth({ googleConfigured: true });
    renderLogin(auth);
    const button = screen.getByRole('button', { name: 'Continue with Google' });
    await act(async () => fireEvent.click(button));
    expect(auth.signInWithGoogle).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Redirecting to Google…' })).toBeTruthy();
  });

  it('shows the route-state error, and the local error before it', async () => {
    const auth = fakeAuth({
      googleConfigured: true,
      error: 'context error',
      signInWithGoogle: async () => {
        throw new Error('Unable to sign in with Google');
      },
    });
    renderLogin(auth, { error: 'Session expired. Please log in again.' });
    expect(screen.getByRole('alert').textContent).toBe('Session expired. Please log in again.');
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' })),
    );
    expect(screen.getByRole('alert').textContent).toBe('Unable to sign in with Google');
  });

  it('hides the developer switch unless the server offers developer mode', () => {
    renderLogin(fakeAuth());
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('developer switch: on asks for the secret, Enter unlocks, failures are shown', async () => {
    const auth = fakeAuth({
      devAvailable: true,
      enableDevMode: async () => {
        throw new Error('Invalid secret key');
      },
    });
    renderLogin(auth);
    const toggle = screen.getByRole('switch', { name: 'Developer mode' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await act(async () => fireEvent.click(toggle));
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText(/Authentication is bypassed/)).toBeTruthy();
    const field = screen.getByLabelText('Developer secret') as HTMLInputElement;
    expect(field.type).toBe('password');
    expect(document.activeElement).toBe(field);
    const unlock = screen.getByRole('button', { name: 'Unlock' }) as HTMLButtonElement;
    expect(unlock.disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'wrong' } });
    await act(async () => fireEvent.submit(field.form as HTMLFormElement));
    expect(screen.getByRole('alert').textContent).toBe('Invalid secret key');
  });

  it('sends an authenticated user to the originally requested location', () => {
    renderLogin(fakeAuth({ user: { ...DEVELOPER_USER, id: 'u1' }, status: 'signed-in' }), {
      from: { pathname: '/experiments/4', search: '?onboard=add-reagents', hash: '' },
    });
    expect(screen.getByText('designer page')).toBeTruthy();
  });

  it('does not redirect the developer identity unless developer mode is on', () => {
    renderLogin(fakeAuth({ user: DEVELOPER_USER, devMode: false, status: 'signed-out' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    cleanup();
    renderLogin(fakeAuth({ user: DEVELOPER_USER, devMode: true, status: 'developer' }));
    expect(screen.getByText('list page')).toBeTruthy();
  });
});
