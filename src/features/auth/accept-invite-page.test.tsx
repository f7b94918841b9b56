import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render-with-providers';
import { AcceptInvitePage, inviteTokenFromHash, PASSWORDS_DIFFER } from './accept-invite-page';

const TOKEN = 'tok_0123456789abcdefghijklmnop';
const INVITE = { email: 'ivy@example.com', firstName: 'Ivy', lastName: 'Invitee' };
const POLICY =
  'The password can not be used because the password has been found in data breaches and must no longer be used.';

beforeEach(() => {
  vi.stubGlobal('location', { ...window.location, hash: `#token=${TOKEN}` });
});
afterEach(() => vi.unstubAllGlobals());

describe('inviteTokenFromHash', () => {
  it('reads a well-formed token only', () => {
    expect(inviteTokenFromHash(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(inviteTokenFromHash('#token=short')).toBe('');
    expect(inviteTokenFromHash('')).toBe('');
  });
});

describe('AcceptInvitePage', () => {
  it('sets the password with the flow pages’ fields and shows the policy under the field', async () => {
    const sent: unknown[] = [];
    renderWithProviders(<AcceptInvitePage />, {
      api: {
        '/auth/invite/lookup': INVITE,
        '/auth/invite/accept': ({ init }) => {
          const body = JSON.parse(String(init?.body)) as { password: string };
          sent.push(body);
          return body.password === 'password123'
            ? jsonResponse({ error: POLICY }, 400)
            : jsonResponse({ message: 'success', email: INVITE.email });
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set your password' }),
    ).toBeVisible();
    expect(await screen.findByText(/Choose a password for ivy@example.com/)).toBeVisible();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue(INVITE.email);
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAttribute('autocomplete', 'username');

    await userEvent.type(screen.getByLabelText('New password'), 'password123');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'password124');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(PASSWORDS_DIFFER)).toBeVisible();
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Confirm password')).toHaveFocus();
    expect(sent).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(POLICY)).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveFocus());
    expect(screen.queryByText(PASSWORDS_DIFFER)).toBeNull();

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'Lantern-Quarry-47');
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Lantern-Quarry-47');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your password is set' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(sent.at(-1)).toEqual({ token: TOKEN, password: 'Lantern-Quarry-47' });
  });

  it('says when the link is used up or unknown', async () => {
    renderWithProviders(<AcceptInvitePage />, {
      api: {
        '/auth/invite/lookup': () =>
          jsonResponse(
            { error: 'This invitation link is not valid or has already been used.' },
            404,
          ),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invitation not valid' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('not valid or has already been used');
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });
});
