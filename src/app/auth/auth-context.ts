/** The shape of the auth context and the hook that reads it. */
import { createContext, useContext } from 'react';
import type { Session } from '@supabase/supabase-js';
import type { AuthUser } from '../../api/types';

/** loading -> signed out | signed in | developer mode (spec section 4). */
export type AuthStatus = 'loading' | 'signed-out' | 'signed-in' | 'developer';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  session: Session | null;
  /** The auth error to show (start-up, sign-in, sign-out, an error_description in the URL). */
  error: string | null;
  /** The server offers developer mode. */
  devAvailable: boolean;
  /** Supabase URL and anonymous key are known, so Google sign-in can work. */
  googleConfigured: boolean;
}

export interface AuthContextValue extends AuthState {
  loading: boolean;
  devMode: boolean;
  /** Starts Google sign-in; rejects with a message to show. */
  signInWithGoogle(redirectTo?: string): Promise<void>;
  /** Ends the session (or developer mode); on failure sets the auth error and resolves false. */
  signOut(): Promise<boolean>;
  /** POST /api/dev/login; rejects with the message to show. */
  enableDevMode(secret: string): Promise<void>;
  /** POST /api/dev/logout, then forgets the developer user; rejects with the message to show. */
  disableDevMode(): Promise<void>;
  clearError(): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The auth context; only valid under AuthProvider. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
