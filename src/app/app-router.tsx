/**
 * The router: public pages (sign-in, error pages) first, then the gated shell whose pages come
 * from the route table. `/` redirects to `/topology`. One layout instance for all routes.
 */
import { Suspense, useEffect } from 'react';
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter } from 'wouter';
import { useRuntimeConfig } from '../api/api-context';
import { RequirePermission } from '../rbac/require-permission';
import { PageSpinner } from '../ui/spinner';
import { CurrentRouteContext } from './current-route';
import { FlagsGate } from './flags-gate';
import { lazyPage } from './lazy-page';
import { AppLayout } from './layout/app-layout';
import { BadSessionPage } from './pages/bad-session-page';
import { FlowErrorPage } from './pages/flow-error-page';
import { NotFoundPage } from './pages/not-found-page';
import { paths } from './paths';
import { ROUTES, type AppRoute } from './routes';
import { SessionGate } from './session-gate';

const LoginPage = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const HealthPage = lazyPage(() => import('../features/health/health-page'), 'HealthPage');

function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Vigil`;
  }, [title]);
}

/** The route record matching a path, if any. */
export function useMatchedRoute(location: string): AppRoute | undefined {
  const { parser } = useRouter();
  return ROUTES.find((route) => matchRoute(parser, route.path, location)[0]);
}

function Shell() {
  const [location] = useLocation();
  const route = useMatchedRoute(location);
  const title = route?.title ?? 'Page not found';
  useDocumentTitle(title);
  if (location === '/') return <Redirect to={paths.topology()} replace />;
  const Page = route?.page;
  return (
    <CurrentRouteContext.Provider value={route ?? null}>
      <AppLayout title={title} resetKey={location}>
        {route && Page ? (
          route.permission ? (
            <RequirePermission
              resource={route.permission.resource}
              action={route.permission.action}
            >
              <Page />
            </RequirePermission>
          ) : (
            <Page />
          )
        ) : (
          <NotFoundPage />
        )}
      </AppLayout>
    </CurrentRouteContext.Provider>
  );
}

/** Health-only mode (`healthOnly: true`): no session, only the health summary. */
function HealthOnlyShell() {
  const [location] = useLocation();
  useDocumentTitle('Health');
  if (location !== paths.health()) return <Redirect to={paths.health()} replace />;
  return (
    <AppLayout title="Health" minimal>
      <HealthPage />
    </AppLayout>
  );
}

export function AppRouter() {
  const config = useRuntimeConfig();
  return (
    <Switch>
      <Route path="/login">
        {config.auth !== 'basic' || config.healthOnly ? (
          <Redirect to={paths.root()} replace />
        ) : (
          <Suspense fallback={<PageSpinner />}>
            <LoginPage />
          </Suspense>
        )}
      </Route>
      <Route path="/error" component={BadSessionPage} />
      <Route path="/flow-error" component={FlowErrorPage} />
      <Route>
        {config.healthOnly ? (
          <HealthOnlyShell />
        ) : (
          <SessionGate>
            <FlagsGate>
              <Shell />
            </FlagsGate>
          </SessionGate>
        )}
      </Route>
    </Switch>
  );
}
