import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import type { HostedTokens } from '../../api/hosted-auth';
import { chosenOrganization, hostedGateState, isProvisioningFailure } from './hosted-gate-logic';

const now = 1_700_000_000;
const alpha = { id: 'a', name: 'Alpha', backend_url: 'https://alpha.example.com/api' };
const beta = { id: 'b', name: 'Beta' };

function tokens(organizations: unknown[], overrides: Partial<HostedTokens> = {}): HostedTokens {
  return {
    idToken: 'x',
    accessToken: 'y',
    expiresAt: now + 600,
    claims: { sub: 'u', organizations },
    ...overrides,
  };
}

describe('hosted gates, in order', () => {
  it('signed out without tokens; an expired token, with a refresh token or not, is renewed', () => {
    expect(hostedGateState({ tokens: undefined, chosenId: 'a', nowSeconds: now }).kind).toBe(
      'signed-out',
    );
    const expired = tokens([alpha], { expiresAt: now - 5 });
    // Without a refresh token the renewal is a silent re-authorisation at the provider.
    expect(hostedGateState({ tokens: expired, chosenId: 'a', nowSeconds: now }).kind).toBe(
      'refresh',
    );
    expect(
      hostedGateState({
        tokens: { ...expired, refreshToken: 'r' },
        chosenId: 'a',
        nowSeconds: now,
      }).kind,
    ).toBe('refresh');
  });

  it('no organisation at all; several and none chosen → the picker', () => {
    expect(hostedGateState({ tokens: tokens([]), chosenId: undefined, nowSeconds: now })).toEqual({
      kind: 'no-organizations',
    });
    const state = hostedGateState({
      tokens: tokens([alpha, beta]),
      chosenId: undefined,
      nowSeconds: now,
    });
    expect(state.kind).toBe('pick');
    // A remembered organisation the user no longer belongs to is not used.
    expect(
      hostedGateState({ tokens: tokens([alpha, beta]), chosenId: 'gone', nowSeconds: now }).kind,
    ).toBe('pick');
  });

  it('the only organisation is chosen without asking', () => {
    expect(chosenOrganization([{ id: 'a', name: 'A' }], undefined)?.id).toBe('a');
    expect(
      hostedGateState({ tokens: tokens([alpha]), chosenId: undefined, nowSeconds: now }),
    ).toEqual({
      kind: 'ready',
      organization: { id: 'a', name: 'Alpha', backendUrl: 'https://alpha.example.com/api' },
    });
  });

  it('a chosen organisation without a backend URL → the wait screen', () => {
    const state = hostedGateState({
      tokens: tokens([alpha, beta]),
      chosenId: 'b',
      nowSeconds: now,
    });
    expect(state).toMatchObject({ kind: 'provisioning', organization: { id: 'b', name: 'Beta' } });
  });

  it('a custom claim name', () => {
    const custom = tokens([], { claims: { sub: 'u', orgs: [alpha] } });
    expect(
      hostedGateState({ tokens: custom, chosenId: 'a', claimName: 'orgs', nowSeconds: now }).kind,
    ).toBe('ready');
  });
});

describe('whoami failures that show the wait screen (api.md §8.1)', () => {
  it.each([
    [new ApiError('x', { status: 502, kind: 'http' }), true],
    [new ApiError('x', { status: 500, kind: 'http' }), true],
    [new ApiError('x', { status: 404, kind: 'http' }), true],
    [new ApiError('x', { status: 0, kind: 'network' }), true],
    [new ApiError('x', { status: 401, kind: 'http' }), false],
    [new ApiError('x', { status: 403, kind: 'http' }), false],
    [new Error('x'), false],
  ])('%o → %s', (error, expected) => {
    expect(isProvisioningFailure(error)).toBe(expected);
  });
});
