/** /login: Google sign-in, developer mode when the server offers it (spec section 2). */
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { CREDENTIALS_REQUIRED_LABEL } from '../auth/auth-messages';
import { isDeveloperUser } from '../auth/developer-user';
import { loginRedirectTarget } from '../auth/redirect-path';
import type { FromLocation } from '../auth/redirect-path';
import { ErrorBox } from '../../panels/ui/error-box';
import { PageStatus } from '../../panels/ui/page-status';
import { Spinner } from '../../panels/ui/spinner';
import { DeveloperModePanel } from './developer-mode-panel';
import { GoogleMark } from './google-mark';
import { loginErrorToShow } from './login-error';

interface LoginRouteState {
  from?: FromLocation;
  error?: string;
}

export function LoginPage() {
  const auth = useAuth();
  const location = useLocation();
  const routeState = (location.state ?? {}) as LoginRouteState;
  const [localError, setLocalError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const target = loginRedirectTarget(routeState.from);

  if (auth.loading) return <PageStatus message="Preparing your workspace…" />;
  // The developer identity only counts while developer mode is on.
  if (auth.user && (!isDeveloperUser(auth.user) || auth.devMode)) {
    return <Navigate to={target} replace />;
  }

  const signIn = async () => {
    setLocalError(null);
    setRedirecting(true);
    try {
      await auth.signInWithGoogle(target === '/experiments' ? undefined : target);
    } catch (error) {
      setLocalError((error as Error).message);
      setRedirecting(false);
    }
  };

  const error = loginErrorToShow(localError, routeState.error, auth.error);
  const googleLabel = !auth.googleConfigured
    ? CREDENTIALS_REQUIRED_LABEL
    : redirecting
      ? 'Redirecting to Google…'
      : 'Continue with Google';

  return (
    <div className="login">
      <main className="login__card" aria-labelledby="login-title">
        <div className="login__brand">
          <span className="brand-mark" aria-hidden="true" />
          Plate Workstation
        </div>
        <h1 id="login-title" className="login__title">
          Sign in
        </h1>
        <p className="login__lead">Plan and run microplate experiments, from 6 to 1536 wells.</p>

        {error && <ErrorBox message={error} />}

        <button
          type="button"
          className="btn btn--google"
          disabled={!auth.googleConfigured || redirecting}
          aria-describedby={auth.googleConfigured ? undefined : 'google-credentials-hint'}
          onClick={() => void signIn()}
        >
          {redirecting ? <Spinner /> : <GoogleMark />}
          {googleLabel}
        </button>
        {!auth.googleConfigured && (
          <p id="google-credentials-hint" className="hint">
            Google sign-in needs the auth backend credentials: set SUPABASE_URL and
            SUPABASE_ANON_KEY on the server.
          </p>
        )}
        <p className="login__privacy">
          We only request your name and email address from your Google account.
        </p>

        {auth.devAvailable && <DeveloperModePanel onError={setLocalError} />}

        <footer className="login__footer">
          <strong>Need access?</strong> Contact the product team to be added to the workspace.
        </footer>
      </main>
    </div>
  );
}
