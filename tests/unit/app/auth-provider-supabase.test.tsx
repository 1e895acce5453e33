// @vitest-environment happy-dom
// The auth context with Google sign-in configured. @supabase/supabase-js is replaced by a
// hand-written double (Supabase is the hosted identity provider); the API is a fake fetch
// (a test double of the client's network layer only, see tests/unit/api/fake-fetch.ts).
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, notePathname } from '../../../src/api/http-client';
import { installFakeFetch } from '../api/fake-fetch';
import type { FakeFetch } from '../api/fake-fetch';
import { latest, renderAuth } from './auth-harness';

type Listener = (event: string, session: unknown) => void;

const supabase = vi.hoisted(() => {
  const state = {
    createArgs: [] as unknown[][],
    listeners: [] as ((event: string, session: unknown) => void)[],
    session: null as unknown,
    getSession: null as null | (() => Promise<unknown>),
    oauthError: null as unknown,
    oauthCalls: [] as unknown[],
  };
  const client = {
    auth: {
      getSession: () =>
        state.getSession
          ? state.getSession()
          : Promise.resolve({ data: { session: state.session }, error: null }),
      onAuthStateChange: (listener: (event: string, session: unknown) => void) => {
        state.listeners.push(listener);
        return { data: { subscription: { unsubscribe: () => undefined } } };
      },
      signInWithOAuth: (args: unknown) => {
        state.oauthCalls.push(args);
        return Promise.resolve({ data: {}, error: state.oauthError });
      },
      signOut: () => Promise.resolve({ error: null }),
    },
  };
  return { state, client };
});

vi.mock('@supabase/supabase-js', () => ({
  createClient: (...args: unknown[]) => {
    supabase.state.createArgs.push(args);
    return supabase.client;
  },
}));

let net: FakeFetch;
const text = (id: string) => screen.getByTestId(id).textContent;
const SESSION = {
  access_token: 'jwt-abc',
  user: {
    id: 'google-user',
    email: 'ada@lab.org',
    user_metadata: { full_name: 'Ada Lovelace' },
    app_metadata: {},
    aud: 'authenticated',
    created_at: '2025-01-01T00:00:00Z',
  },
};

async function settle() {
  await act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
  });
}

async function start(path = '/experiments') {
  net.respond(200, { enabled: false, dev: false });
  net.respond(200, { supabase_url: 'https://project.supabase.co', supabase_anon_key: 'anon-key' });
  renderAuth(path);
  await settle();
}

beforeEach(() => {
  net = installFakeFetch();
  notePathname('/login');
  Object.assign(supabase.state, {
    listeners: [],
    session: null,
    getSession: null,
    oauthError: null,
    oauthCalls: [],
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('AuthProvider with Supabase', () => {
  it('creates one PKCE client from the served settings and restores the session', async () => {
    supabase.state.session = SESSION;
    await start();
    expect(supabase.state.createArgs).toHaveLength(1);
    const [url, key, options] = supabase.state.createArgs[0] as [string, string, { auth: object }];
    expect(url).toBe('https://project.supabase.co');
    expect(key).toBe('anon-key');
    expect(options.auth).toMatchObject({ flowType: 'pkce', detectSessionInUrl: true });
    expect(text('status')).toBe('signed-in');
    expect(text('user')).toBe('google-user');
    expect(text('google')).toBe('true');
  });

  it('sends the session token as a bearer token', async () => {
    supabase.state.session = SESSION;
    await start();
    net.respond(200, []);
    await apiRequest('/api/experiments/');
    expect(net.calls.at(-1)?.headers.Authorization).toBe('Bearer jwt-abc');
  });

  it('asks Google for email and profile with the account chooser, back to /auth/callback', async () => {
    await start('/login');
    await latest.auth!.signInWithGoogle('/experiments/4?onboard=add-reagents');
    expect(supabase.state.oauthCalls[0]).toEqual({
      provider: 'google',
      options: {
        redirectTo: `${window.location.origin}/auth/callback?redirect_to=${encodeURIComponent('/experiments/4?onboard=add-reagents')}`,
        scopes: 'email profile',
        queryParams: { prompt: 'select_account' },
      },
    });
  });

  it('rejects with "Unable to sign in with Google" when the provider refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await start('/login');
    supabase.state.oauthError = { message: 'provider disabled' };
    await expect(latest.auth!.signInWithGoogle()).rejects.toThrow('Unable to sign in with Google');
  });

  it('a sign-in event clears the error and removes the OAuth parameters from the URL', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    supabase.state.getSession = () => Promise.reject(new Error('storage broken'));
    await start('/experiments?code=c1&state=s&scope=email&authuser=0&prompt=none&tab=2');
    expect(text('error')).toBe('Failed to initialize session');
    const listener = supabase.state.listeners.at(-1) as Listener;
    await act(async () => listener('SIGNED_IN', SESSION));
    await settle();
    expect(text('error')).toBe('');
    expect(text('status')).toBe('signed-in');
    expect(text('path')).toBe('/experiments?tab=2');
  });

  it('"Session initialization timed out" when Supabase does not answer in 10 s', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    supabase.state.getSession = () => new Promise(() => undefined);
    net.respond(200, { enabled: false, dev: false });
    net.respond(200, {
      supabase_url: 'https://project.supabase.co',
      supabase_anon_key: 'anon-key',
    });
    renderAuth('/experiments');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(text('error')).toBe('Session initialization timed out');
    expect(text('status')).toBe('signed-out');
  });
});
