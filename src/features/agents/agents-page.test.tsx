import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgentSummary } from '../../api/types';
import { jsonResponse, renderWithProviders, type FakeApi } from '../../test/render-with-providers';
import { Toaster, useToastStore } from '../../ui/toast';
import { AgentsPage } from './agents-page';

const LOCAL = '00000000-0000-0000-0000-000000000000';
const now = Date.now();
const iso = (msAgo: number) => new Date(now - msAgo).toISOString();

const agents: AgentSummary[] = [
  {
    id: 'a1',
    name: 'edge-eu',
    properties: { type: 'agent', region: 'eu' },
    created_at: iso(86_400_000),
    updated_at: iso(3_600_000),
    last_seen: iso(5_000),
    last_received: iso(30_000),
    created_by: { id: 'p1', name: 'Ada Admin', avatar: null },
    config_count: 12,
    checks_count: 4,
    config_scrapper_count: 2,
    playbook_runs_count: null,
  },
  {
    id: LOCAL,
    name: 'local',
    properties: null,
    created_at: iso(172_800_000),
    updated_at: iso(172_800_000),
    last_seen: iso(120_000),
    last_received: null,
    created_by: null,
    config_count: null,
    checks_count: null,
    config_scrapper_count: null,
    playbook_runs_count: null,
  },
];

