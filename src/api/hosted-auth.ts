/**
 * Hosted sign-in (`auth: oidc`, docs/hosted-oidc.md): OpenID Connect authorization code with PKCE
 * (S256) through oauth4webapi, `state` and `nonce` checked. Tokens live in sessionStorage (one
 * tab's sign-in, gone with the tab), never in a URL or a log. The chosen organisation is
 * remembered in localStorage (an id, not a credential).
 *
 * No UI and no navigation here: functions return the URL to go to; the callers navigate.
 */
import * as oauth from 'oauth4webapi';
import type { OidcClientConfig } from './types';

/** One organisation of the signed-in user (from the organisations claim). */
export interface HostedOrganization {
  id: string;
  name: string;
  /** The organisation's API base; absent while its backend is being provisioned. */
  backendUrl?: string;
}

/** What the console keeps of a sign-in. */
export interface HostedTokens {
  idToken: string;
  accessToken: string;
  refreshToken?: string;
  /** Epoch seconds when the ID token expires. */
  expiresAt: number;
  /** The ID token's claims, merged with userinfo when the ID token lacks the organisations. */
  claims: Record<string, unknown>;
}

interface PendingSignIn {
  verifier: string;
  state: string;
  nonce: string;
  returnTo: string;
}

const TOKENS_KEY = 'vigil.hosted.tokens';
const PENDING_KEY = 'vigil.hosted.pending';
const ORGANIZATION_KEY = 'vigil.hosted.organization';
/** A token this close to its expiry is treated as expired (seconds). */
const EXPIRY_SKEW_SECONDS = 30;
const DEFAULT_SCOPES = ['openid', 'profile', 'email'];

// ---- storage ----

