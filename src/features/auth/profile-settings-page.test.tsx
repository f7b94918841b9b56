import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render-with-providers';
import { ProfileSettingsPage } from './profile-settings-page';
import { csrf, errorBody, flowOf, input, submit } from './test-flows';

let assign: ReturnType<typeof vi.fn>;

function stubLocation(search = '') {
  assign = vi.fn();
  vi.stubGlobal('location', {
    ...window.location,
    assign,
    pathname: '/profile-settings',
    search,
    href: `http://localhost/profile-settings${search}`,
  });
}

beforeEach(() => stubLocation());
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const settings = (messages: { id: number; type: string; text: string }[] = []) =>
  flowOf(
    's1',
    [
      csrf(),
      input('default', 'traits.email', 'email', { label: 'E-Mail', value: 'ada@example.com' }),
      input('default', 'traits.name.first', 'text', { label: 'First name', value: 'Ada' }),
      input('default', 'traits.name.last', 'text', { label: 'Last name', value: 'Lovelace' }),
      submit('profile', 'profile', 'Save'),
      input('password', 'password', 'password', { label: 'Password' }),
      submit('password', 'password', 'Save'),
      input('totp', 'totp_unlink', 'submit', {
        value: true,
        label: 'Unlink TOTP Authenticator App',
      }),
      input('lookup_secret', 'lookup_secret_regenerate', 'submit', {
        value: true,
        label: 'Generate new backup recovery codes',
      }),
      input('webauthn', 'webauthn_register_displayname', 'text', {
        label: 'Name of the security key',
      }),
      input('webauthn', 'webauthn_register', 'hidden', { value: '' }),
      input('webauthn', 'webauthn_register_trigger', 'button', {
        value: '{}',
        onclickTrigger: 'oryWebAuthnRegistration',
        label: 'Add security key',
      }),
    ],
    { state: 'show_form', messages },
  );

describe('ProfileSettingsPage', () => {
  it("has a section per group with the spec's headings, and says no social provider is set up", async () => {
    renderWithProviders(<ProfileSettingsPage />, {
      api: { '/kratos/self-service/settings/browser': settings() },
    });
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Profile',
      'Change Password',
      'Manage Social Sign In',
      'TOTP',
      '2FA recovery codes',
      'hardware tokens',
    ]);
    const social = screen.getByRole('region', { name: 'Manage Social Sign In' });
    expect(social).toHaveTextContent('No social sign-in provider is configured.');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    // The traits are the profile form's only.
    const password = screen.getByRole('region', { name: 'Change Password' });
    expect(within(password).queryByLabelText('E-Mail')).toBeNull();
  });

  it('saves the profile and shows the success message in its section', async () => {
    const bodies: unknown[] = [];
    renderWithProviders(<ProfileSettingsPage />, {
      api: {
        '/kratos/self-service/settings/browser': settings(),
        '/kratos/self-service/settings?flow=s1': ({ init }) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse({
            ...settings([{ id: 1050001, type: 'success', text: 'Your changes have been saved!' }]),
            state: 'success',
          });
        },
      },
    });
    const first = await screen.findByLabelText('First name');
    await userEvent.clear(first);
    await userEvent.type(first, 'Augusta');
    const profile = screen.getByRole('region', { name: 'Profile' });
    await userEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    expect(await within(profile).findByRole('status')).toHaveTextContent(
      'Your changes have been saved!',
    );
    expect(bodies).toEqual([
      {
        method: 'profile',
        csrf_token: 'csrf-1',
        traits: { email: 'ada@example.com', name: { first: 'Augusta', last: 'Lovelace' } },
      },
    ]);
  });

  it('goes to the Confirm Action sign-in when the change needs a fresh sign-in', async () => {
    renderWithProviders(<ProfileSettingsPage />, {
      api: {
        '/kratos/self-service/settings/browser': settings(),
        '/kratos/self-service/settings?flow=s1': () =>
          jsonResponse(
            errorBody('session_refresh_required', 403, {
              redirect_browser_to: '/login?refresh=true&return_to=/profile-settings?flow=s1',
            }),
            403,
          ),
      },
    });
    const password = within(await screen.findByRole('region', { name: 'Change Password' }));
    await userEvent.type(password.getByLabelText('Password'), 'a new passphrase');
    await userEvent.click(password.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        '/login?refresh=true&return_to=/profile-settings?flow=s1',
      ),
    );
  });

  it('reopens the flow of the address (back from Confirm Action) and unlinks TOTP', async () => {
    stubLocation('?flow=s1');
    const bodies: unknown[] = [];
    renderWithProviders(<ProfileSettingsPage />, {
      api: {
        '/kratos/self-service/settings/flows?id=s1': settings(),
        '/kratos/self-service/settings?flow=s1': ({ init }) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse({ ...settings(), state: 'success' });
        },
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Unlink TOTP Authenticator App' }),
    );
    await waitFor(() =>
      expect(bodies).toEqual([{ method: 'totp', csrf_token: 'csrf-1', totp_unlink: true }]),
    );
  });

  it('goes to the second-factor sign-in when the settings flow needs aal2', async () => {
    renderWithProviders(<ProfileSettingsPage />, {
      api: {
        '/kratos/self-service/settings/browser': () =>
          jsonResponse(
            errorBody('session_aal2_required', 403, {
              redirect_browser_to: '/login?aal=aal2&return_to=%2Fprofile-settings',
            }),
            403,
          ),
      },
    });
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/login?aal=aal2&return_to=%2Fprofile-settings'),
    );
  });
});
