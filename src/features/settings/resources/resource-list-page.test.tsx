import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { heldOrderApi } from '../../../test/held-order-api';
import { renderWithProviders } from '../../../test/render-with-providers';
import { describeResource } from './resource-descriptions';
import { ResourceListPage } from './resource-list-page';

const canary = (id: string, name: string) => ({
  id,
  name,
  source: 'UI',
  schedule: '@every 1m',
  labels: {},
  created_at: '2026-01-01T00:00:00Z',
});
const NEWEST = [canary('c1', 'beta'), canary('c2', 'alpha')];
const BY_NAME = [canary('c2', 'alpha'), canary('c1', 'beta')];

/** The canaries list: the default order at once, any other order held until `answer()`. */
function canariesApi() {
  const held = heldOrderApi('/db/canaries_with_status', { first: NEWEST, sorted: BY_NAME });
  const orders = () => held.queries.map((query) => new URLSearchParams(query).get('order') ?? '');
  return { api: held.api, orders, answer: held.answer };
}

function names(): string[] {
  const table = screen.getByRole('table', { name: 'Health Checks' });
  return within(table)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('ResourceListPage: sorting', () => {
  it('asks for the sorted page inside the click, keeps the rows (busy) until it comes, then shows the server order', async () => {
    const { api, orders, answer } = canariesApi();
    const { queryClient, location } = renderWithProviders(
      <ResourceListPage description={describeResource('canaries')} />,
      { route: '/settings/canaries', api },
    );
    await waitFor(() => expect(names()).toEqual(['beta', 'alpha']));
    const table = screen.getByRole('table', { name: 'Health Checks' });
    expect(table).not.toHaveAttribute('aria-busy');
    const firstLink = screen.getByRole('link', { name: 'beta' });
    const prefetch = vi.spyOn(queryClient, 'prefetchQuery');

    fireEvent.click(within(table).getByRole('button', { name: /Name/ }));
    // The request for the new order starts in the click, not after the re-render.
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetch.mock.calls[0]?.[0].queryKey.at(-1)).toMatchObject({
      table: 'canaries',
      sortBy: 'name',
      pageIndex: 0,
    });

    // While it loads: the previous rows stay, the same elements (no remount), the table busy.
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'true'));
    expect(names()).toEqual(['beta', 'alpha']);
    expect(screen.getByRole('link', { name: 'beta' })).toBe(firstLink);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(lastSearch(location).get('sortBy')).toBe('name');

    answer();
    await waitFor(() => expect(names()).toEqual(['alpha', 'beta']));
    expect(table).not.toHaveAttribute('aria-busy');
    // One request per order: the page's query took the prefetched one over.
    expect(orders().filter((order) => order.startsWith('name'))).toHaveLength(1);
  });
});

function lastSearch(location: { history: string[] }) {
  return new URLSearchParams(location.history.at(-1)?.split('?')[1] ?? '');
}
