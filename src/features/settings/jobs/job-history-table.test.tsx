import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { heldOrderApi } from '../../../test/held-order-api';
import { renderWithProviders } from '../../../test/render-with-providers';
import { JobHistoryTable } from './job-history-table';

const job = (id: string, name: string, duration: number) => ({
  id,
  name,
  resource_id: `res-${id}`,
  resource_type: 'canary',
  resource_name: `check ${id}`,
  status: 'SUCCESS',
  duration_millis: duration,
  time_start: '2026-01-01T00:00:00Z',
  success_count: 1,
  error_count: 0,
  created_at: '2026-01-01T00:00:00Z',
  details: null,
});
const NEWEST = [job('j1', 'SyncCanary', 10), job('j2', 'CleanupChecks', 20)];
const SORTED = [job('j2', 'CleanupChecks', 20), job('j1', 'SyncCanary', 10)];

/** The list: the default order at once, any other order held until `answer()`. */
const jobsApi = () => heldOrderApi('/db/job_histories', { first: NEWEST, sorted: SORTED });

const names = () =>
  within(screen.getByRole('table', { name: 'Job history' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('JobHistoryTable: sorting', () => {
  it('asks for the sorted page inside the click, keeps the rows (busy, not drawn again) until it comes, then shows the server order', async () => {
    const { api, queries, answer } = jobsApi();
    const { queryClient } = renderWithProviders(<JobHistoryTable />, {
      route: '/settings/jobs',
      api,
    });
    await waitFor(() => expect(names()).toEqual(['SyncCanary', 'CleanupChecks']));
    const table = screen.getByRole('table', { name: 'Job history' });
    const firstName = screen.getByText('SyncCanary');
    const prefetch = vi.spyOn(queryClient, 'prefetchQuery');

    fireEvent.click(within(table).getByRole('button', { name: /Job Name/ }));
    expect(prefetch).toHaveBeenCalledTimes(1);

    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'true'));
    expect(names()).toEqual(['SyncCanary', 'CleanupChecks']);
    expect(screen.getByText('SyncCanary')).toBe(firstName);

    answer();
    await waitFor(() => expect(names()).toEqual(['CleanupChecks', 'SyncCanary']));
    expect(table).not.toHaveAttribute('aria-busy');
    // The prefetched request is the page's own (same time range): asked for once.
    expect(queries.filter((query) => query.includes('order=name'))).toHaveLength(1);
  });
});
