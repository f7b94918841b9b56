import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CheckSummary } from '../../api/types';
import { jsonResponse, renderWithProviders } from '../../test/render-with-providers';
import { HealthPage } from './health-page';

const hourAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
const recent = new Date(Date.now() - 60_000).toISOString();

const checks: CheckSummary[] = [
  {
    id: '1',
    canary_id: 'a',
    canary_name: 'web',
    name: 'prod/homepage',
    namespace: 'prod',
    status: 'healthy',
    uptime: { passed: 9, failed: 1 },
    latency: { p95: 120 },
    last_runtime: recent,
  },
  {
    id: '2',
    canary_id: 'a',
    canary_name: 'web',
    name: 'checkout',
    namespace: 'prod',
    status: 'unhealthy',
    uptime: { passed: 0, failed: 0 },
    latency: { p99: 2500 },
    last_runtime: hourAgo,
  },
  {
    id: '3',
    canary_id: 'b',
    canary_name: 'db',
    name: 'postgres',
    namespace: 'data',
    status: 'unhealthy',
    uptime: { passed: 1, failed: 3 },
    latency: {},
  },
];

const api = { '/canary/api/summary': { checks_summary: checks } };

describe('HealthPage', () => {
  it('hides passing checks by default and shows filtered counts', async () => {
    renderWithProviders(<HealthPage />, { route: '/health', api });
    const table = await screen.findByRole('table', { name: 'Health checks' });
    await within(table).findByText('checkout');
    expect(within(table).queryByText('homepage')).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Hide Passing' })).toBeChecked();
    expect(screen.getByText('0 passing')).toBeInTheDocument();
    expect(screen.getByText('2 failing')).toBeInTheDocument();
  });

  it('reads the URL state, strips namespaces and formats cells', async () => {
    renderWithProviders(<HealthPage />, { route: '/health?hidePassing=false&groupBy=bogus', api });
    const table = await screen.findByRole('table', { name: 'Health checks' });
    expect(await within(table).findByText('homepage')).toBeInTheDocument();
    // Bad groupBy falls back to canary_name: groups db and web, web is mixed with 9/10.
    expect(screen.getByLabelText('Group by')).toHaveValue('canary_name');
    expect(within(table).getByText('9/10')).toBeInTheDocument();
    expect(within(table).getByText('mixed')).toBeInTheDocument();
    expect(within(table).getAllByText('90.0%')).toHaveLength(2);
    expect(within(table).getByText('120ms')).toBeInTheDocument();
    expect(within(table).getByText('2.5s')).toBeInTheDocument();
    // Age badge only for runs more than an hour ago.
    expect(within(table).getAllByText(/last run \d{4}-\d{2}-\d{2} /)).toHaveLength(1);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All3',
      'data1',
      'prod2',
    ]);
  });

  it('writes filter changes to the URL', async () => {
    const { location } = renderWithProviders(<HealthPage />, { route: '/health', api });
    await screen.findByRole('table', { name: 'Health checks' });
    await userEvent.click(screen.getByRole('switch', { name: 'Hide Passing' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/health?hidePassing=false'));
    await userEvent.click(screen.getByRole('tab', { name: /prod/ }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/health?hidePassing=false&tab=prod'));
  });

  it('keeps the last good data with a stale warning when a refresh fails, then recovers', async () => {
    let fail = false;
    const { queryClient } = renderWithProviders(<HealthPage />, {
      route: '/health?hidePassing=false&groupBy=no-group',
      api: {
        '/canary/api/summary': () =>
          fail
            ? jsonResponse({ error: 'upstream unavailable' }, 503)
            : jsonResponse({ checks_summary: checks }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Health checks' });
    await within(table).findByText('checkout');
    expect(screen.getByText(/^Updated /)).toBeInTheDocument();

    fail = true;
    await queryClient.refetchQueries();
    const warning = await screen.findByRole('status');
    expect(warning).toHaveTextContent(
      /Refresh failed \(.*upstream unavailable.*\)\. Showing data from/,
    );
    // The rows stay on screen.
    expect(within(table).getByText('checkout')).toBeInTheDocument();

    fail = false;
    await userEvent.click(within(warning).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(/Refresh failed/)).not.toBeInTheDocument());
    expect(screen.getByText(/^Updated /)).toBeInTheDocument();
  });
});
