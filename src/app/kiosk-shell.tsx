/**
 * The kiosk shell (docs/kiosk.md): the page of the current route in the kiosk layout, for a wall
 * screen. It composes the kiosk's pieces from src/features/kiosk:
 *
 * - read-only: the page sees an anonymous viewer session, so no write action is offered anywhere
 *   (the server still authorises every request with the real session, if any);
 * - large type (`useKioskDisplay`), the screen wake lock, a reload on a new deployment;
 * - auto-refresh of every query on screen with countdown, stale banner and reconnection;
 * - rotation through `views`, or through the health dashboard's tabs (its `tab` parameter).
 *
 * In the health-only mode only `/health` views are shown.
 */
import { useCallback, useMemo, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useApiClient } from '../api/api-context';
import { createApiClient } from '../api/client';
import { healthUrlSchema } from '../features/health/health-url-state';
import { useKioskDisplay } from '../features/kiosk/kiosk-display';
import { isSameView, type KioskSettings } from '../features/kiosk/kiosk-params';
import type { KioskPosition } from '../features/kiosk/kiosk-status-bar';
import { useScreenWakeLock } from '../features/kiosk/screen-wake-lock';
import { useKioskRefresh } from '../features/kiosk/use-kiosk-refresh';
import { nextRotationIndex, useRotation } from '../features/kiosk/use-rotation';
import {
  backendVersionSource,
  consoleBuildSource,
  useVersionReload,
} from '../features/kiosk/version-watcher';
import { readParams, writeParams } from '../lib/url-state';
import { RequirePermission } from '../rbac/require-permission';
import { SessionProvider, type SessionValue } from '../rbac/session-context';
import { CurrentRouteContext } from './current-route';
import { KioskLayout } from './layout/kiosk-layout';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './pages/not-found-page';
import { paths } from './paths';
import { useDocumentTitle, useMatchedRoute } from './route-hooks';

const HealthPage = lazyPage(() => import('../features/health/health-page'), 'HealthPage');

/** What the pages of a kiosk see: nobody signed in, a viewer — so no write controls. */
export const KIOSK_SESSION: SessionValue = { user: null, roles: ['viewer'] };

function viewPath(view: string): string {
  const index = view.indexOf('?');
  return index < 0 ? view : view.slice(0, index);
}

export interface KioskShellProps {
  settings: KioskSettings;
  /** The health-only deployment: only the health dashboard. */
  healthOnly?: boolean;
}

export function KioskShell({ settings, healthOnly = false }: KioskShellProps) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const client = useApiClient();
  const route = useMatchedRoute(location);
  const views = useMemo(
    () =>
      healthOnly
        ? settings.views.filter((view) => viewPath(view) === paths.health())
        : settings.views,
    [healthOnly, settings.views],
  );

  useKioskDisplay(settings.mode);
  const wakeLock = useScreenWakeLock(true);
  const refresh = useKioskRefresh(settings.refreshMs);
  const versionSources = useMemo(
    () => [
      backendVersionSource(client),
      // index.html next to the console, wherever the console is served from.
      consoleBuildSource(
        createApiClient({ baseUrl: import.meta.env.BASE_URL.replace(/\/+$/, '') }),
      ),
    ],
    [client],
  );
  useVersionReload(settings.versionCheckMs, versionSources);

  // Rotation through the views given by the URL…
  const matchedView = views.findIndex((view) => isSameView(view, location, search));
  const [startedAt] = useState(() => `${location}?${search}`);
  const [lastView, setLastView] = useState(() => Math.max(0, matchedView));
  const viewIndex = matchedView >= 0 ? matchedView : lastView;
  // …or through the tabs of the health dashboard.
  const [tabs, setTabs] = useState<readonly string[]>([]);
  const isHealth = location === paths.health();
  const healthState = readParams(search, healthUrlSchema);
  const currentTab = healthState.tab;
  const tabIndex = tabs.indexOf(currentTab);
  const rotatesViews = views.length > 1;
  const rotatesTabs = views.length === 0 && isHealth && tabs.length > 1;
  // Someone is looking at a check: the screen holds still until the dialog closes.
  const isInspecting = isHealth && healthState.checkId !== '';

  const rotateNextAt = useRotation(
    settings.rotateMs,
    (rotatesViews || rotatesTabs) && !isInspecting,
    () => {
      if (rotatesViews) {
        const next = nextRotationIndex(viewIndex, views.length);
        setLastView(next);
        navigate(views[next] ?? paths.health(), { replace: true });
      } else if (rotatesTabs) {
        const next = tabs[nextRotationIndex(tabIndex, tabs.length)];
        const query = writeParams(search, healthUrlSchema, { tab: next });
        navigate(query ? `${location}?${query}` : location, { replace: true });
      }
    },
  );
  const onTabsChange = useCallback((ids: readonly string[]) => setTabs(ids), []);

  const title = healthOnly ? 'Health' : (route?.title ?? 'Page not found');
  useDocumentTitle(title);

  // Start on the first view when the kiosk was opened elsewhere (`/`, or a page not in the list).
  const firstView = views[0];
  if (firstView !== undefined && matchedView < 0 && `${location}?${search}` === startedAt) {
    return <Redirect to={firstView} replace />;
  }
  if (location === '/' || (healthOnly && !isHealth)) {
    return <Redirect to={paths.health()} replace />;
  }

  let position: KioskPosition | null = null;
  if (rotatesViews) {
    position = { index: viewIndex, count: views.length, label: 'View' };
  } else if (rotatesTabs) {
    position = { index: Math.max(0, tabIndex), count: tabs.length, label: currentTab };
  }

  const Page = route?.page;
  const page = isHealth ? (
    <HealthPage kiosk onTabsChange={onTabsChange} />
  ) : Page ? (
    <Page />
  ) : (
    <NotFoundPage />
  );

  return (
    <CurrentRouteContext.Provider value={route ?? null}>
      <KioskLayout
        title={title}
        mode={settings.mode}
        refresh={refresh}
        position={position}
        rotationKind={rotatesViews ? 'view' : 'tab'}
        rotateNextAt={rotateNextAt}
        wakeLock={wakeLock}
        resetKey={location}
        pageKey={route?.followsPath ? route.path : location}
      >
        <SessionProvider value={KIOSK_SESSION}>
          {route?.permission && !healthOnly ? (
            <RequirePermission
              resource={route.permission.resource}
              action={route.permission.action}
            >
              {page}
            </RequirePermission>
          ) : (
            page
          )}
        </SessionProvider>
      </KioskLayout>
    </CurrentRouteContext.Provider>
  );
}
