import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import {
  cachedRegistrationAvailable,
  REGISTRATION_CACHE_MS,
  registrationErrorAnswer,
  rememberRegistrationAvailable,
} from './registration-available';

afterEach(() => window.localStorage.clear());

describe('registration-available cache', () => {
  it('keeps an answer per API base for the cache time', () => {
    expect(cachedRegistrationAvailable('/api', 1_000)).toBeNull();
    rememberRegistrationAvailable('/api', false, 1_000);
    expect(cachedRegistrationAvailable('/api', 1_000 + REGISTRATION_CACHE_MS - 1)).toBe(false);
    expect(cachedRegistrationAvailable('/api', 1_000 + REGISTRATION_CACHE_MS)).toBeNull();
    expect(cachedRegistrationAvailable('https://mc.example/api', 1_000)).toBeNull();
    // A clock set back does not make an old answer last for ever.
    expect(cachedRegistrationAvailable('/api', 0)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    window.localStorage.setItem('vigil.registration-available:/api', '{not json');
    expect(cachedRegistrationAvailable('/api')).toBeNull();
    window.localStorage.setItem('vigil.registration-available:/api', '{"value":"yes","at":1}');
    expect(cachedRegistrationAvailable('/api', 2)).toBeNull();
  });

  it('takes only self_service_flow_disabled as a lasting no', () => {
    const disabled = new ApiError('Bad Request', {
      status: 400,
      kind: 'http',
      body: { error: { id: 'self_service_flow_disabled', code: 400 } },
    });
    expect(registrationErrorAnswer(disabled)).toBe(false);
    expect(
      registrationErrorAnswer(new ApiError('Bad Gateway', { status: 502, kind: 'http' })),
    ).toBeNull();
    expect(registrationErrorAnswer(new TypeError('Failed to fetch'))).toBeNull();
  });
});
