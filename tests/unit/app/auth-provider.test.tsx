// @vitest-environment happy-dom
// The auth context's start-up and developer mode, with a fake fetch (a test double of the
// API client's network layer only, see tests/unit/api/fake-fetch.ts). Supabase is not
// configured here (client-config answers nulls), so no identity provider is involved.
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, notePathname } from '../../../src/api/http-client';
import { installFakeFetch } from '../api/fake-fetch';
import type { FakeFetch } from '../api/fake-fetch';
import { latest, renderAuth } from './auth-harness';

let net: FakeFetch;
const text = (id: string) => screen.getByTestId(id).textContent;
const NO_SUPABASE = { supabase_url: null, supabase_anon_key: null };
const DEV_USER = {
  id: 'developer',
  email: 'developer@localhost',
  user_metadata: { name: 'Developer', full_name: 'Developer' },
  app_metadata: {},
  aud: 'authenticated',
  created_at: '2024-01-01T00:00:00.000Z',
};

async function settle() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

beforeEach(() => {
  net = installFakeFetch();
  notePathname('/login');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('AuthProvider start-up', () => {
  it('is signed out with Google unconfigured when the server has no Supabase settings', async () => {
    net.respond(200, { enabled: true, dev: false });
    net.respond(200, NO_SUPABASE);
    renderAuth();
    expect(text('status')).toBe('loading');
    await settle();
    expect(text('status')).toBe('signed-out');
    expect(text('dev-available')).toBe('true');
    expect(text('google')).toBe('false');
    expect(text('error')).toBe('');
    expect(net.calls.map((c) => c.url)).toEqual(['/api/dev/status', '/api/client-config']);
  });

  it('starts as the Developer user when the developer cookie is still valid', async () => {
    net.respond(200, { enabled: true, dev: true });
    net.respond(200, NO_SUPABASE);
    renderAuth();
    await settle();
    expect(text('status')).toBe('developer');
    expect(text('user')).toBe('developer');
  });

  it('warns and proceeds when the developer status does not answer within 5 s', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    net.hang();
    net.respond(200, NO_SUPABASE);
    renderAuth();
    await settle();
    expect(text('status')).toBe('loading');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    await settle();
    expect(warn).toHaveBeenCalled();
    expect(text('status')).toBe('signed-out');
    expect(text('dev-available')).toBe('false');
  });

  it('reports "Failed to initialize session" when the settings cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    net.respond(200, { enabled: false, dev: false });
    net.respond(500, 'down', 'Internal Server Error');
    renderAuth();
    await settle();
    expect(text('status')).toBe('signed-out');
    expect(text('error')).toBe('Failed to initialize session');
  });

  it('reports "Session initialization timed out" after 10 s', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    net.respond(200, { enabled: false, dev: false });
    net.hang();
    renderAuth();
    await settle();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    await settle();
    expect(text('error')).toBe('Session initialization timed out');
  });

  it('shows an error_description from the URL and removes it', async () => {
    net.respond(200, { enabled: false, dev: false });
    net.respond(200, NO_SUPABASE);
    renderAuth('/login?error_description=Access%20denied&keep=1');
    await settle();
    expect(text('error')).toBe('Access denied');
    expect(text('path')).toBe('/login?keep=1');
  });
});

async function started() {
  net.respond(200, { enabled: true, dev: false });
  net.respond(200, NO_SUPABASE);
  renderAuth('/login');
  await settle();
}

describe('developer mode', () => {
  it('enable sets the Developer user from the server answer; disable clears it', async () => {
    await started();
    net.respond(200, { enabled: true, dev: true, user: DEV_USER });
    await act(() => latest.auth!.enableDevMode('right'));
    expect(text('status')).toBe('developer');
    expect(text('user')).toBe('developer');
    net.respond(204);
    await act(() => latest.auth!.disableDevMode());
    expect(text('status')).toBe('signed-out');
    expect(text('user')).toBe('');
  });

  it('a wrong secret rejects with the server detail', async () => {
    await started();
    net.respond(401, { detail: 'Invalid secret key' }, 'Unauthorized');
    await expect(latest.auth!.enableDevMode('wrong')).rejects.toThrow('Invalid secret key');
    expect(text('path')).toBe('/login');
  });

  it('an unreachable server rejects with "Failed to enable dev mode"', async () => {
    await started();
    net.fail(new TypeError('Failed to fetch'));
    await expect(latest.auth!.enableDevMode('x')).rejects.toThrow('Failed to enable dev mode');
  });

  it('sign-out in developer mode logs out of developer mode', async () => {
    await started();
    net.respond(200, { enabled: true, dev: true, user: DEV_USER });
    await act(() => latest.auth!.enableDevMode('right'));
    net.respond(204);
    let ok = false;
    await act(async () => {
      ok = await latest.auth!.signOut();
    });
    expect(ok).toBe(true);
    expect(net.calls.at(-1)?.url).toBe('/api/dev/logout');
    expect(text('user')).toBe('');
  });

  it('sign-out failure says "Unable to sign out"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await started();
    net.respond(200, { enabled: true, dev: true, user: DEV_USER });
    await act(() => latest.auth!.enableDevMode('right'));
    net.respond(500, 'x', 'Internal Server Error');
    await act(async () => {
      await latest.auth!.signOut();
    });
    expect(text('error')).toBe('Unable to sign out');
  });
});

describe('401 from the API', () => {
  it('forgets the developer user and goes to /login with "Session expired"', async () => {
    net.respond(200, { enabled: true, dev: true });
    net.respond(200, NO_SUPABASE);
    renderAuth('/experiments');
    await settle();
    expect(text('user')).toBe('developer');
    net.respond(401, { detail: 'Authentication required' }, 'Unauthorized');
    await act(async () => {
      await apiRequest('/api/experiments/').catch(() => undefined);
    });
    await settle();
    expect(text('path')).toBe('/login');
    expect(text('route-error')).toBe('Session expired. Please log in again.');
    expect(text('user')).toBe('');
  });
});
