/**
 * The hosted variant's gates, in order (spec doc 1 §1; api.md §2): not signed in → sign-in; an
 * expired token → renewal; no organisation → the picker; no backend URL → the provisioning wait
 * screen; otherwise ready (then `GET /auth/whoami`, whose 5xx or 404 also shows the wait screen).
 * Pure, for the tests.
 */
import type { HostedOrganization, HostedTokens } from '../../api/hosted-auth';
import { isExpired, organizationsFromClaims } from '../../api/hosted-auth';
import { isApiError } from '../../api/client';

export type HostedGateState =
  | { kind: 'signed-out' }
  | { kind: 'refresh' }
  | { kind: 'no-organizations' }
  | { kind: 'pick'; organizations: HostedOrganization[] }
  | { kind: 'provisioning'; organization: HostedOrganization; organizations: HostedOrganization[] }
  | { kind: 'ready'; organization: HostedOrganization & { backendUrl: string } };

export function hostedGateState(input: {
  tokens: HostedTokens | undefined;
  chosenId: string | undefined;
  claimName?: string | undefined;
  nowSeconds?: number;
}): HostedGateState {
  const { tokens } = input;
  if (!tokens) return { kind: 'signed-out' };
  // Renewed with the refresh token, else by a silent re-authorisation at the provider.
  if (isExpired(tokens, input.nowSeconds)) return { kind: 'refresh' };
  const organizations = organizationsFromClaims(tokens.claims, input.claimName);
  const chosen = chosenOrganization(organizations, input.chosenId);
  if (organizations.length === 0) return { kind: 'no-organizations' };
  if (!chosen) return { kind: 'pick', organizations };
  if (!chosen.backendUrl) return { kind: 'provisioning', organization: chosen, organizations };
  return { kind: 'ready', organization: { ...chosen, backendUrl: chosen.backendUrl } };
}

/** The remembered organisation when still a member; the only one when there is exactly one. */
export function chosenOrganization(
  organizations: readonly HostedOrganization[],
  chosenId: string | undefined,
): HostedOrganization | undefined {
  const remembered = organizations.find((organization) => organization.id === chosenId);
  if (remembered) return remembered;
  return organizations.length === 1 ? organizations[0] : undefined;
}

/** whoami failures that mean "the backend is not ready yet" (api.md §8.1: 5xx or 404). */
export function isProvisioningFailure(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind !== 'http') return error.kind === 'network' || error.kind === 'timeout';
  return error.status === 404 || error.status >= 500;
}
