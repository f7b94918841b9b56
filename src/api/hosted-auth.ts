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
  /** A silent re-authorisation (`prompt=none`) after the token expired without a refresh token. */
  silent?: boolean;
}

/**
 * A silent re-authorisation came back without a sign-in (the provider's session is gone, or it
 * wants an interaction): the caller goes the 401 way, `/auth-state-checker?return_to=`.
 */
export class SilentSignInFailed extends Error {
  constructor(
    readonly returnTo: string,
    message: string,
  ) {
    super(message);
    this.name = 'SilentSignInFailed';
  }
}

const TOKENS_KEY = 'vigil.hosted.tokens';
const PENDING_KEY = 'vigil.hosted.pending';
const ORGANIZATION_KEY = 'vigil.hosted.organization';
/**
 * A token this close to its expiry is treated as expired (seconds): 30, or a fifth of its lifetime
 * when that is shorter (a provider handing out one-minute tokens still gets most of each).
 */
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

const listeners = new Set<(tokens: HostedTokens | undefined) => void>();

/** Be told when the stored sign-in changes in this tab (a renewal, a sign-out). */
export function subscribeHostedTokens(
  listener: (tokens: HostedTokens | undefined) => void,
): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(tokens: HostedTokens | undefined): void {
  for (const listener of listeners) listener(tokens);
}

export function storeHostedTokens(tokens: HostedTokens): void {
  session()?.setItem(TOKENS_KEY, JSON.stringify(tokens));
  notify(tokens);
}

export function clearHostedTokens(): void {
  session()?.removeItem(TOKENS_KEY);
  session()?.removeItem(PENDING_KEY);
  notify(undefined);
}

function skewOf(tokens: HostedTokens): number {
  const issuedAt = tokens.claims.iat;
  if (typeof issuedAt !== 'number' || issuedAt >= tokens.expiresAt) return EXPIRY_SKEW_SECONDS;
  return Math.min(EXPIRY_SKEW_SECONDS, (tokens.expiresAt - issuedAt) / 5);
}

/** Due for renewal: expired, or within the skew of its expiry. */
export function isExpired(tokens: HostedTokens, nowSeconds = Date.now() / 1000): boolean {
  return tokens.expiresAt - skewOf(tokens) <= nowSeconds;
}

/** The bearer token for API calls: the ID token (audience = the console's client id). */
export function currentBearerToken(nowSeconds = Date.now() / 1000): string | undefined {
  const tokens = readHostedTokens();
  // Sent until its real expiry: within the skew it is still good, only due for renewal.
  return tokens && tokens.expiresAt > nowSeconds ? tokens.idToken : undefined;
}

/**
 * The bearer token for the next request: renewed first with the refresh token when it is due (so
 * a call after the expiry does not meet a 401), else the current one while it lasts.
 */
export async function freshBearerToken(config: OidcClientConfig): Promise<string | undefined> {
  const tokens = readHostedTokens();
  if (tokens && isExpired(tokens) && tokens.refreshToken) await refreshHostedTokens(config);
  return currentBearerToken();
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

/**
 * The S256 PKCE challenge of a verifier (RFC 7636 §4.2): base64url(SHA-256(verifier)). Written
 * here rather than taken from oauth4webapi, whose encoder checks `instanceof ArrayBuffer` and so
 * refuses a digest made in another realm (jsdom in the unit tests).
 */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)),
  );
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
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

/**
 * Start a sign-in: remembers verifier, state, nonce and the return path; resolves the URL.
 * `silent`: a re-authorisation with `prompt=none` (the provider answers at once, with a code when
 * its own session is alive, else with an error), without `offline_access` (whose consent
 * prompt would refuse to be silent).
 */
