import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { FlowBody } from '../../api/kratos-flows';
import { FlowForms, FlowGroupForm } from './flow-form';
import { FlowMessages } from './flow-nodes';
import { csrf, flowOf, input, submit } from './test-flows';
import { webAuthnBrowser } from './webauthn';

// The ceremony itself is covered by the Playwright test with Chromium's virtual authenticator.
type Ceremony = MockInstance<(options: unknown) => Promise<unknown>>;
const webauthn = {} as { startRegistration: Ceremony; startAuthentication: Ceremony };

beforeEach(() => {
  webauthn.startRegistration = vi
    .spyOn(webAuthnBrowser, 'startRegistration')
    .mockRejectedValue(new Error('not expected')) as unknown as Ceremony;
  webauthn.startAuthentication = vi
    .spyOn(webAuthnBrowser, 'startAuthentication')
    .mockRejectedValue(new Error('not expected')) as unknown as Ceremony;
});
afterEach(() => vi.restoreAllMocks());

const registration = flowOf('r1', [
  csrf(),
  input('default', 'traits.email', 'email', { label: 'E-Mail', required: true }),
  input('default', 'traits.name.first', 'text', { label: 'First name' }),
  input('default', 'traits.name.last', 'text', { label: 'Last name' }),
  input('password', 'password', 'password', {
    label: 'Password',
    autocomplete: 'new-password',
    messages: [
      { id: 4000005, type: 'error', text: 'The password can not be used because it is too short.' },
    ],
  }),
  submit('password', 'password', 'Sign up'),
]);

