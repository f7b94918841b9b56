/**
 * The light sign-in app: what a first load of a sign-in page (/login, /registration, /recovery,
 * /verification, /invite of the own login; hosted sign-in's /login) runs instead of the console
 * (main.tsx decides). It has the API client,
 * the runtime config, the theme and the toasts, and the same sign-in routes as the console's
 * router, but no React Query, session gate, flags, shell or route table, so the sign-in pages
 * stay within their first-load budget (issue 18, docs/performance.md).
 *
 * Signing in ends with a full page load of the return address (use-flow.ts `goTo`), which starts
 * the console. A link from a sign-in page to any other in-app address does the same.
 */
import { useEffect, useState } from 'react';
import { Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { ApiProvider } from '../api/api-context';
import { createApiClient } from '../api/client';
import type { RuntimeConfig } from '../api/types';
import { PageSpinner } from '../ui/spinner';
import { Toaster } from '../ui/toast';
import { ErrorBoundary } from './pages/error-boundary';
import { signInRoutes } from './sign-in-routes';
import { useSystemThemeSync } from './theme';

/** Any address but a sign-in page belongs to the console: load it as a document. */
function LeaveForConsole() {
  const [location] = useLocation();
  const search = useSearch();
  useEffect(() => {
    window.location.replace(`${location}${search ? `?${search}` : ''}`);
  }, [location, search]);
  return <PageSpinner />;
}

export function PublicApp({ config }: { config: RuntimeConfig }) {
  const [client] = useState(() => createApiClient({ baseUrl: config.apiBase }));
  useSystemThemeSync();
  return (
    <ApiProvider client={client} config={config}>
      <ErrorBoundary>
        <Router>
          <Switch>
            {signInRoutes(config)}
            <Route>
              <LeaveForConsole />
            </Route>
          </Switch>
        </Router>
      </ErrorBoundary>
      <Toaster />
    </ApiProvider>
  );
}
