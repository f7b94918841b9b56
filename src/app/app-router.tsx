/**
 * The router: public pages (sign-in, error pages) first, then the read-only topology card
 * (`/view/topology/{id}`: session and permission, but no shell and no feature flags), then the
 * gated shell whose pages come from the route table. `/` redirects to `/topology`. One layout
 * instance for all routes.
 *
 * Two other shells share the routes: the health-only deployment (`healthOnly` in config.json: no
 * session, only /health, nothing to write) and the kiosk (`?kiosk`, docs/kiosk.md), in either.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { useApiClient, useRuntimeConfig } from '../api/api-context';
import { useKioskStore } from '../features/kiosk/use-kiosk-store';
import { RequirePermission } from '../rbac/require-permission';
import { SessionProvider, type SessionValue } from '../rbac/session-context';
import { PageSpinner } from '../ui/spinner';
import { CurrentRouteContext } from './current-route';
import { FlagsGate } from './flags-gate';
import { lazyPage, type LazyPage } from './lazy-page';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './pages/not-found-page';
import { paths } from './paths';
import { useDocumentTitle, useMatchedRoute } from './route-hooks';
import { SessionGate } from './session-gate';
import { signInRoutes } from './sign-in-routes';

const AuthCallbackPage = lazyPage(() => import('./hosted/auth-callback-page'), 'AuthCallbackPage');
const AuthStateCheckerPage = lazyPage(
  () => import('./hosted/auth-state-checker-page'),
  'AuthStateCheckerPage',
);
const SwitchOrganizationPage = lazyPage(
  () => import('./hosted/switch-organization-page'),
  'SwitchOrganizationPage',
);
const HealthPage = lazyPage(() => import('../features/health/health-page'), 'HealthPage');
// The error pages outside the shell load when shown: seldom, and never with a first page.
const BadSessionPage = lazyPage(() => import('./pages/bad-session-page'), 'BadSessionPage');
const FlowErrorPage = lazyPage(() => import('./pages/flow-error-page'), 'FlowErrorPage');

// The kiosk's shell (docs/kiosk.md) loads only on a kiosk screen.
const KioskShell = lazyPage(() => import('./kiosk-shell'), 'KioskShell');
const TopologyCardViewPage = lazyPage(
  () => import('../features/topology/topology-card-view-page'),
  'TopologyCardViewPage',
);

/** Health-only mode has no session: the page sees an anonymous viewer, who can write nothing. */
export const HEALTH_ONLY_SESSION: SessionValue = { user: null, roles: [] };

function Shell() {
  const [location] = useLocation();
  const route = useMatchedRoute(location);
  const title = route?.title ?? 'Page not found';
  useDocumentTitle(title);
  if (location === '/') return <Redirect to={paths.topology()} replace />;
  // "/configs redirects to /catalog" (spec doc 2 §2), keeping the rest of the path and the query.
  if (location === '/configs' || location.startsWith('/configs/')) {
    const search = typeof window === 'undefined' ? '' : window.location.search;
    return <Redirect to={`${location.replace(/^\/configs/, '/catalog')}${search}`} replace />;
  }
  const Page = route?.page;
  return (
    <CurrentRouteContext.Provider value={route ?? null}>
      <AppLayout
        title={title}
        resetKey={location}
        pageKey={route?.followsPath ? route.path : location}
      >
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

/**
 * Health-only mode (`healthOnly: true`): no session and no sign-in, only the health dashboard,
 * no navigation to other areas and no write action (no Add check, Run Now, Playbooks, evidence
 * or Edit: they all need a signed-in user or a role the anonymous viewer does not have).
 */
function HealthOnlyShell() {
  const [location] = useLocation();
  useDocumentTitle('Health');
  if (location !== paths.health()) return <Redirect to={paths.health()} replace />;
  return (
    <SessionProvider value={HEALTH_ONLY_SESSION}>
      <AppLayout title="Health" minimal>
        <HealthPage />
      </AppLayout>
    </SessionProvider>
  );
}

/**
 * Starts loading the current route's page chunk at once, beside the session check and the flags,
 * rather than after them (the page renders only once both are known).
 */
function usePreloadCurrentPage(enabled: boolean) {
  const [location] = useLocation();
  const route = useMatchedRoute(location);
  const client = useApiClient();
  const queryClient = useQueryClient();
  // Only for the first page the console opens (`/` counts as the page it redirects to): later
  // navigations happen with the session known, and the page asks at once anyway.
  const prefetched = useRef(false);
  useEffect(() => {
    if (!enabled || !route) return;
    route.page.preload();
    if (prefetched.current) return;
    prefetched.current = true;
    const search = window.location.search.replace(/^\?/, '');
    // A failed prefetch is the page's to report when it asks again.
    route.prefetch?.({ client, queryClient, location, search }).catch(() => undefined);
  }, [enabled, route, location, client, queryClient]);
}

/** A page outside the shell (a hosted sign-in page, an error page) while its chunk loads. */
function hostedPage(Page: LazyPage) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

export function AppRouter() {
  const config = useRuntimeConfig();
  const hosted = config.auth === 'oidc' && !config.healthOnly;
  const kiosk = useKioskStore((state) => state.settings);
  usePreloadCurrentPage(!config.healthOnly);
  return (
    <Switch>
      {/* Hosted sign-in's public pages (docs/hosted-oidc.md), before the own-login ones. */}
      {hosted ? <Route path="/auth/callback">{hostedPage(AuthCallbackPage)}</Route> : null}
      {hosted ? <Route path="/auth-state-checker">{hostedPage(AuthStateCheckerPage)}</Route> : null}
      {hosted ? <Route path="/organizations">{hostedPage(SwitchOrganizationPage)}</Route> : null}
      {signInRoutes(config)}
      <Route path="/error">{hostedPage(BadSessionPage)}</Route>
      <Route path="/view/topology/:id">
        {/* The read-only card: a session and read on topologies, but no shell and no flags. */}
        {config.healthOnly ? (
          <Redirect to={paths.health()} replace />
        ) : (
          <SessionGate>
            <RequirePermission resource="topologies" action="read">
              <Suspense fallback={<PageSpinner />}>
                <TopologyCardViewPage />
              </Suspense>
            </RequirePermission>
          </SessionGate>
        )}
      </Route>
      <Route path="/flow-error">{hostedPage(FlowErrorPage)}</Route>
      <Route>
        {config.healthOnly ? (
          kiosk ? (
            <SessionProvider value={HEALTH_ONLY_SESSION}>
              <Suspense fallback={<PageSpinner />}>
                <KioskShell settings={kiosk} healthOnly />
              </Suspense>
            </SessionProvider>
          ) : (
            <HealthOnlyShell />
          )
        ) : (
          <SessionGate kiosk={kiosk !== null}>
            <FlagsGate>
              {kiosk ? (
                <Suspense fallback={<PageSpinner />}>
                  <KioskShell settings={kiosk} />
                </Suspense>
              ) : (
                <Shell />
              )}
            </FlagsGate>
          </SessionGate>
        )}
      </Route>
    </Switch>
  );
}