describe('FlowForms', () => {
  it('sends nested traits with the password method and ties node messages to their field', async () => {
    const onSubmit = vi.fn<(body: FlowBody, group: string) => void>();
    render(<FlowForms flow={registration} kind="registration" busy={false} onSubmit={onSubmit} />);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    const describedBy = password.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)).toHaveTextContent('too short');
    await userEvent.type(screen.getByLabelText('E-Mail'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(password, 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(onSubmit).toHaveBeenCalledWith(
      {
        method: 'password',
        csrf_token: 'csrf-1',
        traits: { email: 'ada@example.com', name: { first: 'Ada', last: 'Lovelace' } },
        password: 'correct horse battery',
      },
      'password',
    );
  });

  it('renders one form per group, each with the csrf token, under its heading', async () => {
    const onSubmit = vi.fn();
    const aal2 = flowOf('l1', [
      csrf(),
      input('totp', 'totp_code', 'text', { label: 'Authentication code' }),
      submit('totp', 'totp', 'Use Authenticator'),
      input('lookup_secret', 'lookup_secret', 'text', { label: 'Backup recovery code' }),
      submit('lookup_secret', 'lookup_secret', 'Use backup recovery code'),
    ]);
    render(
      <FlowForms
        flow={aal2}
        kind="login"
        busy={false}
        onSubmit={onSubmit}
        headings={{ totp: 'Authenticator app', lookup_secret: 'Recovery code' }}
      />,
    );
    const forms = screen.getAllByRole('form');
    expect(forms).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 2, name: 'Authenticator app' })).toBeVisible();
    const codeForm = screen.getByRole('form', { name: 'Recovery code' });
    await userEvent.type(within(codeForm).getByLabelText('Backup recovery code'), 'abcd2345');
    await userEvent.click(
      within(codeForm).getByRole('button', { name: 'Use backup recovery code' }),
    );
    expect(onSubmit).toHaveBeenCalledWith(
      { method: 'lookup_secret', csrf_token: 'csrf-1', lookup_secret: 'abcd2345' },
      'lookup_secret',
    );
  });

  it('shows the TOTP QR with an alt text, the secret as code, and the recovery codes', async () => {
    const user = userEvent.setup();
    const settings = flowOf('s1', [
      csrf(),
      {
        type: 'img',
        group: 'totp',
        attributes: {
          name: '',
          type: '',
          node_type: 'img',
          id: 'totp_qr',
          src: 'data:image/png;base64,AAAA',
        },
        messages: [],
        meta: {},
      },
      {
        type: 'text',
        group: 'totp',
        attributes: {
          name: '',
          type: '',
          node_type: 'text',
          id: 'totp_secret_key',
          text: { id: 1050006, type: 'info', text: 'JBSWY3DPEHPK3PXP' },
        },
        messages: [],
        meta: {},
      },
      input('totp', 'totp_code', 'text', { label: 'Verify code' }),
      submit('totp', 'totp', 'Save'),
      {
        type: 'text',
        group: 'lookup_secret',
        attributes: {
          name: '',
          type: '',
          node_type: 'text',
          id: 'lookup_secret_codes',
          text: {
            id: 1050015,
            type: 'info',
            text: 'abcd2345, efgh6789',
            context: {
              secrets: [
                { id: 1050009, type: 'info', text: 'abcd2345' },
                { id: 1050009, type: 'info', text: 'efgh6789' },
              ],
            },
          },
        },
        messages: [],
        meta: {},
      },
      input('lookup_secret', 'lookup_secret_confirm', 'submit', { value: true, label: 'Confirm' }),
    ]);
    const onSubmit = vi.fn();
    render(<FlowForms flow={settings} kind="settings" busy={false} onSubmit={onSubmit} />);
    expect(screen.getByRole('img', { name: /QR code/ })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    expect(screen.getByText('JBSWY3DPEHPK3PXP').tagName).toBe('CODE');
    const codes = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['abcd2345', 'efgh6789']);
    await user.click(screen.getByRole('button', { name: 'Copy all' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('abcd2345\nefgh6789');
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onSubmit).toHaveBeenCalledWith(
      { method: 'lookup_secret', csrf_token: 'csrf-1', lookup_secret_confirm: true },
      'lookup_secret',
    );
  });

  it('runs the WebAuthn registration with the parsed options and submits the result', async () => {
    webauthn.startRegistration.mockResolvedValue({ id: 'cred-1', type: 'public-key' });
    const options = { challenge: 'Y2hhbGxlbmdl', rp: { name: 'Vigil' } };
    const settings = flowOf('s1', [
      csrf(),
      input('webauthn', 'webauthn_register_displayname', 'text', {
        label: 'Name of the security key',
      }),
      input('webauthn', 'webauthn_register', 'hidden', { value: '' }),
      input('webauthn', 'webauthn_register_trigger', 'button', {
        value: JSON.stringify(options),
        onclickTrigger: 'oryWebAuthnRegistration',
        label: 'Add security key',
      }),
      input('webauthn', 'webauthn_remove', 'submit', { value: 'key-9', label: 'Old key' }),
    ]);
    const onSubmit = vi.fn();
    render(
      <FlowGroupForm
        flow={settings}
        kind="settings"
        group="webauthn"
        busy={false}
        onSubmit={onSubmit}
      />,
    );
    expect(
      within(screen.getByRole('list', { name: 'Your security keys' })).getByText('Old key'),
    ).toBeVisible();
    await userEvent.type(screen.getByLabelText('Name of the security key'), 'YubiKey 5');
    await userEvent.click(screen.getByRole('button', { name: 'Add security key' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: options });
    expect(onSubmit).toHaveBeenCalledWith(
      {
        method: 'webauthn',
        csrf_token: 'csrf-1',
        webauthn_register_displayname: 'YubiKey 5',
        webauthn_register: JSON.stringify({ id: 'cred-1', type: 'public-key' }),
      },
      'webauthn',
    );
    // A removal looks like one (the shared danger variant).
    expect(screen.getByRole('button', { name: 'Remove Old key' })).toHaveClass('bg-danger');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Old key' }));
    expect(onSubmit).toHaveBeenLastCalledWith(
      { method: 'webauthn', csrf_token: 'csrf-1', webauthn_remove: 'key-9' },
      'webauthn',
    );
  });

  it('signs in with a security key and reports a cancelled ceremony', async () => {
    const options = { challenge: 'abc', allowCredentials: [] };
    const aal2 = flowOf('l1', [
      csrf(),
      input('webauthn', 'webauthn_login', 'hidden', { value: '' }),
      input('webauthn', 'webauthn_login_trigger', 'button', {
        value: JSON.stringify({ publicKey: options }),
        onclickTrigger: 'oryWebAuthnLogin',
        label: 'Use security key',
      }),
    ]);
    const onSubmit = vi.fn();
    const onError = vi.fn();
    webauthn.startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }),
    );
    render(
      <FlowGroupForm
        flow={aal2}
        kind="login"
        group="webauthn"
        busy={false}
        onSubmit={onSubmit}
        onError={onError}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Use security key' }));
    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith('The security key request was cancelled or timed out.'),
    );
    expect(onSubmit).not.toHaveBeenCalled();
    webauthn.startAuthentication.mockResolvedValueOnce({ id: 'cred-1' });
    fireEvent.click(screen.getByRole('button', { name: 'Use security key' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(webauthn.startAuthentication).toHaveBeenLastCalledWith({ optionsJSON: options });
    expect(onSubmit).toHaveBeenCalledWith(
      {
        method: 'webauthn',
        csrf_token: 'csrf-1',
        webauthn_login: JSON.stringify({ id: 'cred-1' }),
      },
      'webauthn',
    );
  });
});

describe('FlowMessages', () => {
  it('tells errors, successes and information apart by role, icon and words', () => {
    render(
      <FlowMessages
        messages={[
          { id: 1, type: 'error', text: 'Bad code' },
          { id: 2, type: 'success', text: 'Your changes have been saved!' },
          { id: 3, type: 'info', text: 'A code was sent' },
        ]}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Bad code');
    const statuses = screen.getAllByRole('status');
    expect(statuses[0]).toHaveTextContent('Success: Your changes have been saved!');
    expect(statuses[1]).toHaveTextContent('A code was sent');
    for (const item of [screen.getByRole('alert'), ...statuses]) {
      expect(item.querySelector('svg')).not.toBeNull();
    }
  });
});
