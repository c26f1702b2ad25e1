import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { useAuth } from '@/lib/auth';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';
import { LandingRoute } from './routes/landing';

/** Signed-out visitors go to /signin: every page behind it needs a session. */
function RequireAuth() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <Outlet /> : <Navigate to="/signin" replace />;
}

/** /account redirects to /landing when signed out. */
function RequireAuthOrLanding() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <Outlet /> : <Navigate to="/landing" replace />;
}

/** While the first lazy route loads, nothing is rendered (as while auth loads). */
const RenderNothing = () => null;

const lazyRoute = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: RenderNothing,
    children: [
      { index: true, element: <Navigate to="/landing" replace /> },
      { path: 'landing', element: <LandingRoute /> },
      { path: 'signin', lazy: lazyRoute(() => import('./routes/signin')) },
      { path: 'share/:token', lazy: lazyRoute(() => import('./routes/share')) },
      {
        element: <RequireAuth />,
        children: [
          { path: 'projects', lazy: lazyRoute(() => import('./routes/projects')) },
          {
            path: 'project/:projectId',
            lazy: lazyRoute(() => import('./routes/project/project-layout')),
            children: [
              { index: true, element: <Navigate to="inputs" replace /> },
              { path: 'inputs', lazy: lazyRoute(() => import('./routes/project/inputs')) },
              { path: 'configs', lazy: lazyRoute(() => import('./routes/project/configs')) },
              { path: 'run', lazy: lazyRoute(() => import('./routes/project/run')) },
              { path: 'results', lazy: lazyRoute(() => import('./routes/project/results')) },
            ],
          },
        ],
      },
      {
        element: <RequireAuthOrLanding />,
        children: [{ path: 'account', lazy: lazyRoute(() => import('./routes/account')) }],
      },
      { path: '*', element: <Navigate to="/landing" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
