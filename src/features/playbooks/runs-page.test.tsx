import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { heldOrderApi } from '../../test/held-order-api';
import { renderWithProviders } from '../../test/render-with-providers';
import { RunsPage } from './runs-page';

const run = (id: string, title: string, status: string) => ({
  id,
  playbook_id: `p-${id}`,
  status,
  created_at: '2026-01-01T00:00:00Z',
  start_time: '2026-01-01T00:00:01Z',
  end_time: '2026-01-01T00:00:05Z',
  playbooks: { id: `p-${id}`, name: title, title },
});
const NEWEST = [run('r1', 'Restart pod', 'failed'), run('r2', 'Scale up', 'completed')];
const SORTED = [run('r2', 'Scale up', 'completed'), run('r1', 'Restart pod', 'failed')];

/** The list: the default order at once, any other order held until `answer()`. */
const runsApi = () => heldOrderApi('/db/playbook_runs', { first: NEWEST, sorted: SORTED });

const titles = () =>
  within(screen.getByRole('table', { name: 'Playbook runs' }))
    .getAllByRole('link')
    .map((link) => link.textContent)
    .filter((text) => text === 'Restart pod' || text === 'Scale up');

describe('RunsPage: sorting', () => {
  it('asks for the sorted page inside the click, keeps the rows (busy, not drawn again) until it comes, then shows the server order', async () => {
    const { api, queries, answer } = runsApi();
    const { queryClient } = renderWithProviders(<RunsPage />, { route: '/playbooks/runs', api });
    await waitFor(() => expect(titles()).toEqual(['Restart pod', 'Scale up']));
    const table = screen.getByRole('table', { name: 'Playbook runs' });
    const firstLink = screen.getByRole('link', { name: 'Restart pod' });
    const prefetch = vi.spyOn(queryClient, 'prefetchQuery');
    const header = table.querySelector<HTMLElement>('thead th:not([aria-sort]) button');
    if (!header) throw new Error('no sortable header');

    fireEvent.click(header);
    expect(prefetch).toHaveBeenCalledTimes(1);

    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'true'));
    expect(titles()).toEqual(['Restart pod', 'Scale up']);
    expect(screen.getByRole('link', { name: 'Restart pod' })).toBe(firstLink);

    answer();
    await waitFor(() => expect(titles()).toEqual(['Scale up', 'Restart pod']));
    expect(table).not.toHaveAttribute('aria-busy');
    // The prefetched request is the page's own (same time range): asked for once.
    expect(queries.filter((query) => !query.includes('order=created_at'))).toHaveLength(1);
  });
});
