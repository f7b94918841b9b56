import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { csrf, flowOf, input, submit } from './test-flows';
import {
  cleanReturnTo,
  FLOW_MESSAGES,
  flowErrorAction,
  flowGroups,
  groupBody,
  nestedBody,
  nodesForGroup,
} from './flow-logic';

const apiError = (status: number, body: unknown) =>
  new ApiError('failed', { status, kind: 'http', body });

const ctx = { returnTo: '/health', here: '/profile-settings?flow=s1' };

describe('nestedBody', () => {
  it('nests dotted trait names', () => {
    expect(
      nestedBody([
        ['traits.email', 'ada@example.com'],
        ['traits.name.first', 'Ada'],
        ['traits.name.last', 'Lovelace'],
        ['password', 'pw'],
      ]),
    ).toEqual({
      traits: { email: 'ada@example.com', name: { first: 'Ada', last: 'Lovelace' } },
      password: 'pw',
    });
  });
});

describe('groups and bodies', () => {
  const settings = flowOf('s1', [
    csrf(),
    input('default', 'traits.email', 'email', { value: 'ada@example.com' }),
    submit('profile', 'profile'),
    input('password', 'password', 'password'),
    submit('password', 'password'),
    input('totp', 'totp_unlink', 'submit', { value: true }),
    input('webauthn', 'webauthn_remove', 'submit', { value: 'key-1', label: 'YubiKey' }),
  ]);

  it('orders the groups and gives visible default nodes to the profile form only', () => {
    expect(flowGroups(settings)).toEqual(['password', 'profile', 'totp', 'webauthn']);
    expect(nodesForGroup(settings, 'profile').map((n) => n.attributes.name)).toEqual([
      'csrf_token',
      'traits.email',
      'method',
    ]);
    expect(nodesForGroup(settings, 'password').map((n) => n.attributes.name)).toEqual([
      'csrf_token',
      'password',
      'method',
    ]);
  });

  it('sends every field with the method button, only hidden ones with another button', () => {
    const values = new Map<string, unknown>([
      ['csrf_token', 'csrf-1'],
      ['traits.email', 'new@example.com'],
    ]);
    const profile = nodesForGroup(settings, 'profile');
    expect(groupBody('profile', profile, values, profile[2])).toEqual({
      method: 'profile',
      csrf_token: 'csrf-1',
      traits: { email: 'new@example.com' },
    });
    const totp = nodesForGroup(settings, 'totp');
    expect(groupBody('totp', totp, values, totp[1])).toEqual({
      method: 'totp',
      csrf_token: 'csrf-1',
      totp_unlink: true,
    });
    const keys = nodesForGroup(settings, 'webauthn');
    expect(groupBody('webauthn', keys, values, keys[1])).toEqual({
      method: 'webauthn',
      csrf_token: 'csrf-1',
      webauthn_remove: 'key-1',
    });
  });
});

describe('flowErrorAction', () => {
  it('restarts an expired flow and a CSRF violation with the spec texts', () => {
    expect(
      flowErrorAction(apiError(410, { error: { id: 'self_service_flow_expired' } }), 'login', ctx),
    ).toEqual({ type: 'restart', message: { id: 0, type: 'error', text: FLOW_MESSAGES.expired } });
    expect(
      flowErrorAction(apiError(403, { error: { id: 'security_csrf_violation' } }), 'login', ctx),
    ).toEqual({ type: 'restart', message: { id: 0, type: 'error', text: FLOW_MESSAGES.csrf } });
    // Recovery and verification also restart on a bare 403 (spec doc 3 §4).
    expect(flowErrorAction(apiError(403, {}), 'verification', ctx).type).toBe('restart');
    expect(flowErrorAction(apiError(403, {}), 'login', ctx).type).toBe('message');
  });

  it('shows the return_to text and goes home when a session exists', () => {
    expect(
      flowErrorAction(
        apiError(400, { error: { id: 'self_service_flow_return_to_forbidden' } }),
        'login',
        ctx,
      ),
    ).toEqual({ type: 'message', text: 'The return_to address is not allowed.' });
    expect(
      flowErrorAction(apiError(400, { error: { id: 'session_already_available' } }), 'login', ctx),
    ).toEqual({ type: 'go', to: '/health' });
  });

  it('follows redirect_browser_to, else builds the sign-in address', () => {
    expect(
      flowErrorAction(
        apiError(403, {
          error: { id: 'session_refresh_required' },
          redirect_browser_to: '/login?refresh=true&return_to=/profile-settings?flow=s1',
        }),
        'settings',
        ctx,
      ),
    ).toEqual({ type: 'go', to: '/login?refresh=true&return_to=/profile-settings?flow=s1' });
    expect(
      flowErrorAction(
        apiError(403, { error: { id: 'session_refresh_required' } }),
        'settings',
        ctx,
      ),
    ).toEqual({
      type: 'go',
      to: `/login?refresh=true&return_to=${encodeURIComponent('/profile-settings?flow=s1')}`,
    });
    expect(
      flowErrorAction(apiError(403, { error: { id: 'session_aal2_required' } }), 'settings', ctx),
    ).toEqual({
      type: 'go',
      to: `/login?aal=aal2&return_to=${encodeURIComponent('/profile-settings?flow=s1')}`,
    });
    expect(
      flowErrorAction(apiError(401, { error: { id: 'session_inactive' } }), 'settings', ctx),
    ).toEqual({
      type: 'go',
      to: `/login?return_to=${encodeURIComponent('/profile-settings?flow=s1')}`,
    });
    expect(
      flowErrorAction(
        apiError(422, {
          error: { id: 'browser_location_change_required' },
          redirect_browser_to: '/profile-settings?flow=s2',
        }),
        'recovery',
        ctx,
      ),
    ).toEqual({ type: 'go', to: '/profile-settings?flow=s2' });
  });

  it("shows a disabled flow's reason", () => {
    expect(
      flowErrorAction(
        apiError(400, {
          error: {
            id: 'self_service_flow_disabled',
            message: 'The request was malformed',
            reason: 'Registration is not allowed because it was disabled.',
          },
        }),
        'registration',
        ctx,
      ),
    ).toEqual({
      type: 'message',
      text: 'Registration is not allowed because it was disabled.',
      final: true,
    });
  });
});

describe('cleanReturnTo', () => {
  it('keeps same-origin paths and drops other origins', () => {
    expect(cleanReturnTo('/health?x=1')).toBe('/health?x=1');
    expect(cleanReturnTo(`${window.location.origin}/catalog`)).toBe('/catalog');
    expect(cleanReturnTo('https://evil.test/x')).toBe('/');
    expect(cleanReturnTo('//evil.test')).toBe('/');
  });
});
