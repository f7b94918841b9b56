/** The console's root: providers, the top-level error boundary and the router. */
import { useState } from 'react';
import { Router } from 'wouter';
import { createApiClient } from '../api/client';
import type { RuntimeConfig } from '../api/types';
import { AppRouter } from './app-router';
import { createQueryClient } from './create-query-client';
import type { hostedClientOptions as HostedClientOptions } from './hosted/hosted-client';
import { setUpKiosk } from './kiosk-setup';
import { ErrorBoundary } from './pages/error-boundary';
import { AppProviders } from './providers';
import { redirectToLogin } from './redirect-to-login';

export function App({
  config,
  hostedClientOptions,
}: {
  config: RuntimeConfig;
  /** The hosted variant's client wiring (`auth: oidc`), loaded by main.tsx only for it. */
  hostedClientOptions?: typeof HostedClientOptions;
}) {
  // Decided once per page load: a kiosk keeps its settings for the session (use-kiosk-store).
  const [isKiosk] = useState(() => setUpKiosk(window.location.search) !== null);
  const [client] = useState(() =>
    createApiClient({
      baseUrl: config.apiBase,
      // Own login: any 401 means the session is gone; go to sign-in with the current path.
      // A kiosk never leaves its screen for the sign-in page: it says so in place and retries.
      onUnauthorized:
        config.auth === 'basic' && !config.healthOnly && !isKiosk
          ? () => redirectToLogin()
          : undefined,
      // Hosted: the organisation's backend URL, a bearer token, 401 → /auth-state-checker.
      ...(config.auth === 'oidc' && !config.healthOnly && hostedClientOptions
        ? hostedClientOptions(config)
        : {}),
    }),
  );
  const [queryClient] = useState(() => createQueryClient({ quiet: isKiosk }));
  return (
    <AppProviders config={config} client={client} queryClient={queryClient}>
      <ErrorBoundary>
        <Router>
          <AppRouter />
        </Router>
      </ErrorBoundary>
    </AppProviders>
  );
}
