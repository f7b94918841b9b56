/**
 * The session check (contract api.md §2). `basic`: `/kratos/sessions/whoami` — 401 redirects to
 * `/login?return_to=…`, 403/422 to the second-factor login; then the current user and roles.
 * `none`: whoami, else the first person. A failure shows the generic error screen.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useApiClient, useRuntimeConfig } from '../api/api-context';
import { ApiError, errorMessage } from '../api/client';
import { sessionQueries } from '../api/session';
import { SessionProvider } from '../rbac/session-context';
import { EmptyState } from '../ui/empty-state';
import { LockIcon } from '../ui/icons';
import { PageSpinner } from '../ui/spinner';
import { GenericErrorScreen } from './pages/generic-error-screen';
import { redirectToLogin } from './redirect-to-login';

export function SessionGate({ children }: { children: ReactNode }) {
  const client = useApiClient();
  const config = useRuntimeConfig();
  const usesKratos = config.auth === 'basic';
  const kratos = useQuery({ ...sessionQueries.kratos(client), enabled: usesKratos });
  const kratosStatus = kratos.error instanceof ApiError ? kratos.error.status : undefined;
  const needsLogin = kratosStatus === 401;
  const needsSecondFactor = kratosStatus === 403 || kratosStatus === 422;

  useEffect(() => {
    if (needsLogin) redirectToLogin();
    else if (needsSecondFactor) redirectToLogin({ aal2: true });
  }, [needsLogin, needsSecondFactor]);

  const current = useQuery({
    ...sessionQueries.currentUser(client, config.auth),
    enabled: config.auth !== 'oidc' && (!usesKratos || kratos.isSuccess),
  });
  const value = useMemo(
    () => (current.data ? { user: current.data.user, roles: current.data.roles } : null),
    [current.data],
  );

  if (config.auth === 'oidc') {
    return (
      <main className="flex min-h-full items-center justify-center bg-bg p-6">
        <EmptyState
          headingLevel={1}
          icon={<LockIcon size={22} />}
          title="Hosted sign-in is not available in this build"
          description='This console supports the "basic" and "none" authentication modes. Set "auth" in config.json accordingly.'
        />
      </main>
    );
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
  if (current.isError) {
    return (
      <GenericErrorScreen
        detail={errorMessage(current.error)}
        onRetry={() => void current.refetch()}
      />
    );
  }
  if (!value) return <PageSpinner label="Checking your session" />;
  return <SessionProvider value={value}>{children}</SessionProvider>;
}
