/** The routes of spec section 2. Heavy pages load on demand (React.lazy). */
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { AppRoot } from './app-root';
import { AuthCallbackPage } from './auth-callback/auth-callback-page';
import { ProtectedRoute } from './auth/protected-route';
import { LoginPage } from './login/login-page';
import { PageStatus } from '../panels/ui/page-status';

const ExperimentsPage = lazy(() => import('./experiments/experiments-page'));
// The designer brings the WebGL plate; it must stay out of the main chunk.
const DesignerRoute = lazy(() => import('./designer/designer-route'));
const DevUploadPage = lazy(() => import('./dev-upload/dev-upload-page'));
const CampaignsPage = lazy(() => import('./campaigns/campaigns-page'));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageStatus message="Loading…" />}>{children}</Suspense>;
}

/** /experiments/:id takes numeric ids only; anything else is an unknown path. */
function NumericExperimentRoute() {
  const { id = '' } = useParams();
  if (!/^\d+$/.test(id)) return <Navigate to="/login" replace />;
  return (
    <Lazy>
      <DesignerRoute />
    </Lazy>
  );
}

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      {
        element: <ProtectedRoute />,
        children: [
          {
            path: '/experiments',
            element: (
              <Lazy>
                <ExperimentsPage />
              </Lazy>
            ),
          },
          { path: '/experiments/:id', element: <NumericExperimentRoute /> },
          {
            path: '/campaigns',
            element: (
              <Lazy>
                <CampaignsPage />
              </Lazy>
            ),
          },
          {
            path: '/dev/upload',
            element: (
              <Lazy>
                <DevUploadPage />
              </Lazy>
            ),
          },
        ],
      },
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
];
