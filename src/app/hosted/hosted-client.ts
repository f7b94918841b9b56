/**
 * The API client's hosted-variant wiring (`auth: oidc`, api.md §2): the base URL is the chosen
 * organisation's backend URL, every request carries `Authorization: Bearer <ID token>` (renewed
 * with the refresh token first when it is due), and a 401 for an expired token renews the sign-in
 * (refresh token, else a silent re-authorisation back to this page) before going to
 * `/auth-state-checker?return_to=<path+search>`.
 */
import type { ApiClientOptions, ApiError } from '../../api/client';
import {
  freshBearerToken,
  isExpired,
  isLeavingPage,
  leavePage,
  organizationsFromClaims,
  readChosenOrganization,
  readHostedTokens,
  renewHostedSignIn,
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

/** The backend's plain-text 401 for an expired token (api.md §0.3). */
function saysExpired(error: ApiError): boolean {
  return /expired/i.test(error.message);
}

export function hostedClientOptions(
  config: RuntimeConfig,
): Pick<ApiClientOptions, 'getBaseUrl' | 'getToken' | 'onUnauthorized' | 'credentials'> {
  return {
    getBaseUrl: () => hostedBackendUrl(config) ?? config.apiBase,
    getToken: () => (config.oidc ? freshBearerToken(config.oidc) : undefined),
    // The organisation's backend is another origin; the bearer token is the only credential.
    credentials: 'omit',
    onUnauthorized: async (error) => {
      // Before an organisation is ready the gate decides (sign-in, picker, wait screen).
      if (!hostedBackendUrl(config) || isLeavingPage()) return false;
      const returnTo = safeReturnTo(window.location.pathname + window.location.search);
      const tokens = readHostedTokens();
      if (tokens && config.oidc && (isExpired(tokens) || saysExpired(error))) {
        const renewal = await renewHostedSignIn(config.oidc, returnTo);
        if (renewal.kind === 'renewed') return true;
        if (renewal.kind === 'redirect') {
          leavePage(renewal.url);
          return false;
        }
      }
      leavePage(paths.authStateChecker(returnTo));
      return false;
    },
  };
}
