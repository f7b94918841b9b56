import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KratosFlow } from '../../api/types';
import { jsonResponse, renderWithProviders } from '../../test/render-with-providers';
import { resetUrlCredentialsForTests } from './login-credentials';
import { FLOW_MESSAGES } from './flow-logic';
import { LoginPage, loginVariant } from './login-page';
import { csrf, errorBody, flowOf, input, submit } from './test-flows';

function flow(messages: KratosFlow['ui']['messages'] = []): KratosFlow {
  return {
    id: 'flow-1',
    type: 'browser',
    expires_at: '',
    issued_at: '',
    request_url: '',
    ui: {
      action: '/api/kratos/self-service/login?flow=flow-1',
      method: 'POST',
      messages,
      nodes: [
        {
          type: 'input',
          group: 'default',
          attributes: { name: 'csrf_token', type: 'hidden', value: 'csrf-1', node_type: 'input' },
          messages: [],
          meta: {},
        },
        {
          type: 'input',
          group: 'default',
          attributes: { name: 'identifier', type: 'text', required: true, node_type: 'input' },
          messages: [],
          meta: { label: { id: 1, text: 'ID', type: 'info' } },
        },
        {
          type: 'input',
          group: 'password',
          attributes: { name: 'password', type: 'password', required: true, node_type: 'input' },
          messages: [],
          meta: { label: { id: 2, text: 'Password', type: 'info' } },
        },
        {
          type: 'input',
          group: 'password',
          attributes: { name: 'method', type: 'submit', value: 'password', node_type: 'input' },
          messages: [],
          meta: { label: { id: 3, text: 'Sign in', type: 'info' } },
        },
      ],
    },
  };
}

const INVALID = {
  id: 4000006,
  type: 'error',
  text: 'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
};

