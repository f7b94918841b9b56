import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isExpired,
  isSignedIn,
  organizationsFromClaims,
  readChosenOrganization,
  readHostedTokens,
  refreshHostedTokens,
  storeChosenOrganization,
  storeHostedTokens,
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

  it('a failed renewal drops the tokens, so the sign-in page does not bounce back', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    storeHostedTokens(tokens({ expiresAt: now - 60, refreshToken: 'r' }));
    expect(isSignedIn()).toBe(true);
    expect(await refreshHostedTokens({ issuer: 'https://id.example.com', clientId: 'c' })).toBe(
      false,
    );
    expect(readHostedTokens()).toBeUndefined();
    expect(isSignedIn()).toBe(false);
  });
});
