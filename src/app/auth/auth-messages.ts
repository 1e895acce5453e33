/** Messages of the sign-in flow (spec sections 2, 4 and 8), verbatim. */
export const SESSION_INIT_TIMEOUT = 'Session initialization timed out';
export const SESSION_INIT_FAILED = 'Failed to initialize session';
export const SIGN_OUT_FAILED = 'Unable to sign out';
export const GOOGLE_SIGN_IN_FAILED = 'Unable to sign in with Google';
export const AUTHENTICATION_FAILED = 'Authentication failed. Please try again.';
/** Shown when Google sign-in is attempted without a configured auth backend. */
export const CREDENTIALS_NOT_CONFIGURED =
  'Google sign-in is unavailable: the auth backend credentials (SUPABASE_URL and SUPABASE_ANON_KEY) are not configured.';
/** Label of the disabled Google button when the credentials are missing. */
export const CREDENTIALS_REQUIRED_LABEL = 'Google sign-in requires credentials';
export const DEV_LOGOUT_FAILED = 'Unable to turn off developer mode. Please try again.';

/** Time limits of start-up (spec section 9). */
export const DEV_STATUS_TIMEOUT_MS = 5_000;
export const SESSION_INIT_TIMEOUT_MS = 10_000;
