/**
 * The session check (contract api.md §2). `basic`: `/kratos/sessions/whoami` — 401 redirects to
 * `/login?return_to=…`, 403/422 to the second-factor login; then the current user and roles.
 * `none`: whoami, else the first person. A failure shows the generic error screen.
 *
 * On a kiosk (`kiosk`), nothing redirects: a screen that never had a session shows a clear message
 * in place and retries with backoff (KioskSessionNotice); one whose session ends later keeps its
 * page and last data, and the kiosk's stale banner says it is not signed in.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { useApiClient, useRuntimeConfig } from '../api/api-context';
import { propertyQueries } from '../api/properties';
import { ApiError, errorMessage } from '../api/client';
import type { RefreshOutcome } from '../features/kiosk/kiosk-refresh-loop';
import { kratosRedirect } from '../api/kratos-flows';
import { sessionQueries } from '../api/session';
import { safeReturnTo } from '../lib/return-to';
import { SessionProvider } from '../rbac/session-context';
import { PageSpinner } from '../ui/spinner';
import { GenericErrorScreen } from './pages/generic-error-screen';
import { paths } from './paths';
import { redirectToLogin } from './redirect-to-login';

// The hosted gate and the kiosk's notice load only in those variants (docs/performance.md).
const HostedSessionGate = lazy(async () => ({
  default: (await import('./hosted/hosted-session-gate')).HostedSessionGate,
}));
const KioskSessionNotice = lazy(async () => ({
  default: (await import('../features/kiosk/kiosk-session-notice')).KioskSessionNotice,
}));

function outcomeOf(error: unknown): RefreshOutcome {
  if (!error) return 'ok';
  return error instanceof ApiError && [401, 403, 422].includes(error.status)
    ? 'unauthorized'
    : 'failed';
}

/**
 * Where whoami's 403/422 (`session_aal2_required`) sends the browser: the server's
 * `redirect_browser_to` when it stays on this origin, else `/login?aal=aal2&return_to=…`.
 */
export function secondFactorTarget(error: unknown): string {
  const given = kratosRedirect(error);
  if (given) {
    try {
      const url = new URL(given, window.location.origin);
      if (url.origin === window.location.origin) return url.pathname + url.search + url.hash;
    } catch {
      // Not an address: use the default below.
    }
  }
  return paths.loginSecondFactor(safeReturnTo(window.location.pathname + window.location.search));
}

export function SessionGate({ children, kiosk = false }: { children: ReactNode; kiosk?: boolean }) {
  const client = useApiClient();
  const config = useRuntimeConfig();
  const usesKratos = config.auth === 'basic';
  const kratos = useQuery({ ...sessionQueries.kratos(client), enabled: usesKratos });
  const kratosStatus = kratos.error instanceof ApiError ? kratos.error.status : undefined;
  const needsLogin = kratosStatus === 401;
  const needsSecondFactor = kratosStatus === 403 || kratosStatus === 422;

  useEffect(() => {
    if (kiosk) return;
    if (needsLogin) redirectToLogin();
    else if (needsSecondFactor) window.location.assign(secondFactorTarget(kratos.error));
  }, [needsLogin, needsSecondFactor, kiosk, kratos.error]);

  // The user, their roles and the feature flags are asked for beside the session check rather
  // than after it (two round trips fewer before the first page): without a session they fail and
  // the redirect above wins; their errors count only once the session is known to be good.
  const sessionFailed = usesKratos && kratos.isError;
  const current = useQuery({
    ...sessionQueries.currentUser(client, config.auth),
    enabled: config.auth !== 'oidc' && !sessionFailed,
  });
  useQuery({ ...propertyQueries.list(client), enabled: config.auth !== 'oidc' && !sessionFailed });
  // Once a session was seen (kept through a later failed check, as a kiosk keeps its page).
  const sessionKnown = !usesKratos || kratos.data !== undefined;
  const value = useMemo(
    () => (current.data ? { user: current.data.user, roles: current.data.roles } : null),
    [current.data],
  );

  // Hosted organisation sign-in: its own gates (hosted-session-gate.tsx, docs/hosted-oidc.md).
  if (config.auth === 'oidc') {
    return (
      <Suspense fallback={<PageSpinner label="Checking your session" />}>
        <HostedSessionGate>{children}</HostedSessionGate>
      </Suspense>
    );
  }
  if (kiosk) {
    // The last good session stays: the page keeps its data and the kiosk's banner explains.
    if (value && sessionKnown) return <SessionProvider value={value}>{children}</SessionProvider>;
    const failed = kratos.isError ? kratos : current.isError ? current : null;
    if (failed) {
      return (
        <Suspense fallback={<PageSpinner label="Checking your session" />}>
          <KioskSessionNotice
            kind={outcomeOf(failed.error) === 'unauthorized' ? 'unauthorized' : 'unreachable'}
            message={errorMessage(failed.error)}
            retry={async () => outcomeOf((await failed.refetch()).error)}
          />
        </Suspense>
      );
    }
    return <PageSpinner label="Checking your session" />;
  }
  if (needsLogin || needsSecondFactor) return <PageSpinner label="Redirecting to sign in" />;
  if (kratos.isError) {
    return (
      <GenericErrorScreen
        detail={errorMessage(kratos.error)}
        onRetry={() => void kratos.refetch()}
      />
    );
  }
  if (current.isError && sessionKnown) {
    return (
      <GenericErrorScreen
        detail={errorMessage(current.error)}
        onRetry={() => void current.refetch()}
      />
    );
  }
  if (!value || !sessionKnown) return <PageSpinner label="Checking your session" />;
  return <SessionProvider value={value}>{children}</SessionProvider>;
}