interface Recorded {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

/** A fake backend for the agents calls that records every request. */
function agentsApi(
  options: {
    rows?: AgentSummary[];
    total?: number;
    generate?: () => Response;
    patch?: () => Response;
  } = {},
) {
  const requests: Recorded[] = [];
  const rows = options.rows ?? agents;
  const record = ({ url, init }: { url: string; init?: RequestInit }) => {
    const entry: Recorded = {
      method: init?.method ?? 'GET',
      url: new URL(url, 'http://localhost'),
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    requests.push(entry);
    return entry;
  };
  const api: FakeApi = {
    '/db/agents_summary': (request) => {
      const { url } = record(request);
      const id = url.searchParams.get('id');
      if (id) return jsonResponse(rows.filter((agent) => `eq.${agent.id}` === id));
      const total = options.total ?? rows.length;
      const range = rows.length === 0 ? `*/${total}` : `0-${rows.length - 1}/${total}`;
      return jsonResponse(rows, 200, { 'content-range': range });
    },
    '/agent/generate': (request) => {
      record(request);
      return (
        options.generate?.() ??
        jsonResponse({ id: 'person-9', username: 'agent-abc', access_token: 'secret-token-1' }, 201)
      );
    },
    '/db/agents': (request) => {
      const { url, body } = record(request);
      if (options.patch) return options.patch();
      const id = url.searchParams.get('id')?.replace(/^eq\./, '');
      const row = rows.find((agent) => agent.id === id);
      return jsonResponse(row ? [{ ...row, ...(body as object) }] : []);
    },
  };
  return { api, requests };
}

function renderPage(route: string, api: FakeApi, roles: string[] = ['admin']) {
  return renderWithProviders(
    <>
      <AgentsPage />
      <Toaster />
    </>,
    { route, api, session: { roles } },
  );
}

const lastSearch = (location: { history: string[] }) =>
  new URLSearchParams(location.history.at(-1)?.split('?')[1] ?? '');

// jsdom has no Web Animations API: Headless UI's test polyfill warns on every dialog, this one not.
beforeAll(() => {
  Element.prototype.getAnimations = () => [];
});
afterEach(() => useToastStore.getState().clear());

describe('AgentsPage: table', () => {
  it('lists agents with counts, status, times and creator, from a counted page', async () => {
    const { api, requests } = agentsApi();
    renderPage('/agents', api);
    await screen.findByRole('button', { name: 'edge-eu' });
    const table = screen.getByRole('table', { name: 'Agents' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Name',
      'Configs',
      'Checks',
      'Scrapers',
      'Playbook Runs',
      'Status',
      'Last Pushed',
      'Created At',
      'Updated At',
      'Created By',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('button', { name: 'edge-eu' })).toBeInTheDocument();
    expect(
      within(first!)
        .getAllByRole('cell')
        .slice(1, 5)
        .map((cell) => cell.textContent),
    ).toEqual(['12', '4', '2', '0']);
    expect(within(first!).getByText('Online')).toBeInTheDocument();
    expect(within(first!).getByText('Ada Admin')).toBeInTheDocument();
    // NULL counts read as 0; last seen two minutes ago is Offline.
    expect(within(second!).getByText('Offline')).toBeInTheDocument();
    expect(
      within(second!)
        .getAllByRole('cell')
        .slice(1, 5)
        .map((cell) => cell.textContent),
    ).toEqual(['0', '0', '0', '0']);
    expect(screen.getByText('2 agents')).toBeInTheDocument();
    // The sort is shown on Created At (the default order).
    expect(within(table).getByRole('columnheader', { name: 'Created At' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    const list = requests.find((r) => r.url.pathname === '/api/db/agents_summary');
    expect(list?.url.searchParams.get('select')).toBe('*,created_by(id,name,avatar)');
    expect(list?.url.searchParams.get('order')).toBe('created_at.desc.nullslast,id.asc');
    expect(list?.url.searchParams.get('limit')).toBe('50');
    expect(list?.url.searchParams.get('offset')).toBe('0');
    expect(list?.headers.Prefer).toBe('count=exact');
  });

  it("shows 'No data available' when there are no agents", async () => {
    const { api } = agentsApi({ rows: [] });
    renderPage('/settings/agents', api);
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.getByText('0 agents')).toBeInTheDocument();
  });

  it('reads paging and sorting from the URL and writes changes back', async () => {
    const { api, requests } = agentsApi({ total: 450 });
    const { location } = renderPage(
      '/agents?pageIndex=1&pageSize=100&sortBy=name&sortOrder=asc',
      api,
    );
    await screen.findByRole('button', { name: 'edge-eu' });
    const list = requests.find((r) => r.url.pathname === '/api/db/agents_summary');
    expect(list?.url.searchParams.get('order')).toBe('name.asc.nullsfirst,id.asc');
    expect(list?.url.searchParams.get('limit')).toBe('100');
    expect(list?.url.searchParams.get('offset')).toBe('100');

    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByText('of 5')).toBeInTheDocument();
    expect(
      within(pagination)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['50', '100', '200']);
    await userEvent.click(within(pagination).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastSearch(location).get('pageIndex')).toBe('2'));

    await userEvent.click(screen.getByRole('button', { name: 'Checks' }));
    await waitFor(() => expect(lastSearch(location).get('sortBy')).toBe('checks_count'));
    expect(lastSearch(location).get('pageIndex')).toBeNull();

    await userEvent.selectOptions(within(pagination).getByLabelText('Rows per page'), '200');
    await waitFor(() => expect(lastSearch(location).get('pageSize')).toBe('200'));
  });

  it('asks for the sorted page inside the click, before the page re-renders under the new URL', async () => {
    const { api } = agentsApi();
    const { queryClient } = renderPage('/agents', api);
    await screen.findByRole('button', { name: 'edge-eu' });
    const prefetch = vi.spyOn(queryClient, 'prefetchQuery');
    await userEvent.click(screen.getByRole('button', { name: 'Checks' }));
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetch.mock.calls[0]?.[0].queryKey).toEqual([
      'agents',
      '/api',
      'list',
      { pageIndex: 0, pageSize: 50, sortBy: 'checks_count', sortOrder: 'desc' },
    ]);
  });

  it('falls back to the defaults for bad URL values', async () => {
    const { api, requests } = agentsApi();
    renderPage('/agents?pageIndex=-3&pageSize=7&sortBy=password&sortOrder=up', api);
    await screen.findByRole('button', { name: 'edge-eu' });
    const list = requests.find((r) => r.url.pathname === '/api/db/agents_summary');
    expect(list?.url.searchParams.get('order')).toBe('created_at.desc.nullslast,id.asc');
    expect(list?.url.searchParams.get('limit')).toBe('50');
    expect(list?.url.searchParams.get('offset')).toBe('0');
  });

  it('goes to the last page when the page in the URL is past the end (416)', async () => {
    const { api } = agentsApi();
    const past: FakeApi = {
      ...api,
      '/db/agents_summary': (request) =>
        new URL(request.url, 'http://localhost').searchParams.get('offset') === '450'
          ? jsonResponse([], 416, { 'content-range': '*/2' })
          : (api['/db/agents_summary'] as (r: typeof request) => Response)(request),
    };
    const { location } = renderPage('/agents?pageIndex=9', past);
    await waitFor(() => expect(lastSearch(location).get('pageIndex')).toBeNull());
    expect(await screen.findByRole('button', { name: 'edge-eu' })).toBeInTheDocument();
  });

  it('shows the add button only with write permission on agents', async () => {
    const { api } = agentsApi();
    renderPage('/agents', api, ['viewer']);
    await screen.findByRole('button', { name: 'edge-eu' });
    expect(screen.queryByRole('button', { name: 'Add Agent' })).not.toBeInTheDocument();
  });

  it('opens the edit dialog from a click anywhere on a row', async () => {
    const { api } = agentsApi();
    const { location } = renderPage('/agents', api);
    await screen.findByRole('button', { name: 'edge-eu' });
    await userEvent.click(screen.getByText('Ada Admin'));
    await waitFor(() => expect(lastSearch(location).get('id')).toBe('a1'));
    expect(await screen.findByRole('dialog', { name: 'Edit Agent' })).toBeInTheDocument();
  });

  it('opens an agent from the keyboard with its name button', async () => {
    const { api } = agentsApi();
    const { location } = renderPage('/agents', api);
    const name = await screen.findByRole('button', { name: 'local' });
    name.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(lastSearch(location).get('id')).toBe(LOCAL));
  });
});

describe('AgentsPage: create', () => {
  it('requires a name, posts the form, then shows the install instructions once', async () => {
    const { api, requests } = agentsApi();
    const { location } = renderPage('/agents', api);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Agent' }));
    await waitFor(() => expect(lastSearch(location).get('addAgent')).toBe('true'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Agent' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveFocus();

    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'edge-us');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add property' }));
    expect(within(dialog).getByLabelText('Property 1 key')).toHaveFocus();
    await userEvent.type(within(dialog).getByLabelText('Property 1 key'), 'region');
    await userEvent.type(within(dialog).getByLabelText('Property 1 value'), 'us');
    expect(within(dialog).getByRole('switch', { name: 'Kubernetes' })).toBeChecked();
    expect(within(dialog).getByLabelText('Scrape interval')).toHaveValue('30m');
    await userEvent.selectOptions(within(dialog).getByLabelText('Scrape interval'), '1h');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Push Telemetry' }));
    expect(within(dialog).getByLabelText(/^Topology name/)).toHaveValue('edge-us');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    const instructions = await screen.findByRole('dialog', { name: 'Installation Instructions' });
    expect(await screen.findByText('Agent created')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url.pathname).toBe('/api/agent/generate');
    expect(post?.body).toEqual({
      name: 'edge-us',
      properties: { region: 'us' },
      kubernetes: { enabled: true, interval: '1h' },
      pushTelemetry: { enabled: true, topologyName: 'edge-us' },
    });

    // Credentials: the console's origin, user token, the access token as password.
    expect(within(instructions).getByText(window.location.origin)).toBeInTheDocument();
    expect(within(instructions).getByText('token')).toBeInTheDocument();
    expect(within(instructions).getByText('secret-token-1')).toBeInTheDocument();
    const copyToken = within(instructions).getByRole('button', { name: 'Copy access token' });
    expect(copyToken).toHaveFocus();
    const user = userEvent.setup();
    await user.click(copyToken);
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('secret-token-1');
    const tabs = within(instructions).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Flux', 'Helm CLI']);
    expect(within(instructions).getByText(/kind: HelmRelease/)).toBeInTheDocument();
    await userEvent.click(within(instructions).getByRole('tab', { name: 'Helm CLI' }));
    const helm = within(instructions).getByText(/helm install mc-agent /);
    expect(helm).toHaveTextContent('--set-string upstream.password=secret-token-1');
    expect(helm).toHaveTextContent('--set-string upstream.username=token');
    expect(helm).toHaveTextContent('--set-string scraper.schedule=1h');

    await userEvent.click(within(instructions).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(lastSearch(location).get('addAgent')).toBeNull());
    expect(screen.queryByText('secret-token-1')).not.toBeInTheDocument();
  });

  it('opens from ?addAgent=true and shows the server error when creation fails', async () => {
    const { api } = agentsApi({
      generate: () => jsonResponse({ error: 'agent name edge-eu is already taken' }, 409),
    });
    renderPage('/agents?addAgent=true', api);
    const dialog = await screen.findByRole('dialog', { name: 'Add Agent' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'edge-eu');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'agent name edge-eu is already taken',
    );
    expect(screen.getByRole('dialog', { name: 'Add Agent' })).toBeInTheDocument();
  });

  it('does not open the create dialog without write permission', async () => {
    const { api } = agentsApi();
    renderPage('/agents?addAgent=true', api, ['viewer']);
    await screen.findByRole('button', { name: 'edge-eu' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('AgentsPage: edit and delete', () => {
  it('opens ?id= with a read-only name and saves the properties', async () => {
    const { api, requests } = agentsApi();
    const { location } = renderPage('/agents?id=a1', api);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Agent' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('edge-eu');
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('readonly');
    const value = within(dialog).getByLabelText('Property 2 value');
    expect(value).toHaveValue('eu');
    await userEvent.clear(value);
    await userEvent.type(value, 'eu-west');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Agent updated')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.url.pathname).toBe('/api/db/agents');
    expect(patch?.url.searchParams.get('id')).toBe('eq.a1');
    expect(patch?.body).toEqual({ properties: { type: 'agent', region: 'eu-west' } });
    await waitFor(() => expect(lastSearch(location).get('id')).toBeNull());
  });

  it('shows a read-only agent to users without write permission', async () => {
    const { api } = agentsApi();
    renderPage('/agents?id=a1', api, ['viewer']);
    expect(await screen.findByLabelText('Property 1 key')).toHaveAttribute('readonly');
    const dialog = screen.getByRole('dialog', { name: 'Agent' });
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('never offers to delete the local agent', async () => {
    const { api } = agentsApi();
    renderPage(`/agents?id=${LOCAL}`, api);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Agent' });
    expect(within(dialog).getByText('The local agent cannot be deleted.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('says so when the agent of ?id= does not exist', async () => {
    const { api } = agentsApi();
    renderPage('/agents?id=gone', api);
    const dialog = await screen.findByRole('dialog', { name: 'Agent' });
    expect(await within(dialog).findByText(/Agent not found/)).toBeInTheDocument();
  });

  it('asks about clean-up, then confirms, then soft-deletes with the cleanup flag', async () => {
    const { api, requests } = agentsApi();
    const { location } = renderPage('/agents?id=a1', api);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Agent' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const cleanup = await screen.findByRole('dialog', { name: 'Delete agent resources?' });
    expect(within(cleanup).getByRole('button', { name: 'No' })).toHaveFocus();
    await userEvent.click(within(cleanup).getByRole('button', { name: 'Yes' }));

    const confirm = await screen.findByRole('dialog', { name: 'Delete agent?' });
    expect(confirm).toHaveTextContent('together with its resources');
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Agent deleted')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.url.searchParams.get('id')).toBe('eq.a1');
    expect(patch?.body).toEqual({ deleted_at: 'now()', cleanup: true });
    await waitFor(() => expect(lastSearch(location).get('id')).toBeNull());
  });

  it('deletes without the cleanup flag after No, and shows a failure', async () => {
    const { api, requests } = agentsApi({
      patch: () => jsonResponse({ message: 'permission denied for table agents' }, 403),
    });
    renderPage('/agents?id=a1', api);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Agent' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete agent resources?' })).getByRole(
        'button',
        { name: 'No' },
      ),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete agent?' });
    expect(confirm).toHaveTextContent('resources kept');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'permission denied for table agents',
    );
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ deleted_at: 'now()' });
    expect(screen.queryByText('Agent deleted')).not.toBeInTheDocument();
    // Cancel goes back to the agent.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Agent' })).toBeInTheDocument();
  });
});
