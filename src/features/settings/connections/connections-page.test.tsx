import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from '../../../api/connections';
import {
  jsonResponse,
  renderWithProviders,
  type FakeApi,
} from '../../../test/render-with-providers';
import { Toaster, useToastStore } from '../../../ui/toast';
import { ConnectionsPage } from './connections-page';

const rows: Connection[] = [
  {
    id: 'c1',
    name: 'ledger',
    namespace: 'default',
    type: 'postgres',
    url: '***',
    username: '***',
    password: '***',
    certificate: null,
    properties: null,
    insecure_tls: false,
    source: 'UI',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-02T00:00:00Z',
    created_by: { id: 'p1', name: 'Ada Admin', avatar: null },
  },
];

interface Recorded {
  method: string;
  path: string;
  body: unknown;
}

function connectionsApi(test: { status: number; body: unknown }) {
  const requests: Recorded[] = [];
  const record = (url: string, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    requests.push({ method: init?.method ?? 'GET', path: url, body });
  };
  const api: FakeApi = {
    '/db/connections': ({ url, init }) => {
      record(url, init);
      if ((init?.method ?? 'GET') === 'GET') return jsonResponse(rows);
      return jsonResponse([{ ...rows[0], id: 'c2' }], 201);
    },
    '/connection/test/': ({ url, init }) => {
      record(url, init);
      return jsonResponse(test.body, test.status);
    },
  };
  return { api, requests };
}

beforeAll(() => {
  Element.prototype.getAnimations = () => [];
});
afterEach(() => useToastStore.getState().clear());

function renderPage(api: FakeApi, roles: string[] = ['admin']) {
  return renderWithProviders(
    <>
      <ConnectionsPage />
      <Toaster />
    </>,
    { route: '/settings/connections', api, session: { roles } },
  );
}

describe('ConnectionsPage', () => {
  it('tests a connection and shows the spec’s texts', async () => {
    const { api, requests } = connectionsApi({ status: 501, body: { error: 'not implemented' } });
    renderPage(api);
    const table = await screen.findByRole('table', { name: 'Connections' });
    expect(await within(table).findByText('Encrypted')).toBeInTheDocument();
    await userEvent.click(await within(table).findByRole('button', { name: 'Test ledger' }));
    expect(
      await screen.findByText('We currently do not support testing this connection type'),
    ).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/connection/test/c1' });
  });

  it('adds a connection through the picker and the type’s form', async () => {
    const { api, requests } = connectionsApi({ status: 200, body: { message: 'ok' } });
    renderPage(api);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Connection' }));
    await userEvent.type(screen.getByLabelText('Search connection types'), 'redis');
    await userEvent.click(screen.getByRole('button', { name: /Redis/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    await userEvent.type(screen.getByRole('textbox', { name: /^Name\s*\*?$/ }), 'cache');
    await userEvent.type(screen.getByRole('textbox', { name: /^Address/ }), 'redis:6379');
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Password source' })).getByRole('button', {
        name: 'Secret',
      }),
    );
    await userEvent.type(screen.getByLabelText('Password secret name'), 'redis');
    await userEvent.type(screen.getByLabelText('Password key'), 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Connection added successfully')).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST');
    // created_by is the signed-in user (spec doc 3 §7).
    expect(post?.body).toEqual({
      created_by: expect.any(String),
      name: 'cache',
      namespace: 'default',
      type: 'redis',
      url: 'redis:6379',
      username: null,
      password: 'secret://redis/password',
      certificate: null,
      properties: { db: '0' },
      insecure_tls: false,
    });
  });

  it('shows readers no action', async () => {
    const { api } = connectionsApi({ status: 200, body: { message: 'ok' } });
    renderPage(api, ['editor']);
    const table = await screen.findByRole('table', { name: 'Connections' });
    await waitFor(() => expect(within(table).getByText('ledger')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Add Connection' })).not.toBeInTheDocument();
    expect(
      within(table).queryByRole('button', { name: /Test|Edit|Delete/ }),
    ).not.toBeInTheDocument();
  });
});
