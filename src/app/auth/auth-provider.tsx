/** Holds who is signed in: a Supabase session, the developer user, or nobody. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Location } from 'react-router-dom';
import type { Session } from '@supabase/supabase-js';
import { SESSION_EXPIRED_MESSAGE } from '../../api/api-error';
import { devLogin, devLogout } from '../../api/dev-mode';
import { setAccessTokenProvider, setUnauthorizedHandler } from '../../api/http-client';
import type { AuthUser } from '../../api/types';
import { AuthContext } from './auth-context';
import type { AuthContextValue, AuthState, AuthStatus } from './auth-context';
import {
  CREDENTIALS_NOT_CONFIGURED,
  DEV_LOGOUT_FAILED,
  GOOGLE_SIGN_IN_FAILED,
  SIGN_OUT_FAILED,
} from './auth-messages';
import { checkDevStatus, startSession } from './auth-startup';
import { DEVELOPER_USER, devLoginErrorMessage } from './developer-user';
import { stripOAuthParams } from './oauth-params';
import { supabaseClient } from './supabase-client';

const INITIAL: AuthState = {
  status: 'loading',
  user: null,
  session: null,
  error: null,
  devAvailable: false,
  googleConfigured: false,
};

function statusOf(devUser: AuthUser | null, session: Session | null): AuthStatus {
  if (devUser) return 'developer';
  return session ? 'signed-in' : 'signed-out';
}

/** Provides useAuth() to the tree; must sit inside the router (it navigates on 401). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  // Handlers outside React's render (401, Supabase events) read the latest router values.
  const navigateRef = useRef(navigate);
  const locationRef = useRef<Location>(location);
  useEffect(() => {
    navigateRef.current = navigate;
    locationRef.current = location;
  }, [navigate, location]);
  const [state, setState] = useState<AuthState>(INITIAL);
  // The developer user and the Supabase session are tracked apart: developer mode wins while on.
  const devUserRef = useRef<AuthUser | null>(null);
  const sessionRef = useRef<Session | null>(null);

  const publish = useCallback((changes: Partial<AuthState> = {}) => {
    const devUser = devUserRef.current;
    const session = sessionRef.current;
    setState((s) => ({
      ...s,
      ...changes,
      session,
      user: devUser ?? (session?.user as AuthUser | undefined) ?? null,
      status: statusOf(devUser, session),
    }));
  }, []);

  /** Removes the OAuth parameters from the address bar, keeping the router in step. */
  const cleanUrl = useCallback((names?: readonly string[]) => {
    const { pathname, hash, state: routeState } = locationRef.current;
    // The callback page leaves its URL behind anyway; a second navigation would race with it.
    if (pathname === '/auth/callback') return;
    const { search, changed } = stripOAuthParams(locationRef.current.search, names);
    if (!changed) return;
    void navigateRef.current({ pathname, search, hash }, { replace: true, state: routeState });
  }, []);

  useEffect(() => {
    setAccessTokenProvider(async () => {
      const client = supabaseClient();
      if (!client || !sessionRef.current) return null;
      const { data, error } = await client.auth.getSession();
      if (error) throw error;
      return data.session?.access_token ?? null;
    });
    setUnauthorizedHandler(() => {
      // The server refused our credentials: forget them, or /login would bounce straight back.
      devUserRef.current = null;
      if (sessionRef.current) {
        sessionRef.current = null;
        void supabaseClient()
          ?.auth.signOut({ scope: 'local' })
          .catch(() => undefined);
      }
      publish();
      const { pathname, search, hash } = locationRef.current;
      void navigateRef.current('/login', {
        replace: true,
        state: { error: SESSION_EXPIRED_MESSAGE, from: { pathname, search, hash } },
      });
    });
    return () => {
      setAccessTokenProvider(null);
      setUnauthorizedHandler(null);
    };
  }, [publish]);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    const urlError = stripOAuthParams(locationRef.current.search).errorDescription;
    // Only error_description now: `code` must stay until Supabase has exchanged it.
    if (urlError) cleanUrl(['error_description']);

    void (async () => {
      const dev = await checkDevStatus();
      if (dev?.dev) devUserRef.current = DEVELOPER_USER;
      const start = await startSession();
      if (cancelled) return;
      sessionRef.current = start.session;
      if (start.session) cleanUrl();
      const client = supabaseClient();
      if (client) {
        const { data } = client.auth.onAuthStateChange((event, session) => {
          sessionRef.current = session;
          if (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED') {
            publish({ error: null });
            cleanUrl();
          } else {
            publish();
          }
        });
        unsubscribe = () => data.subscription.unsubscribe();
      }
      publish({
        devAvailable: dev?.enabled ?? false,
        googleConfigured: start.googleConfigured,
        error: urlError ?? start.error,
      });
    })();
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [cleanUrl, publish]);

  const signInWithGoogle = useCallback(async (redirectTo?: string) => {
    const client = supabaseClient();
    if (!client) throw new Error(CREDENTIALS_NOT_CONFIGURED);
    const query = redirectTo ? `?redirect_to=${encodeURIComponent(redirectTo)}` : '';
    let failed = false;
    try {
      const { error } = await client.auth.signInWithOAuth({
        provider: 'google',
        options: {
          redirectTo: `${window.location.origin}/auth/callback${query}`,
          scopes: 'email profile',
          queryParams: { prompt: 'select_account' },
        },
      });
      failed = Boolean(error);
      if (error) console.error('Google sign-in failed', error);
    } catch (error) {
      console.error('Google sign-in failed', error);
      failed = true;
    }
    if (failed) throw new Error(GOOGLE_SIGN_IN_FAILED);
  }, []);

  const enableDevMode = useCallback(
    async (secret: string) => {
      try {
        const result = await devLogin(secret);
        // The server's user names no email as null and may leave out created_at.
        const { email, created_at, ...user } = result.user;
        devUserRef.current = {
          ...user,
          ...(email !== null && { email }),
          created_at: created_at ?? DEVELOPER_USER.created_at,
        };
      } catch (error) {
        throw new Error(devLoginErrorMessage(error), { cause: error });
      }
      publish({ error: null, devAvailable: true });
    },
    [publish],
  );

  const disableDevMode = useCallback(async () => {
    try {
      await devLogout();
    } catch (error) {
      throw new Error(DEV_LOGOUT_FAILED, { cause: error });
    }
    devUserRef.current = null;
    publish();
  }, [publish]);

  const signOut = useCallback(async () => {
    try {
      if (devUserRef.current) {
        await devLogout();
        devUserRef.current = null;
      }
      const client = supabaseClient();
      if (client && sessionRef.current) {
        const { error } = await client.auth.signOut();
        if (error) throw error;
        sessionRef.current = null;
      }
    } catch (error) {
      console.error('Sign-out failed', error);
      publish({ error: SIGN_OUT_FAILED });
      return false;
    }
    publish({ error: null });
    return true;
  }, [publish]);

  const clearError = useCallback(() => setState((s) => ({ ...s, error: null })), []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      loading: state.status === 'loading',
      devMode: state.status === 'developer',
      signInWithGoogle,
      signOut,
      enableDevMode,
      disableDevMode,
      clearError,
    }),
    [state, signInWithGoogle, signOut, enableDevMode, disableDevMode, clearError],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
