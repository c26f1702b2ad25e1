import { createBrowserRouter, Navigate, Outlet, useLocation, useParams, type RouteObject } from 'react-router';
import { useAuth } from '@/lib/auth';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';
import { LandingRoute } from './routes/landing';
import { paths } from '@/lib/paths';

/** Signed-out visitors go to /signin, and back to the page they asked for once signed in. */
function RequireAuth() {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  return isAuthenticated ? (
    <Outlet />
  ) : (
    <Navigate
      to={paths.signIn.to()}
      replace
      state={{ returnTo: `${location.pathname}${location.search}${location.hash}` }}
    />
  );
}

/** /account redirects to /landing when signed out. */
function RequireAuthOrLanding() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <Outlet /> : <Navigate to={paths.landing.to()} replace />;
}

/** A project's address alone opens its first screen, the inputs. */
function ToProjectInputs() {
  const { projectId = '' } = useParams();
  return <Navigate to={paths.project.to(projectId)} replace />;
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
      { index: true, element: <Navigate to={paths.landing.to()} replace /> },
      { path: paths.landing.pattern, element: <LandingRoute /> },
      { path: paths.signIn.pattern, lazy: lazyRoute(() => import('./routes/signin')) },
      { path: paths.share.pattern, lazy: lazyRoute(() => import('./routes/share')) },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.projects.pattern, lazy: lazyRoute(() => import('./routes/projects')) },
          {
            path: paths.project.pattern,
            lazy: lazyRoute(() => import('./routes/project/project-layout')),
            children: [
              { index: true, element: <ToProjectInputs /> },
              { path: paths.projectInputs.pattern, lazy: lazyRoute(() => import('./routes/project/inputs')) },
              { path: paths.projectConfigs.pattern, lazy: lazyRoute(() => import('./routes/project/configs')) },
              { path: paths.projectRun.pattern, lazy: lazyRoute(() => import('./routes/project/run')) },
              { path: paths.projectResults.pattern, lazy: lazyRoute(() => import('./routes/project/results')) },
              { path: paths.projectCompare.pattern, lazy: lazyRoute(() => import('./routes/project/compare')) },
              { path: paths.projectTrends.pattern, lazy: lazyRoute(() => import('./routes/project/trends')) },
            ],
          },
        ],
      },
      {
        element: <RequireAuthOrLanding />,
        children: [{ path: paths.account.pattern, lazy: lazyRoute(() => import('./routes/account')) }],
      },
      { path: '*', element: <Navigate to={paths.landing.to()} replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
