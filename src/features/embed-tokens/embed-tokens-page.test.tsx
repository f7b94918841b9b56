import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedEmbedToken, EmbedToken } from '../../api/types';
import { jsonResponse, renderWithProviders, type FakeApi } from '../../test/render-with-providers';
import { Toaster, useToastStore } from '../../ui/toast';
import { EmbedTokensPage } from './embed-tokens-page';

const CHECK = '0190a0a0-0000-7000-8000-0000000000c1';
const COMPONENT = '0190a0a0-0000-7000-8000-0000000000d1';
const now = Date.now();
const iso = (msFromNow: number) => new Date(now + msFromNow).toISOString();
const SECRET =
  'vgl_embed_0190a0a0000070008000000000000e01_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

const tokens: EmbedToken[] = [
  {
    id: 'e1',
    name: 'Payments wiki',
    scope: { checks: [CHECK], check_labels: { team: 'payments' } },
    status: 'active',
    created_at: iso(-86_400_000),
    created_by: { id: 'p1', name: 'Ada Admin', avatar: null },
    expires_at: iso(6 * 86_400_000),
    revoked_at: null,
    last_used_at: iso(-60_000),
  },
  {
    id: 'e2',
    name: 'Old kiosk',
    scope: { components: [COMPONENT] },
    status: 'revoked',
    created_at: iso(-10 * 86_400_000),
    created_by: null,
    expires_at: iso(20 * 86_400_000),
    revoked_at: iso(-86_400_000),
    last_used_at: null,
  },
];

interface Recorded {
  method: string;
  url: URL;
  body: unknown;
}

/** A fake backend for `/embed-tokens` that records every request. */
function tokensApi(
  options: { rows?: EmbedToken[]; create?: () => Response; revoke?: () => Response } = {},
) {
  const requests: Recorded[] = [];
  let rows = options.rows ?? tokens;
  const api: FakeApi = {
    '/embed-tokens': ({ url, init }) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const parsed = new URL(url, 'http://localhost');
      requests.push({ method, url: parsed, body });
      if (method === 'POST') {
        if (options.create) return options.create();
        const input = body as { name: string; scope: EmbedToken['scope'] };
        const created: CreatedEmbedToken = {
          id: 'e3',
          name: input.name,
          scope: input.scope,
          status: 'active',
          created_at: iso(0),
          created_by: { id: 'p1', name: 'Ada Admin', avatar: null },
          expires_at: '2030-01-31T12:00:00.000Z',
          revoked_at: null,
          last_used_at: null,
          token: SECRET,
        };
        const { token: _secret, ...listed } = created;
        rows = [listed, ...rows];
        return jsonResponse(created, 201);
      }
      if (method === 'DELETE') {
        if (options.revoke) return options.revoke();
        const id = parsed.pathname.split('/').pop();
        rows = rows.map((row) =>
          row.id === id ? { ...row, status: 'revoked', revoked_at: iso(0) } : row,
        );
        return jsonResponse(rows.find((row) => row.id === id));
      }
      return jsonResponse(rows);
    },
  };
  return { api, requests };
}

function renderPage(api: FakeApi, route = '/settings/embed-tokens') {
  return renderWithProviders(
    <>
      <EmbedTokensPage />
      <Toaster />
    </>,
    { route, api, session: { roles: ['admin'] } },
  );
}

const lastSearch = (location: { history: string[] }) =>
  new URLSearchParams(location.history.at(-1)?.split('?')[1] ?? '');

// jsdom has no Web Animations API: Headless UI's test polyfill warns on every dialog, this one not.
beforeAll(() => {
  Element.prototype.getAnimations = () => [];
});
afterEach(() => useToastStore.getState().clear());

