import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KratosFlow } from '../../api/types';
import { jsonResponse, renderWithProviders } from '../../test/render-with-providers';
import { resetUrlCredentialsForTests } from './login-credentials';
import { LoginPage } from './login-page';

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
});
