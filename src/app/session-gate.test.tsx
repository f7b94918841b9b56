import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { secondFactorTarget } from './session-gate';

const aal2 = (body: unknown) => new ApiError('aal2', { status: 403, kind: 'http', body });

describe('secondFactorTarget (whoami 403/422)', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("follows the server's redirect_browser_to on this origin", () => {
    expect(
      secondFactorTarget(
        aal2({
          error: { id: 'session_aal2_required' },
          redirect_browser_to: `${window.location.origin}/login?aal=aal2&return_to=%2Fhealth`,
        }),
      ),
    ).toBe('/login?aal=aal2&return_to=%2Fhealth');
  });

  it('else goes to /login?aal=aal2 with the current path as return_to', () => {
    window.history.replaceState(null, '', '/catalog?q=x');
    expect(secondFactorTarget(aal2({ error: { id: 'session_aal2_required' } }))).toBe(
      `/login?aal=aal2&return_to=${encodeURIComponent('/catalog?q=x')}`,
    );
    expect(
      secondFactorTarget(aal2({ redirect_browser_to: 'https://evil.test/login?aal=aal2' })),
    ).toBe(`/login?aal=aal2&return_to=${encodeURIComponent('/catalog?q=x')}`);
  });
});
