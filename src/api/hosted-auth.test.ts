import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  beginHostedSignIn,
  completeHostedSignIn,
  currentBearerToken,
  freshBearerToken,
  isExpired,
  isSignedIn,
  organizationsFromClaims,
  readChosenOrganization,
  readHostedTokens,
  refreshHostedTokens,
  renewHostedSignIn,
  SilentSignInFailed,
  storeChosenOrganization,
  storeHostedTokens,
  subscribeHostedTokens,
  pkceChallenge,
  type HostedTokens,
} from './hosted-auth';
import { parseOidcConfig, parseRuntimeConfig } from './runtime-config';

const now = Math.floor(Date.now() / 1000);

function tokens(overrides: Partial<HostedTokens> = {}): HostedTokens {
  return {
    idToken: 'h.p.s',
    accessToken: 'opaque',
    expiresAt: now + 600,
    claims: { sub: 'u1' },
    ...overrides,
  };
}

describe('pkceChallenge', () => {
  it('is base64url(SHA-256(verifier)) without padding (RFC 7636 S256)', async () => {
    for (const verifier of [
      'dBjftJeZ4CVP-mJ92K9lgx9bJ-cAGhDuDcPZ-4ATaIs',
      'a'.repeat(43),
      '~._-',
    ]) {
      const expected = createHash('sha256').update(verifier).digest('base64url');
      expect(await pkceChallenge(verifier)).toBe(expected);
    }
    expect(await pkceChallenge('x')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

describe('runtime config, auth: oidc', () => {
  it('accepts an issuer and client id, with optional scopes and claim', () => {
    const config = parseRuntimeConfig({
      auth: 'oidc',
      oidc: {
        issuer: 'https://id.example.com',
        clientId: 'console',
        scopes: ['openid', 'email'],
        organizationsClaim: 'orgs',
      },
    });
    expect(config.auth).toBe('oidc');
    expect(config.oidc).toEqual({
      issuer: 'https://id.example.com',
      clientId: 'console',
      scopes: ['openid', 'email'],
      organizationsClaim: 'orgs',
    });
    expect(config.oidcError).toBeUndefined();
  });

  it('allows plain http only for a provider on this machine', () => {
    expect(parseOidcConfig({ issuer: 'http://127.0.0.1:9000', clientId: 'c' })).toEqual({
      issuer: 'http://127.0.0.1:9000',
      clientId: 'c',
    });
    expect(parseOidcConfig({ issuer: 'http://id.example.com', clientId: 'c' })).toMatch(
      /must be an https URL/,
    );
  });

  it.each([
    [undefined, /no "oidc" object/],
    [[], /no "oidc" object/],
    [{ clientId: 'c' }, /oidc.issuer/],
    [{ issuer: 'https://id.example.com?x=1', clientId: 'c' }, /without query/],
    [{ issuer: 'https://id.example.com' }, /oidc.clientId/],
    [{ issuer: 'https://id.example.com', clientId: '  ' }, /oidc.clientId/],
    [{ issuer: 'https://id.example.com', clientId: 'c', scopes: ['email'] }, /includes "openid"/],
    [{ issuer: 'https://id.example.com', clientId: 'c', scopes: 'openid' }, /oidc.scopes/],
    [
      { issuer: 'https://id.example.com', clientId: 'c', organizationsClaim: 'a b' },
      /organizationsClaim/,
    ],
  ])('refuses %j with a clear message', (oidc, message) => {
    const config = parseRuntimeConfig({ auth: 'oidc', oidc });
    expect(config.oidc).toBeUndefined();
    expect(config.oidcError).toMatch(message);
  });

  it('ignores an oidc block in the other modes', () => {
    const config = parseRuntimeConfig({ auth: 'basic', oidc: { issuer: 'x' } });
    expect(config.oidc).toBeUndefined();
    expect(config.oidcError).toBeUndefined();
  });
});

describe('organisations from the claim', () => {
  it('reads id, name and backend URL, skipping bad entries and duplicates', () => {
    expect(
      organizationsFromClaims({
        organizations: [
          { id: 'a', name: 'Alpha', backend_url: 'https://alpha.example.com/api/' },
          { id: 'b', name: 'Beta' },
          { id: 'c', backendUrl: 'javascript:alert(1)' },
          { id: 'a', name: 'Again' },
          'loose',
          { name: 'no id' },
        ],
      }),
    ).toEqual([
      { id: 'a', name: 'Alpha', backendUrl: 'https://alpha.example.com/api' },
      { id: 'b', name: 'Beta' },
      { id: 'c', name: 'c' },
    ]);
  });

  it('reads a configured claim name; a missing claim is no organisation', () => {
    expect(organizationsFromClaims({ orgs: [{ id: 'x' }] }, 'orgs')).toEqual([
      { id: 'x', name: 'x' },
    ]);
    expect(organizationsFromClaims({}, 'orgs')).toEqual([]);
    expect(organizationsFromClaims(undefined)).toEqual([]);
  });
});

describe('token storage', () => {
  it('keeps tokens in sessionStorage only, and the chosen organisation in localStorage', () => {
    storeHostedTokens(tokens());
    storeChosenOrganization('a');
    expect(readHostedTokens()?.idToken).toBe('h.p.s');
    expect(Object.keys(localStorage)).toEqual(['vigil.hosted.organization']);
    expect(readChosenOrganization()).toBe('a');
  });

  it('treats a token near its expiry as expired; a refresh token keeps the user signed in', () => {
    expect(isExpired(tokens({ expiresAt: now + 10 }), now)).toBe(true);
    expect(isExpired(tokens(), now)).toBe(false);
    expect(isSignedIn(tokens({ expiresAt: now - 1 }))).toBe(false);
    expect(isSignedIn(tokens({ expiresAt: now - 1, refreshToken: 'r' }))).toBe(true);
    expect(isSignedIn(undefined)).toBe(false);
  });

  it('a short-lived token is due a fifth of its lifetime before it expires, not 30 s', () => {
    const short = tokens({ expiresAt: now + 5, claims: { sub: 'u1', iat: now } });
    expect(isExpired(short, now)).toBe(false);
    expect(isExpired(short, now + 3.9)).toBe(false);
    expect(isExpired(short, now + 4)).toBe(true);
  });

  it('the bearer is sent until its real expiry, even when it is already due for renewal', () => {
    storeHostedTokens(tokens({ expiresAt: now + 10 }));
    expect(currentBearerToken(now)).toBe('h.p.s');
    expect(currentBearerToken(now + 10)).toBeUndefined();
  });

  it('tells subscribers about a new sign-in', () => {
    const seen: (string | undefined)[] = [];
    const stop = subscribeHostedTokens((next) => seen.push(next?.idToken));
    storeHostedTokens(tokens());
    stop();
    storeHostedTokens(tokens({ idToken: 'other' }));
    expect(seen).toEqual(['h.p.s']);
  });

  it('ignores unreadable storage', () => {
    sessionStorage.setItem('vigil.hosted.tokens', '{not json');
    expect(readHostedTokens()).toBeUndefined();
  });
});

describe('refresh', () => {
  it('without a refresh token there is nothing to renew', async () => {
    storeHostedTokens(tokens({ expiresAt: now - 60 }));
    expect(await refreshHostedTokens({ issuer: 'https://id.example.com', clientId: 'c' })).toBe(
      false,
    );
  });

  it('a failed renewal drops the refresh token, so the sign-in page does not bounce back', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    storeHostedTokens(tokens({ expiresAt: now - 60, refreshToken: 'r' }));
    expect(isSignedIn()).toBe(true);
    expect(await refreshHostedTokens({ issuer: 'https://id.example.com', clientId: 'c' })).toBe(
      false,
    );
    expect(readHostedTokens()?.refreshToken).toBeUndefined();
    expect(isSignedIn()).toBe(false);
  });
});

const PROVIDER = 'https://renew.example.com';

/** A provider whose discovery answers and whose token endpoint counts its calls. */
function stubProvider(token: () => Response) {
  const calls: { url: string; body: string }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const body = input instanceof Request ? await input.text() : String(init?.body ?? '');
    calls.push({ url, body });
    if (url.endsWith('/.well-known/openid-configuration')) {
      return Response.json({
        issuer: PROVIDER,
        authorization_endpoint: `${PROVIDER}/auth`,
        token_endpoint: `${PROVIDER}/token`,
        jwks_uri: `${PROVIDER}/jwks`,
        scopes_supported: ['openid', 'profile', 'email', 'organizations', 'offline_access'],
      });
    }
    return token();
  });
  return calls;
}

describe('renewal of an expired sign-in', () => {
  const config = { issuer: PROVIDER, clientId: 'c' };

  // First: a redirect, once made, is the page's answer until it leaves (module state).
  it('a sign-in with nothing stored is signed out', async () => {
    expect(await renewHostedSignIn(config, '/')).toEqual({ kind: 'signed-out' });
  });

  it('renews one refresh at a time: parallel requests share one token request', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const calls = stubProvider(() => Response.json({ error: 'invalid_grant' }, { status: 400 }));
    storeHostedTokens(tokens({ expiresAt: now - 60, refreshToken: 'r' }));
    const results = await Promise.all([
      freshBearerToken(config),
      freshBearerToken(config),
      refreshHostedTokens(config),
    ]);
    expect(results).toEqual([undefined, undefined, false]);
    expect(calls.filter((call) => call.url === `${PROVIDER}/token`)).toHaveLength(1);
    expect(calls.find((call) => call.url === `${PROVIDER}/token`)?.body).toContain(
      'grant_type=refresh_token',
    );
  });

  it('without a refresh token: a silent re-authorisation (prompt=none, no offline_access)', async () => {
    stubProvider(() => new Response(null, { status: 500 }));
    storeHostedTokens(tokens({ expiresAt: now - 60 }));
    const [first, second] = await Promise.all([
      renewHostedSignIn(config, '/catalog?x=1'),
      renewHostedSignIn(config, '/catalog?x=1'),
    ]);
    expect(first.kind).toBe('redirect');
    // Both callers leave for the same request: one state and nonce.
    expect(second).toBe(first);
    const url = new URL(first.kind === 'redirect' ? first.url : '');
    expect(url.searchParams.get('prompt')).toBe('none');
    expect(url.searchParams.get('scope')).toBe('openid profile email organizations');
    const pending = JSON.parse(sessionStorage.getItem('vigil.hosted.pending') ?? '{}') as {
      silent?: boolean;
      returnTo?: string;
    };
    expect(pending).toMatchObject({ silent: true, returnTo: '/catalog?x=1' });
  });

  it('a declined silent re-authorisation ends the sign-in and names the return path', async () => {
    stubProvider(() => new Response(null, { status: 500 }));
    storeHostedTokens(tokens({ expiresAt: now - 60 }));
    const url = new URL(await beginHostedSignIn(config, '/health', { silent: true }));
    const callback = new URL('http://localhost:3000/auth/callback');
    callback.searchParams.set('error', 'login_required');
    callback.searchParams.set('state', url.searchParams.get('state') ?? '');
    const failure = await completeHostedSignIn(config, callback).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SilentSignInFailed);
    expect((failure as SilentSignInFailed).returnTo).toBe('/health');
    expect(readHostedTokens()).toBeUndefined();
  });
});
