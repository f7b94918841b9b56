/**
 * `/organizations/orgs-switched` (spec doc 1 §2): the target after selecting an organisation. The
 * session gate has already settled the new organisation (wait screen while it is provisioned);
 * here the console says where it is and goes home.
 */
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useRuntimeConfig } from '../../api/api-context';
import {
  organizationsFromClaims,
  readChosenOrganization,
  readHostedTokens,
} from '../../api/hosted-auth';
import { paths } from '../paths';
import { PageSpinner } from '../../ui/spinner';

export function OrgsSwitchedPage() {
  const config = useRuntimeConfig();
  const [, navigate] = useLocation();
  const chosen = readChosenOrganization();
  const name = organizationsFromClaims(
    readHostedTokens()?.claims,
    config.oidc?.organizationsClaim,
  ).find((organization) => organization.id === chosen)?.name;
  useEffect(() => {
    const timer = setTimeout(() => navigate(paths.root(), { replace: true }), 300);
    return () => clearTimeout(timer);
  }, [navigate]);
  return <PageSpinner label={name ? `Switched to ${name}` : 'Organization switched'} />;
}
