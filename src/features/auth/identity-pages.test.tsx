import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render-with-providers';
import { FLOW_MESSAGES } from './flow-logic';
import { RecoveryPage } from './recovery-page';
import { RegistrationPage } from './registration-page';
import { csrf, errorBody, flowOf, input, submit } from './test-flows';
import { VerificationPage } from './verification-page';

let assign: ReturnType<typeof vi.fn>;

function stubLocation(path: string, search = '') {
  assign = vi.fn();
  vi.stubGlobal('location', {
    ...window.location,
    assign,
    pathname: path,
    search,
    href: `http://localhost${path}${search}`,
  });
}

beforeEach(() => stubLocation('/'));
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const registrationFlow = (id: string, messages = []) =>
  flowOf(
    id,
    [
      csrf(),
      input('default', 'traits.email', 'email', { label: 'E-Mail' }),
      input('default', 'traits.name.first', 'text', { label: 'First name' }),
      input('default', 'traits.name.last', 'text', { label: 'Last name' }),
      input('password', 'password', 'password', { label: 'Password' }),
      submit('password', 'password', 'Sign up'),
    ],
    { messages },
  );

async function fillRegistration() {
  await userEvent.type(await screen.findByLabelText('E-Mail'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('First name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
  await userEvent.type(screen.getByLabelText('Password'), 'a long passphrase');
  await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('RegistrationPage', () => {
  it('creates the account and follows show_verification_ui', async () => {
    const bodies: unknown[] = [];
    renderWithProviders(<RegistrationPage />, {
      api: {
        '/kratos/self-service/registration/browser': registrationFlow('r1'),
        '/kratos/self-service/registration?flow=r1': ({ init }) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse({
            session: { id: 's1' },
            identity: { id: 'i1' },
            continue_with: [
              {
                action: 'show_verification_ui',
                flow: { id: 'v1', verifiable_address: 'ada@example.com' },
              },
            ],
          });
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create account' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await fillRegistration();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/verification?flow=v1'));
    expect(bodies).toEqual([
      {
        method: 'password',
        csrf_token: 'csrf-1',
        traits: { email: 'ada@example.com', name: { first: 'Ada', last: 'Lovelace' } },
        password: 'a long passphrase',
      },
    ]);
  });

  it('goes to return_to without continue_with, and restarts an expired flow with the text', async () => {
    stubLocation('/registration', '?return_to=%2Fhealth');
    let created = 0;
    let submitted = 0;
    renderWithProviders(<RegistrationPage />, {
      api: {
        '/kratos/self-service/registration/browser': ({ url }) => {
          created += 1;
          expect(url).toContain('return_to=%2Fhealth');
          return jsonResponse(registrationFlow(`r${created}`));
        },
        '/kratos/self-service/registration?flow=r1': () =>
          jsonResponse(errorBody('self_service_flow_expired', 410), 410),
        '/kratos/self-service/registration?flow=r2': () => {
          submitted += 1;
          return jsonResponse({ session: { id: 's1' } });
        },
      },
    });
    await fillRegistration();
    expect(await screen.findByRole('alert')).toHaveTextContent(FLOW_MESSAGES.expired);
    expect(created).toBe(2);
    // Focus goes to the message so it is read out.
    expect(screen.getByRole('alert')).toHaveFocus();
    await fillRegistration();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/health'));
    expect(submitted).toBe(1);
  });

  it('shows why registration cannot start (disabled)', async () => {
    renderWithProviders(<RegistrationPage />, {
      api: {
        '/kratos/self-service/registration/browser': () =>
          jsonResponse(
            {
              error: {
                id: 'self_service_flow_disabled',
                code: 400,
                message: 'The request was malformed or contained invalid parameters',
                reason: 'Registration is not allowed because it was disabled.',
              },
            },
            400,
          ),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registration is not allowed because it was disabled.',
    );
    // A new flow would be refused the same way: no Try again, a way to sign in instead.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  it('goes to return_to when a session already exists', async () => {
    renderWithProviders(<RegistrationPage />, {
      api: {
        '/kratos/self-service/registration/browser': () =>
          jsonResponse(errorBody('session_already_available', 400), 400),
      },
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });
});

const chooseMethod = (id: string) =>
  flowOf(
    id,
    [
      csrf(),
      input('code', 'email', 'email', { label: 'Email', required: true }),
      submit('code', 'code', 'Send code'),
    ],
    { state: 'choose_method' },
  );

const sentEmail = (id: string) =>
  flowOf(
    id,
    [
      csrf(),
      input('code', 'code', 'text', { label: 'Recovery code', required: true }),
      submit('code', 'code', 'Submit'),
      input('code', 'email', 'submit', { value: 'ada@example.com', label: 'Resend code' }),
    ],
    {
      state: 'sent_email',
      messages: [
        { id: 1060003, type: 'info', text: 'An email containing a recovery code has been sent.' },
      ],
    },
  );

describe('RecoveryPage', () => {
  it('sends the email, then the code, and follows the 422 to the settings flow', async () => {
    const bodies: unknown[] = [];
    let step = 0;
    renderWithProviders(<RecoveryPage />, {
      api: {
        '/kratos/self-service/recovery/browser': chooseMethod('rc1'),
        '/kratos/self-service/recovery?flow=rc1': ({ init }) => {
          bodies.push(JSON.parse(String(init?.body)));
          step += 1;
          return step === 1
            ? jsonResponse(sentEmail('rc1'))
            : jsonResponse(
                errorBody('browser_location_change_required', 422, {
                  redirect_browser_to: '/profile-settings?flow=st1',
                }),
                422,
              );
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Recover account' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText('An email containing a recovery code has been sent.'),
    ).toBeVisible();
    await userEvent.type(screen.getByLabelText('Recovery code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/profile-settings?flow=st1'));
    expect(bodies).toEqual([
      { method: 'code', csrf_token: 'csrf-1', email: 'ada@example.com' },
      { method: 'code', csrf_token: 'csrf-1', code: '123456' },
    ]);
  });

  it('resends the code without the half-typed one', async () => {
    const bodies: unknown[] = [];
    renderWithProviders(<RecoveryPage />, {
      api: {
        '/kratos/self-service/recovery/browser': sentEmail('rc1'),
        '/kratos/self-service/recovery?flow=rc1': ({ init }) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse(sentEmail('rc1'));
        },
      },
    });
    await userEvent.type(await screen.findByLabelText('Recovery code'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ method: 'code', csrf_token: 'csrf-1', email: 'ada@example.com' }]),
    );
  });

  it("submits the e-mail link's code by itself", async () => {
    stubLocation('/recovery', '?flow=rc1&code=654321');
    const bodies: unknown[] = [];
    renderWithProviders(<RecoveryPage />, {
      api: {
        '/kratos/self-service/recovery/flows?id=rc1': sentEmail('rc1'),
        '/kratos/self-service/recovery?flow=rc1': ({ init }) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse(
            errorBody('browser_location_change_required', 422, {
              redirect_browser_to: '/profile-settings?flow=st1',
            }),
            422,
          );
        },
      },
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/profile-settings?flow=st1'));
    expect(bodies).toEqual([{ method: 'code', csrf_token: 'csrf-1', code: '654321' }]);
  });

  it('starts over on a 403 with the CSRF text', async () => {
    let created = 0;
    renderWithProviders(<RecoveryPage />, {
      api: {
        '/kratos/self-service/recovery/browser': () => {
          created += 1;
          return jsonResponse(chooseMethod(`rc${created}`));
        },
        '/kratos/self-service/recovery?flow=rc1': () =>
          jsonResponse(errorBody('security_csrf_violation', 403), 403),
      },
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FLOW_MESSAGES.csrf);
    expect(created).toBe(2);
  });
});

describe('VerificationPage', () => {
  it("shows the server's message and Continue to return_to once passed", async () => {
    stubLocation('/verification', '?flow=v1&code=111222');
    renderWithProviders(<VerificationPage />, {
      api: {
        '/kratos/self-service/verification/flows?id=v1': {
          ...sentEmail('v1'),
          return_to: '/health',
        },
        '/kratos/self-service/verification?flow=v1': flowOf('v1', [csrf()], {
          state: 'passed_challenge',
          return_to: '/health',
          messages: [
            { id: 1080002, type: 'success', text: 'You successfully verified your email address.' },
          ],
        }),
      },
    });
    expect(await screen.findByText('You successfully verified your email address.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/health');
  });

  it('recreates an expired flow from the link and restarts on a 410 submit', async () => {
    stubLocation('/verification', '?flow=old');
    let created = 0;
    renderWithProviders(<VerificationPage />, {
      api: {
        '/kratos/self-service/verification/flows?id=old': () =>
          jsonResponse(errorBody('self_service_flow_expired', 410), 410),
        '/kratos/self-service/verification/browser': () => {
          created += 1;
          return jsonResponse(chooseMethod(`v${created}`));
        },
        '/kratos/self-service/verification?flow=v1': () => jsonResponse({}, 410),
      },
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    expect(created).toBe(1);
    // The expired link's flow is replaced, and the page says why.
    expect(screen.getByRole('alert')).toHaveTextContent(FLOW_MESSAGES.expired);
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FLOW_MESSAGES.expired);
    expect(created).toBe(2);
  });
});
