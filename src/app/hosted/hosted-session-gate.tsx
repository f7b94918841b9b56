/**
 * The hosted variant's session gate (`auth: oidc`; spec doc 1 §1, api.md §2), in order: not signed
 * in → `/login?return_to=…`; an expired token → a renewal (refresh token, else a silent
 * re-authorisation that comes back to this path; the page stays while a refresh runs); no
 * organisation → the picker (several) or a notice (none); no backend URL → the provisioning wait
 * screen; then `GET /auth/whoami` on the organisation's backend (a 5xx or 404 also shows the wait
 * screen).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useApiClient, useRuntimeConfig } from '../../api/api-context';
import { errorMessage } from '../../api/client';
import {
  leavePage,
  readChosenOrganization,
  readHostedTokens,
  reloadOrganizations,
  renewHostedSignIn,
  storeChosenOrganization,
  subscribeHostedTokens,
} from '../../api/hosted-auth';
import { sessionQueries } from '../../api/session';
import { hostedGateState, isProvisioningFailure } from '../../features/hosted/hosted-gate-logic';
import { signOutHosted } from '../../features/hosted/hosted-sign-out';
import {
  NoOrganizationScreen,
  OrganizationPicker,
} from '../../features/hosted/organization-picker';
import { ProvisioningWaitScreen } from '../../features/hosted/provisioning-wait-screen';
import { safeReturnTo } from '../../lib/return-to';
import { SessionProvider } from '../../rbac/session-context';
import { EmptyState } from '../../ui/empty-state';
import { LockIcon } from '../../ui/icons';
import { PageSpinner } from '../../ui/spinner';
import { GenericErrorScreen } from '../pages/generic-error-screen';
import { paths } from '../paths';

export function HostedSessionGate({ children }: { children: ReactNode }) {
  const config = useRuntimeConfig();
  const client = useApiClient();
  const [tokens, setTokens] = useState(readHostedTokens);
  const [chosenId, setChosenId] = useState(readChosenOrganization);
  const state = hostedGateState({
    tokens,
    chosenId,
    claimName: config.oidc?.organizationsClaim,
  });
  const ready = state.kind === 'ready';
  const current = useQuery({
    ...sessionQueries.currentUser(client, 'oidc'),
    enabled: ready,
  });
  const value = useMemo(
    () => (current.data ? { user: current.data.user, roles: current.data.roles } : null),
    [current.data],
  );

  // A renewal by the API client (or a sign-out) shows here at once.
  useEffect(() => subscribeHostedTokens(setTokens), []);

  useEffect(() => {
    const returnTo = safeReturnTo(window.location.pathname + window.location.search);
    if (state.kind === 'signed-out') {
      leavePage(paths.login(returnTo));
    } else if (state.kind === 'refresh' && config.oidc) {
      let active = true;
      void renewHostedSignIn(config.oidc, returnTo).then((renewal) => {
        if (renewal.kind === 'redirect') leavePage(renewal.url);
        else if (active) setTokens(renewal.kind === 'renewed' ? readHostedTokens() : undefined);
      });
      return () => {
        active = false;
      };
    }
    return undefined;
  }, [state.kind, config.oidc]);

  if (!config.oidc) {
    return (
      <main className="flex min-h-full items-center justify-center bg-bg p-6">
        <EmptyState
          headingLevel={1}
          icon={<LockIcon size={22} />}
          title="Hosted sign-in is not configured"
          description={
            config.oidcError ??
            'config.json has "auth": "oidc" but no "oidc" object with "issuer" and "clientId".'
          }
        />
      </main>
    );
  }
  const signOut = () => void signOutHosted(config);
  const switchOrganization = () => window.location.assign(paths.organizations());

  switch (state.kind) {
    case 'signed-out':
      return <PageSpinner label="Redirecting to sign in" />;
    case 'refresh':
      // A page already open stays open (same element as below: nothing remounts).
      if (value) return <SessionProvider value={value}>{children}</SessionProvider>;
      return <PageSpinner label="Renewing your sign-in" />;
    case 'no-organizations':
      return <NoOrganizationScreen onSignOut={signOut} />;
    case 'pick':
      return (
        <OrganizationPicker
          organizations={state.organizations}
          onPick={(organization) => {
            storeChosenOrganization(organization.id);
            setChosenId(organization.id);
          }}
          onSignOut={signOut}
        />
      );
    case 'provisioning': {
      const oidc = config.oidc;
      return (
        <ProvisioningWaitScreen
          organizationName={state.organization.name}
          onCheck={async () => {
            const fresh = await reloadOrganizations(oidc);
            setTokens(fresh);
            return (
              hostedGateState({
                tokens: fresh,
                chosenId,
                claimName: oidc.organizationsClaim,
              }).kind === 'ready'
            );
          }}
          onSwitch={state.organizations.length > 1 ? switchOrganization : undefined}
          onSignOut={signOut}
        />
      );
    }
    case 'ready':
      break;
  }

  if (current.isError) {
    if (isProvisioningFailure(current.error)) {
      return (
        <ProvisioningWaitScreen
          organizationName={state.organization.name}
          onCheck={async () => (await current.refetch()).isSuccess}
          onSwitch={switchOrganization}
          onSignOut={signOut}
        />
      );
    }
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