export async function beginHostedSignIn(
  config: OidcClientConfig,
  returnTo: string,
  { silent = false }: { silent?: boolean } = {},
): Promise<string> {
  const server = await discoverProvider(config);
  if (!server.authorization_endpoint) throw new Error('The provider has no authorization endpoint');
  const pending: PendingSignIn = {
    verifier: oauth.generateRandomCodeVerifier(),
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    returnTo,
    ...(silent ? { silent } : {}),
  };
  session()?.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL(server.authorization_endpoint);
  const offered = server.scopes_supported ?? [];
  const requested = config.scopes ?? [
    ...DEFAULT_SCOPES,
    ...['organizations', 'offline_access'].filter((scope) => offered.includes(scope)),
  ];
  const scopes = silent ? requested.filter((scope) => scope !== 'offline_access') : requested;
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', callbackUrl());
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', scopes.join(' '));
  url.searchParams.set('code_challenge', await pkceChallenge(pending.verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', pending.state);
  url.searchParams.set('nonce', pending.nonce);
  if (silent) url.searchParams.set('prompt', 'none');
  else if (scopes.includes('offline_access')) url.searchParams.set('prompt', 'consent');
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
  if (!pending.silent) return exchangeCode(config, callback, pending);
  try {
    const returnTo = await exchangeCode(config, callback, pending);
    // A token already due again would renew in a loop (clocks far apart): not a sign-in.
    const tokens = readHostedTokens();
    if (!tokens || isExpired(tokens)) throw new Error('The renewed token is already expired');
    return returnTo;
  } catch (error: unknown) {
    clearHostedTokens();
    throw new SilentSignInFailed(
      pending.returnTo,
      error instanceof Error ? error.message : 'The sign-in could not be renewed',
    );
  }
}

async function exchangeCode(
  config: OidcClientConfig,
  callback: URL,
  pending: PendingSignIn,
): Promise<string> {
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

let refreshing: Promise<boolean> | undefined;

/**
 * Renew the tokens with the refresh token; false when there is none or the renewal fails (then
 * the refresh token is dropped: signed out unless a silent re-authorisation succeeds).
 */
export function refreshHostedTokens(config: OidcClientConfig): Promise<boolean> {
  // One renewal at a time: the provider rotates refresh tokens, and a second use of the old one
  // would be refused (some providers then revoke the whole grant).
  refreshing ??= refreshOnce(config).finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

async function refreshOnce(config: OidcClientConfig): Promise<boolean> {
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
    // The refresh token is dropped (a kept one would send the sign-in page straight back); the
    // expired sign-in stays, so a silent re-authorisation may still renew it.
    const { refreshToken: _dropped, ...rest } = tokens;
    storeHostedTokens(rest);
    return false;
  }
}

let leaving = false;

/**
 * Leave the page for `url`, once: the session gate and the API client may both decide to (a
 * second navigation would cancel the first one's request half-way).
 */
export function leavePage(url: string): void {
  if (leaving) return;
  leaving = true;
  window.location.assign(url);
}

/** Whether the page is already on its way out ({@link leavePage}). */
export function isLeavingPage(): boolean {
  return leaving;
}

export type HostedRenewal =
  | { kind: 'renewed' }
  /** Go there: a silent re-authorisation at the provider, back to the same path. */
  | { kind: 'redirect'; url: string }
  | { kind: 'signed-out' };

let renewing: Promise<HostedRenewal> | undefined;

/**
 * Renew an expired sign-in, in order: the refresh token grant when the provider issued one; else a
 * silent re-authorisation (`prompt=none`, a full-page round trip that comes back to `returnTo`);
 * else signed out (the caller goes to `/auth-state-checker`).
 */
export function renewHostedSignIn(
  config: OidcClientConfig,
  returnTo: string,
): Promise<HostedRenewal> {
  // One at a time, and one redirect per page: the gate and the API client may both notice the
  // expiry, and a second silent request would overwrite the first one's state and nonce.
  renewing ??= renewOnce(config, returnTo).then((renewal) => {
    if (renewal.kind !== 'redirect') renewing = undefined;
    return renewal;
  });
  return renewing;
}

async function renewOnce(config: OidcClientConfig, returnTo: string): Promise<HostedRenewal> {
  const tokens = readHostedTokens();
  if (!tokens) return { kind: 'signed-out' };
  if (tokens.refreshToken && (await refreshHostedTokens(config))) return { kind: 'renewed' };
  try {
    return { kind: 'redirect', url: await beginHostedSignIn(config, returnTo, { silent: true }) };
  } catch {
    return { kind: 'signed-out' };
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
