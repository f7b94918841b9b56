import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG } from '../api/runtime-config';
import type { RuntimeConfig } from '../api/types';
import { csrf, flowOf, input, submit } from '../features/auth/test-flows';
import { fakeFetch, type FakeApi } from '../test/render-with-providers';
import { PublicApp } from './public-app';
import { hasSignInPage } from './sign-in-routes';

const loginFlow = flowOf('flow-1', [
  csrf(),
  input('password', 'identifier', 'text', { label: 'Email or username', required: true }),
  input('password', 'password', 'password', { label: 'Password', required: true }),
  submit('password', 'password', 'Sign in'),
]);

/** The sign-in app at `path`, over the fake API, with no React Query anywhere above it. */
function renderAt(path: string, api: FakeApi, config: Partial<RuntimeConfig> = {}) {
  window.history.replaceState(null, '', path);
  vi.stubGlobal('fetch', fakeFetch(api));
  return render(<PublicApp config={{ ...DEFAULT_RUNTIME_CONFIG, ...config }} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('hasSignInPage', () => {
  it('serves the own login’s five pages, hosted sign-in’s /login, and nothing else', () => {
    const basic = DEFAULT_RUNTIME_CONFIG;
    for (const path of ['/login', '/registration', '/recovery', '/verification', '/invite']) {
      expect(hasSignInPage(basic, path)).toBe(true);
    }
    expect(hasSignInPage(basic, '/health')).toBe(false);
    expect(hasSignInPage(basic, '/login/')).toBe(false);
    const hosted: RuntimeConfig = { ...basic, auth: 'oidc' };
    expect(hasSignInPage(hosted, '/login')).toBe(true);
    expect(hasSignInPage(hosted, '/registration')).toBe(false);
    expect(hasSignInPage({ ...basic, auth: 'none' }, '/login')).toBe(false);
    expect(hasSignInPage({ ...basic, healthOnly: true }, '/login')).toBe(false);
  });
});

describe('PublicApp', () => {
  it('shows the own sign-in page, and offers Create account once a registration flow starts', async () => {
    renderAt('/login', {
      '/kratos/self-service/login/browser': loginFlow,
      '/kratos/self-service/registration/browser': flowOf('r1', [csrf()]),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign In to your account' }),
    ).toBeVisible();
    expect(await screen.findByLabelText('Email or username')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      '/registration',
    );
  });

  it('offers no Create account where registration is off', async () => {
    renderAt('/login', {
      '/kratos/self-service/login/browser': loginFlow,
      '/kratos/self-service/registration/browser': () =>
        new Response(JSON.stringify({ error: { id: 'self_service_flow_disabled', code: 400 } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    });
    expect(await screen.findByLabelText('Email or username')).toBeVisible();
    await waitFor(() =>
      expect(window.localStorage.getItem('vigil.registration-available:/api')).toContain(
        '"value":false',
      ),
    );
    expect(screen.queryByRole('link', { name: 'Create account' })).toBeNull();
  });

  it('looks an invitation up without React Query', async () => {
    renderAt('/invite#token=tok_0123456789abcdefghijklmnop', {
      '/auth/invite/lookup': { email: 'ivy@example.com', firstName: 'Ivy', lastName: 'Invitee' },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set your password' }),
    ).toBeVisible();
    expect(await screen.findByLabelText('Email')).toHaveValue('ivy@example.com');
  });

  it('shows hosted sign-in’s page at /login when the deployment signs in through OIDC', async () => {
    renderAt('/login', {}, { auth: 'oidc' });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(screen.getByText(/signs you in through its identity provider/)).toBeVisible();
  });

  it('loads any other address as a document, which starts the console', async () => {
    const replace = vi.fn();
    renderAt('/login', {
      '/kratos/self-service/login/browser': loginFlow,
      '/kratos/self-service/registration/browser': flowOf('r1', [csrf()]),
    });
    const real = window.location;
    vi.stubGlobal(
      'location',
      // The real location's fields as they are now, with `replace` recorded instead of done.
      new Proxy({} as Location, {
        get: (_, key) => (key === 'replace' ? replace : Reflect.get(real, key, real)),
      }),
    );
    await userEvent.click(await screen.findByRole('link', { name: 'Reset password' }));
    // /recovery is a sign-in page: it stays in the app.
    expect(replace).not.toHaveBeenCalled();
    window.history.pushState(null, '', '/health?range=1h');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/health?range=1h'));
  });
});