describe('LoginPage', () => {
  let assign: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    resetUrlCredentialsForTests();
    window.localStorage.clear();
    assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      assign,
      search: '',
      href: 'http://localhost/login',
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('renders the flow nodes with visible labels and a hidden csrf token', async () => {
    const { container } = renderWithProviders(<LoginPage />, {
      route: '/login',
      api: { '/kratos/self-service/login/browser': flow() },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign In to your account' }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Email or username')).toHaveAttribute(
      'autocomplete',
      'username',
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(container.querySelector('input[name=csrf_token]')).toHaveValue('csrf-1');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows the invalid-credentials message from the re-rendered flow', async () => {
    const submitted: unknown[] = [];
    renderWithProviders(<LoginPage />, {
      route: '/login',
      api: {
        '/kratos/self-service/login/browser': flow(),
        '/kratos/self-service/login?flow=flow-1': ({ init }) => {
          submitted.push(JSON.parse(String(init?.body)));
          return jsonResponse(flow([INVALID]), 400);
        },
      },
    });
    await userEvent.type(await screen.findByLabelText('Email or username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID.text);
    expect(submitted).toEqual([
      { method: 'password', identifier: 'admin', password: 'wrong', csrf_token: 'csrf-1' },
    ]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes to a safe return_to after success', async () => {
    vi.stubGlobal('location', {
      ...window.location,
      assign,
      search: '?return_to=https://evil.test',
      href: 'http://localhost/login?return_to=https://evil.test',
    });
    renderWithProviders(<LoginPage />, {
      api: {
        '/kratos/self-service/login/browser': flow(),
        '/kratos/self-service/login?flow=flow-1': { session: { id: 's' } },
      },
    });
    await userEvent.type(await screen.findByLabelText('Email or username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'vigil-admin');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });

  it('strips username and password from the URL before auto-submitting', async () => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/login?return_to=%2Fhealth&username=admin&password=pw');
    const assignSpy = vi.fn();
    const seenUrls: string[] = [];
    renderWithProviders(<LoginPage />, {
      api: {
        '/kratos/self-service/login/browser': () => {
          seenUrls.push(window.location.href);
          return jsonResponse(flow());
        },
        '/kratos/self-service/login?flow=flow-1': ({ init }) => {
          seenUrls.push(window.location.href);
          expect(JSON.parse(String(init?.body))).toMatchObject({
            identifier: 'admin',
            password: 'pw',
          });
          return jsonResponse({ session: { id: 's' } });
        },
      },
    });
    vi.stubGlobal('location', { ...window.location, assign: assignSpy });
    await waitFor(() => expect(seenUrls).toHaveLength(2));
    for (const url of seenUrls) {
      expect(url).not.toContain('password');
      expect(url).not.toContain('username');
    }
    expect(seenUrls[0]).toContain('return_to=%2Fhealth');
  });

  it('does not sign in from credentials in a link on another page (login CSRF)', async () => {
    vi.unstubAllGlobals();
    Object.defineProperty(document, 'referrer', {
      value: 'http://127.0.0.1:9999/attacker.html',
      configurable: true,
    });
    try {
      window.history.replaceState(null, '', '/login?username=attacker&password=pw');
      const submitted = vi.fn();
      renderWithProviders(<LoginPage />, {
        api: {
          '/kratos/self-service/login/browser': () => jsonResponse(flow()),
          '/kratos/self-service/login?flow=flow-1': () => {
            submitted();
            return jsonResponse({ session: { id: 's' } });
          },
        },
      });
      expect(await screen.findByLabelText('Password')).toHaveValue('');
      expect(window.location.href).not.toContain('password');
      expect(window.location.href).not.toContain('username');
      expect(submitted).not.toHaveBeenCalled();
    } finally {
      Object.defineProperty(document, 'referrer', { value: '', configurable: true });
    }
  });

  async function signIn() {
    await userEvent.type(await screen.findByLabelText('Email or username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  }

  it('links to recovery, and to registration only when its start answers a flow', async () => {
    let probes = 0;
    const first = renderWithProviders(<LoginPage />, {
      api: {
        '/kratos/self-service/login/browser': flow(),
        '/kratos/self-service/registration/browser': () => {
          probes += 1;
          return jsonResponse(flowOf('r1', [csrf()]));
        },
      },
    });
    expect(await screen.findByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      '/registration',
    );
    expect(screen.getByRole('link', { name: 'Reset password' })).toHaveAttribute(
      'href',
      '/recovery',
    );
    first.unmount();
    // The answer is kept: the next sign-in page starts no registration flow.
    const second = renderWithProviders(<LoginPage />, {
      api: {
        '/kratos/self-service/login/browser': flow(),
        '/kratos/self-service/registration/browser': () => {
          probes += 1;
          return jsonResponse(flowOf('r2', [csrf()]));
        },
      },
    });
    expect(await screen.findByRole('link', { name: 'Create account' })).toBeVisible();
    expect(probes).toBe(1);
    second.unmount();
    window.localStorage.clear();
    renderWithProviders(<LoginPage />, {
      api: {
        '/kratos/self-service/login/browser': flow(),
        '/kratos/self-service/registration/browser': () =>
          jsonResponse(errorBody('self_service_flow_disabled', 400), 400),
      },
    });
    expect(await screen.findByRole('link', { name: 'Reset password' })).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText('Password')).toBeVisible());
    expect(screen.queryByRole('link', { name: 'Create account' })).toBeNull();
  });

  it('follows a 422 to the second-factor sign-in', async () => {
    renderWithProviders(<LoginPage />, {
      api: {
        '/kratos/self-service/login/browser': flow(),
        '/kratos/self-service/login?flow=flow-1': () =>
          jsonResponse(
            errorBody('browser_location_change_required', 422, {
              redirect_browser_to: '/login?aal=aal2&return_to=%2Fhealth',
            }),
            422,
          ),
      },
    });
    await signIn();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login?aal=aal2&return_to=%2Fhealth'));
  });

  it('starts a new flow on a CSRF violation, with the text', async () => {
    let created = 0;
    renderWithProviders(<LoginPage />, {
      api: {
        '/kratos/self-service/login/browser': () => {
          created += 1;
          return jsonResponse(flow());
        },
        '/kratos/self-service/login?flow=flow-1': () =>
          jsonResponse(errorBody('security_csrf_violation', 403), 403),
      },
    });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(FLOW_MESSAGES.csrf);
    expect(created).toBe(2);
  });

  it('says a forbidden return_to is not allowed', async () => {
    renderWithProviders(<LoginPage />, {
      api: {
        '/kratos/self-service/login/browser': () =>
          jsonResponse(errorBody('self_service_flow_return_to_forbidden', 400), 400),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The return_to address is not allowed.',
    );
  });

  it('moves focus to the first invalid field after a 400', async () => {
    const invalid = flow();
    invalid.ui.nodes[1]!.messages = [
      { id: 4000002, type: 'error', text: 'Property identifier is missing.' },
    ];
    renderWithProviders(<LoginPage />, {
      api: {
        '/kratos/self-service/login/browser': flow(),
        '/kratos/self-service/login?flow=flow-1': () => jsonResponse(invalid, 400),
      },
    });
    await userEvent.type(await screen.findByLabelText('Email or username'), ' ');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByLabelText('Email or username')).toHaveFocus());
    expect(screen.getByLabelText('Email or username')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for a second factor (aal2), one form per factor, with a way to sign out', async () => {
    vi.stubGlobal('location', {
      ...window.location,
      assign,
      search: '?aal=aal2&return_to=%2Fhealth',
      href: 'http://localhost/login?aal=aal2&return_to=%2Fhealth',
    });
    const bodies: unknown[] = [];
    const aal2 = flowOf(
      'flow-2',
      [
        csrf(),
        input('totp', 'totp_code', 'text', { label: 'Authentication code' }),
        submit('totp', 'totp', 'Use Authenticator'),
        input('lookup_secret', 'lookup_secret', 'text', { label: 'Backup recovery code' }),
        submit('lookup_secret', 'lookup_secret', 'Use backup recovery code'),
      ],
      { requested_aal: 'aal2' },
    );
    renderWithProviders(<LoginPage />, {
      api: {
        '/kratos/self-service/login/browser': ({ url }) => {
          expect(url).toContain('aal=aal2');
          return jsonResponse(aal2);
        },
        '/kratos/self-service/login?flow=flow-2': ({ init }) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse({ session: { id: 's' } });
        },
        '/kratos/self-service/logout/browser': {
          logout_url: '/api/kratos/logout?token=t',
          logout_token: 't',
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Two-Factor Authentication' }),
    ).toBeVisible();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Authenticator app' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Recovery code' })).toBeVisible();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create account' })).toBeNull();
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Use Authenticator' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/health'));
    expect(bodies).toEqual([{ method: 'totp', csrf_token: 'csrf-1', totp_code: '123456' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/kratos/logout?token=t'));
  });

  it('confirms the action (refresh) with the identifier read-only and returns to the settings flow', async () => {
    vi.stubGlobal('location', {
      ...window.location,
      assign,
      search: '?refresh=true&return_to=/profile-settings?flow=s1',
      href: 'http://localhost/login?refresh=true&return_to=/profile-settings?flow=s1',
    });
    const refresh = flowOf(
      'flow-3',
      [
        csrf(),
        input('default', 'identifier', 'text', { value: 'admin', label: 'ID' }),
        input('password', 'password', 'password', { label: 'Password' }),
        submit('password', 'password', 'Sign in'),
      ],
      { refresh: true },
    );
    renderWithProviders(<LoginPage />, {
      api: {
        '/kratos/self-service/login/browser': ({ url }) => {
          expect(url).toContain('refresh=true');
          return jsonResponse(refresh);
        },
        '/kratos/self-service/login?flow=flow-3': { session: { id: 's' } },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm Action' })).toBeVisible();
    const identifier = await screen.findByLabelText('Email or username');
    expect(identifier).toHaveValue('admin');
    expect(identifier).toHaveAttribute('readonly');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/profile-settings?flow=s1'));
  });

  it('takes the variant from the flow, else from the address', () => {
    const base = flow();
    expect(loginVariant(null, { aal: 'aal2' })).toBe('second-factor');
    expect(loginVariant({ ...base, requested_aal: 'aal1' }, { aal: 'aal2' })).toBe('sign-in');
    expect(loginVariant({ ...base, refresh: true }, {})).toBe('refresh');
    expect(loginVariant(base, { refresh: true })).toBe('refresh');
    expect(loginVariant(base, {})).toBe('sign-in');
  });
});
