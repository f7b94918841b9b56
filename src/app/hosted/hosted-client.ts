/**
 * The API client's hosted-variant wiring (`auth: oidc`, api.md §2): the base URL is the chosen
 * organisation's backend URL, every request carries `Authorization: Bearer <ID token>`, and a 401
 * first tries a refresh, then goes to `/auth-state-checker?return_to=<path+search>`.
 */
import type { ApiClientOptions } from '../../api/client';
import {
  currentBearerToken,
  isExpired,
  organizationsFromClaims,
  readChosenOrganization,
  readHostedTokens,
  refreshHostedTokens,
} from '../../api/hosted-auth';
import type { RuntimeConfig } from '../../api/types';
import { safeReturnTo } from '../../lib/return-to';
import { chosenOrganization } from '../../features/hosted/hosted-gate-logic';
import { paths } from '../paths';

/** The chosen organisation's backend URL, when one is chosen and provisioned. */
export function hostedBackendUrl(config: RuntimeConfig): string | undefined {
  const organizations = organizationsFromClaims(
    readHostedTokens()?.claims,
    config.oidc?.organizationsClaim,
  );
  return chosenOrganization(organizations, readChosenOrganization())?.backendUrl;
}

let leaving = false;

export function hostedClientOptions(
  config: RuntimeConfig,
): Pick<ApiClientOptions, 'getBaseUrl' | 'getToken' | 'onUnauthorized' | 'credentials'> {
  return {
    getBaseUrl: () => hostedBackendUrl(config) ?? config.apiBase,
    getToken: () => currentBearerToken(),
    // The organisation's backend is another origin; the bearer token is the only credential.
    credentials: 'omit',
    onUnauthorized: async () => {
      // Before an organisation is ready the gate decides (sign-in, picker, wait screen).
      if (!hostedBackendUrl(config) || leaving) return false;
      const tokens = readHostedTokens();
      if (tokens && isExpired(tokens) && config.oidc && (await refreshHostedTokens(config.oidc))) {
        return true;
      }
      leaving = true;
      const returnTo = safeReturnTo(window.location.pathname + window.location.search);
      window.location.assign(paths.authStateChecker(returnTo));
      return false;
    },
  };
}
