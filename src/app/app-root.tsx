/** The element above every route: auth context and the API client's view of the path. */
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { notePathname } from '../api/http-client';
import { AuthProvider } from './auth/auth-provider';

/** Tells the API client where the browser is, so a pending /login redirect can end. */
function PathWatcher() {
  const { pathname } = useLocation();
  useEffect(() => notePathname(pathname), [pathname]);
  return null;
}

export function AppRoot() {
  return (
    <AuthProvider>
      <PathWatcher />
      <Outlet />
    </AuthProvider>
  );
}
