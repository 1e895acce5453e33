/** /auth/callback: Supabase finishes the PKCE exchange in the auth context; this page routes on. */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { PageStatus } from '../../panels/ui/page-status';
import { decideCallback } from './callback-decision';

export function AuthCallbackPage() {
  const { error, user, loading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const decision = decideCallback({
      search: location.search,
      authError: error,
      hasUser: Boolean(user),
      loading,
    });
    if (decision.kind === 'wait') return;
    void navigate(decision.to, {
      replace: true,
      state: decision.error ? { error: decision.error } : undefined,
    });
  }, [location.search, error, user, loading, navigate]);

  return <PageStatus message="Completing sign-in…" />;
}