describe('EmbedTokensPage: list', () => {
  it('lists tokens with scope, status, times and creator, without secrets', async () => {
    const { api } = tokensApi();
    renderPage(api);
    const table = await screen.findByRole('table', { name: 'Embed tokens' });
    await within(table).findByRole('button', { name: 'Revoke Payments wiki' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Name',
      'Scope',
      'Status',
      'Expires',
      'Last Used',
      'Created',
      'Created By',
      'Actions',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('Active')).toBeInTheDocument();
    expect(within(first!).getByText('Health checks:')).toBeInTheDocument();
    expect(within(first!).getByText('team=payments')).toBeInTheDocument();
    expect(within(first!).getByText('in 6 days')).toBeInTheDocument();
    expect(within(first!).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Revoke Payments wiki' })).toBeEnabled();
    // A revoked token has no Revoke button.
    expect(within(second!).getByText('Revoked')).toBeInTheDocument();
    expect(within(second!).getByText('Components:')).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(screen.getByText('2 tokens, 1 active')).toBeInTheDocument();
  });

  it("shows 'No data available' when there are no tokens", async () => {
    const { api } = tokensApi({ rows: [] });
    renderPage(api);
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.getByText('0 tokens, 0 active')).toBeInTheDocument();
  });

  it('shows the server error with a retry when the list fails', async () => {
    renderPage({
      '/embed-tokens': () => new Response('unauthorized. Access Denied', { status: 403 }),
    });
    expect(await screen.findByText('Embed tokens could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('unauthorized. Access Denied')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('EmbedTokensPage: create', () => {
  it('validates, posts the scope, then shows the token once with copy, expiry and scope', async () => {
    const { api, requests } = tokensApi();
    const { location } = renderPage(api);
    await userEvent.click(await screen.findByRole('button', { name: 'Create Embed Token' }));
    await waitFor(() => expect(lastSearch(location).get('create')).toBe('true'));
    const dialog = await screen.findByRole('dialog', { name: 'Create Embed Token' });

    // Nothing filled in: the name is required.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveFocus();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Status page');
    // A name but no resource.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('Name at least one resource the token may read'),
    ).toBeInTheDocument();
    // A bad id is named on its field.
    await userEvent.type(within(dialog).getByLabelText('Components'), 'web-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('"web-1" is not a component id')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Components')).toHaveFocus();
    await userEvent.clear(within(dialog).getByLabelText('Components'));

    await userEvent.type(within(dialog).getByLabelText('Health checks'), CHECK);
    await userEvent.type(within(dialog).getByLabelText('Checks with labels'), 'team=payments');
    expect(within(dialog).getByLabelText('Expires in')).toHaveValue('30d');
    await userEvent.selectOptions(within(dialog).getByLabelText('Expires in'), '7d');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    const created = await screen.findByRole('dialog', { name: 'New embed token' });
    expect(await screen.findByText('Embed token created')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url.pathname).toBe('/api/embed-tokens');
    expect(post?.body).toEqual({
      name: 'Status page',
      expires_in: '7d',
      scope: { checks: [CHECK], check_labels: { team: 'payments' } },
    });

    // The token, its copy button (focused: Enter copies), the expiry and the scope.
    expect(within(created).getByText(SECRET)).toBeInTheDocument();
    expect(within(created).getByText(/shown only once/)).toBeInTheDocument();
    expect(within(created).getByText(CHECK)).toBeInTheDocument();
    expect(within(created).getByText('team=payments')).toBeInTheDocument();
    const expiry = within(created).getByText((_, node) => node?.tagName === 'TIME');
    expect(expiry).toHaveAttribute('datetime', '2030-01-31T12:00:00.000Z');
    const copy = within(created).getByRole('button', { name: 'Copy token' });
    expect(copy).toHaveFocus();
    const user = userEvent.setup();
    await user.click(copy);
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET);
    expect(within(created).getByText(/embed-token="vgl_embed_/)).toBeInTheDocument();

    // The list refreshes with the new token; after Done the secret is gone from the page.
    await userEvent.click(within(created).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(lastSearch(location).get('create')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Revoke Status page' })).toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('opens from ?create=true and shows the server error when creation fails', async () => {
    const { api } = tokensApi({
      create: () =>
        jsonResponse(
          { error: `scope.components: there is no component with id ${COMPONENT}` },
          422,
        ),
    });
    renderPage(api, '/settings/embed-tokens?create=true');
    const dialog = await screen.findByRole('dialog', { name: 'Create Embed Token' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Kiosk');
    await userEvent.type(within(dialog).getByLabelText('Components'), COMPONENT);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `scope.components: there is no component with id ${COMPONENT}`,
    );
    expect(screen.getByRole('dialog', { name: 'Create Embed Token' })).toBeInTheDocument();
  });
});

describe('EmbedTokensPage: revoke', () => {
  it('confirms, revokes and shows the token as revoked', async () => {
    const { api, requests } = tokensApi();
    renderPage(api);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Payments wiki' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke embed token?' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('Embed token revoked')).toBeInTheDocument();
    const revoke = requests.find((r) => r.method === 'DELETE');
    expect(revoke?.url.pathname).toBe('/api/embed-tokens/e1');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Revoke embed token?' })).not.toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Revoke Payments wiki' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByText('2 tokens, 0 active')).toBeInTheDocument();
  });

  it('keeps the dialog open with the error when revocation fails; Cancel closes it', async () => {
    const { api } = tokensApi({
      revoke: () => jsonResponse({ error: 'embed token e1 was not found' }, 404),
    });
    renderPage(api);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Payments wiki' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke embed token?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'embed token e1 was not found',
    );
    expect(screen.queryByText('Embed token revoked')).not.toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
