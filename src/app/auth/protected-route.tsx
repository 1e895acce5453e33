/** Guards the signed-in part of the app: waits for the session, else sends to /login. */
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageStatus } from '../../panels/ui/page-status';
import { useAuth } from './auth-context';

export function ProtectedRoute() {
  const { loading, user } = useAuth();
  const location = useLocation();
  if (loading) return <PageStatus message="Checking your session…" />;
  if (!user) {
    const { pathname, search, hash } = location;
    return <Navigate to="/login" replace state={{ from: { pathname, search, hash } }} />;
  }
  return <Outlet />;
}
