/**
 * `/organizations`: the organisation switch (user menu → Switch organization). Picking one
 * remembers it and goes to `/organizations/orgs-switched` (spec doc 1 §1) with a fresh page, so
 * every request and cache starts over against the new organisation's backend.
 */
import { useEffect } from 'react';
import { useRuntimeConfig } from '../../api/api-context';
import {
  organizationsFromClaims,
  readChosenOrganization,
  readHostedTokens,
  storeChosenOrganization,
} from '../../api/hosted-auth';
import { paths } from '../paths';
import { PageSpinner } from '../../ui/spinner';
import { signOutHosted } from '../../features/hosted/hosted-sign-out';
import {
  NoOrganizationScreen,
  OrganizationPicker,
} from '../../features/hosted/organization-picker';

export function SwitchOrganizationPage() {
  const config = useRuntimeConfig();
  const tokens = readHostedTokens();
  useEffect(() => {
    if (!tokens) window.location.replace(paths.login(paths.organizations()));
  }, [tokens]);
  if (!tokens) return <PageSpinner label="Redirecting to sign in" />;
  const organizations = organizationsFromClaims(tokens.claims, config.oidc?.organizationsClaim);
  const signOut = () => void signOutHosted(config);
  if (organizations.length === 0) return <NoOrganizationScreen onSignOut={signOut} />;
  return (
    <OrganizationPicker
      organizations={organizations}
      currentId={readChosenOrganization()}
      onPick={(organization) => {
        storeChosenOrganization(organization.id);
        window.location.assign(paths.orgsSwitched());
      }}
      onSignOut={signOut}
    />
  );
}