function readJson<T>(storage: Storage | undefined, key: string): T | undefined {
  try {
    const text = storage?.getItem(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}

function session(): Storage | undefined {
  return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
}

function local(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

/** The stored sign-in, if any (possibly expired). */
export function readHostedTokens(): HostedTokens | undefined {
  const tokens = readJson<HostedTokens>(session(), TOKENS_KEY);
  return tokens && typeof tokens.idToken === 'string' && typeof tokens.expiresAt === 'number'
    ? tokens
    : undefined;
}

export function storeHostedTokens(tokens: HostedTokens): void {
  session()?.setItem(TOKENS_KEY, JSON.stringify(tokens));
}

export function clearHostedTokens(): void {
  session()?.removeItem(TOKENS_KEY);
  session()?.removeItem(PENDING_KEY);
}

export function isExpired(tokens: HostedTokens, nowSeconds = Date.now() / 1000): boolean {
  return tokens.expiresAt - EXPIRY_SKEW_SECONDS <= nowSeconds;
}

/** The bearer token for API calls: the ID token (audience = the console's client id). */
export function currentBearerToken(): string | undefined {
  const tokens = readHostedTokens();
  return tokens && !isExpired(tokens) ? tokens.idToken : undefined;
}

/** Whether a usable sign-in exists (a live token, or one that can be refreshed). */
export function isSignedIn(tokens = readHostedTokens()): boolean {
  return tokens !== undefined && (!isExpired(tokens) || tokens.refreshToken !== undefined);
}

export function readChosenOrganization(): string | undefined {
  return local()?.getItem(ORGANIZATION_KEY) ?? undefined;
}

export function storeChosenOrganization(id: string | undefined): void {
  if (id) local()?.setItem(ORGANIZATION_KEY, id);
  else local()?.removeItem(ORGANIZATION_KEY);
}

// ---- organisations ----

/**
 * The organisations in a claim: a list of `{id, name, backend_url?}` (also `slug`/`backendUrl`
 * spellings); anything else in the list is skipped. Backend URLs must be http(s).
 */
export function organizationsFromClaims(
  claims: Record<string, unknown> | undefined,
  claimName = 'organizations',
): HostedOrganization[] {
  const raw = claims?.[claimName];
  const list = Array.isArray(raw) ? (raw as unknown[]) : [];
  const organizations: HostedOrganization[] = [];
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    const id = typeof record.id === 'string' && record.id.trim() ? record.id.trim() : undefined;
    if (!id || organizations.some((organization) => organization.id === id)) continue;
    const name = typeof record.name === 'string' && record.name.trim() ? record.name.trim() : id;
    const url = record.backend_url ?? record.backendUrl;
    const backendUrl =
      typeof url === 'string' && /^https?:\/\/[^\s]+$/i.test(url.trim())
        ? url.trim().replace(/\/+$/, '')
        : undefined;
    organizations.push(backendUrl ? { id, name, backendUrl } : { id, name });
  }
  return organizations;
}

// ---- the protocol ----

function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Plain http is allowed only for a provider on this machine (development and tests). */
function requestOptions(issuer: URL): { [oauth.allowInsecureRequests]?: boolean } {
  return isLoopbackHttp(issuer) ? { [oauth.allowInsecureRequests]: true } : {};
}

const servers = new Map<string, Promise<oauth.AuthorizationServer>>();

/** The provider's metadata (discovery), fetched once per page. */
export function discoverProvider(config: OidcClientConfig): Promise<oauth.AuthorizationServer> {
  let found = servers.get(config.issuer);
  if (!found) {
    const issuer = new URL(config.issuer);
    found = oauth
      .discoveryRequest(issuer, { algorithm: 'oidc', ...requestOptions(issuer) })
      .then((response) => oauth.processDiscoveryResponse(issuer, response));
    found.catch(() => servers.delete(config.issuer));
    servers.set(config.issuer, found);
  }
  return found;
}

function clientOf(config: OidcClientConfig): oauth.Client {
  return { client_id: config.clientId, token_endpoint_auth_method: 'none' };
}

/** Where the provider sends the browser back: `/auth/callback` on this origin. */
export function callbackUrl(): string {
  return `${window.location.origin}/auth/callback`;
}

/** Start a sign-in: remembers verifier, state, nonce and the return path; resolves the URL. */
export async function beginHostedSignIn(
  config: OidcClientConfig,
  returnTo: string,
): Promise<string> {
  const server = await discoverProvider(config);
  if (!server.authorization_endpoint) throw new Error('The provider has no authorization endpoint');
  const pending: PendingSignIn = {
    verifier: oauth.generateRandomCodeVerifier(),
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    returnTo,
  };
  session()?.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL(server.authorization_endpoint);
  const offered = server.scopes_supported ?? [];
  const scopes = config.scopes ?? [
    ...DEFAULT_SCOPES,
    ...['organizations', 'offline_access'].filter((scope) => offered.includes(scope)),
  ];
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', callbackUrl());
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', scopes.join(' '));
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(pending.verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', pending.state);
  url.searchParams.set('nonce', pending.nonce);
  if (scopes.includes('offline_access')) url.searchParams.set('prompt', 'consent');
  return url.href;
}

async function withOrganizations(
  config: OidcClientConfig,
  server: oauth.AuthorizationServer,
  tokens: HostedTokens,
): Promise<HostedTokens> {
  const claimName = config.organizationsClaim ?? 'organizations';
  if (tokens.claims[claimName] !== undefined || !server.userinfo_endpoint) return tokens;
  const issuer = new URL(config.issuer);
  const response = await oauth.userInfoRequest(
    server,
    clientOf(config),
    tokens.accessToken,
    requestOptions(issuer),
  );
  const info = await oauth.processUserInfoResponse(
    server,
    clientOf(config),
    String(tokens.claims.sub),
    response,
  );
  return { ...tokens, claims: { ...info, ...tokens.claims, [claimName]: info[claimName] } };
}

function tokensOf(result: oauth.TokenEndpointResponse, previous?: HostedTokens): HostedTokens {
  const claims = oauth.getValidatedIdTokenClaims(result);
  const idToken = result.id_token ?? previous?.idToken;
  if (!claims || !idToken) throw new Error('The provider returned no ID token');
  const refreshToken = result.refresh_token ?? previous?.refreshToken;
  return {
    idToken,
    accessToken: result.access_token,
    ...(refreshToken ? { refreshToken } : {}),
    expiresAt: claims.exp,
    claims: { ...claims },
  };
}

/**
 * Finish a sign-in at `/auth/callback`: checks `state`, exchanges the code with the PKCE
 * verifier, checks the ID token (signature, issuer, audience, nonce), keeps the tokens and
 * resolves the return path. Throws with a readable message on any mismatch.
 */
export async function completeHostedSignIn(
  config: OidcClientConfig,
  callback: URL,
): Promise<string> {
  const pending = readJson<PendingSignIn>(session(), PENDING_KEY);
  session()?.removeItem(PENDING_KEY);
  if (!pending) throw new Error('This sign-in was not started here, or it was already completed.');
  const server = await discoverProvider(config);
  const client = clientOf(config);
  const params = oauth.validateAuthResponse(server, client, callback, pending.state);
  const issuer = new URL(config.issuer);
  const response = await oauth.authorizationCodeGrantRequest(
    server,
    client,
    oauth.None(),
    params,
    callbackUrl(),
    pending.verifier,
    requestOptions(issuer),
  );
  const result = await oauth.processAuthorizationCodeResponse(server, client, response, {
    expectedNonce: pending.nonce,
    requireIdToken: true,
  });
  storeHostedTokens(await withOrganizations(config, server, tokensOf(result)));
  return pending.returnTo;
}

/**
 * Renew the tokens with the refresh token; false when there is none or the renewal fails (then
 * the tokens are dropped: the person signs in again).
 */
export async function refreshHostedTokens(config: OidcClientConfig): Promise<boolean> {
  const tokens = readHostedTokens();
  if (!tokens?.refreshToken) return false;
  try {
    const server = await discoverProvider(config);
    const client = clientOf(config);
    const response = await oauth.refreshTokenGrantRequest(
      server,
      client,
      oauth.None(),
      tokens.refreshToken,
      requestOptions(new URL(config.issuer)),
    );
    const result = await oauth.processRefreshTokenResponse(server, client, response);
    storeHostedTokens(await withOrganizations(config, server, tokensOf(result, tokens)));
    return true;
  } catch (error: unknown) {
    console.warn('The sign-in could not be renewed', error instanceof Error ? error.message : '');
    // Signed out from here on: a kept refresh token would send the sign-in page straight back.
    clearHostedTokens();
    return false;
  }
}

/**
 * Re-read the organisations (a backend being provisioned gets its URL later): from userinfo when
 * the provider has it, else by refreshing. Resolves the stored tokens afterwards.
 */
export async function reloadOrganizations(
  config: OidcClientConfig,
): Promise<HostedTokens | undefined> {
  const tokens = readHostedTokens();
  if (!tokens) return undefined;
  const claimName = config.organizationsClaim ?? 'organizations';
  const server = await discoverProvider(config);
  if (server.userinfo_endpoint && !isExpired(tokens)) {
    try {
      const fresh = await withOrganizations(config, server, {
        ...tokens,
        claims: { ...tokens.claims, [claimName]: undefined },
      });
      if (fresh.claims[claimName] !== undefined) {
        storeHostedTokens(fresh);
        return fresh;
      }
    } catch {
      // fall through to a refresh
    }
  }
  if (await refreshHostedTokens(config)) return readHostedTokens();
  return tokens;
}

/**
 * Sign out here and, when the provider offers it, at the provider: clears the tokens and
 * resolves where to go (the provider's end-session endpoint, or the sign-in page).
 */
export async function hostedSignOutUrl(config: OidcClientConfig): Promise<string> {
  clearHostedTokens();
  const after = `${window.location.origin}/login`;
  try {
    const server = await discoverProvider(config);
    if (!server.end_session_endpoint) return '/login';
    const url = new URL(server.end_session_endpoint);
    url.searchParams.set('client_id', config.clientId);
    // No id_token_hint: tokens never travel in a URL; client_id identifies the client instead.
    url.searchParams.set('post_logout_redirect_uri', after);
    return url.href;
  } catch {
    return '/login';
  }
}
