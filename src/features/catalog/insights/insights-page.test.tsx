import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { heldOrderApi } from '../../../test/held-order-api';
import { renderWithProviders } from '../../../test/render-with-providers';
import { InsightsPage } from './insights-page';

const insight = (id: string, analyzer: string, type: string) => ({
  id,
  analyzer,
  analysis_type: type,
  severity: 'high',
  status: 'open',
  first_observed: '2026-01-01T00:00:00Z',
  last_observed: '2026-01-02T00:00:00Z',
  config: { id: `config-${id}`, name: `config ${id}`, type: 'Kubernetes::Pod' },
});

describe('InsightsPage: sorting', () => {
  it('asks for the sorted page inside the click, then shows the server order', async () => {
    const held = heldOrderApi(
      '/db/config_analysis_items',
      {
        first: [insight('a1', 'beta', 'security'), insight('a2', 'alpha', 'cost')],
        sorted: [insight('a2', 'alpha', 'cost'), insight('a1', 'beta', 'security')],
      },
      'first_observed',
    );
    const { queryClient } = renderWithProviders(<InsightsPage />, {
      route: '/catalog/insights',
      api: held.api,
    });
    const table = await screen.findByRole('table', { name: 'Insights' });
    const analyzers = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[2]?.textContent);
    await waitFor(() => expect(analyzers()).toEqual(['beta', 'alpha']));
    const prefetch = vi.spyOn(queryClient, 'prefetchQuery');

    fireEvent.click(within(table).getByRole('button', { name: /Analyzer/ }));
    // The request for the new order starts in the click, not after the re-render.
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetch.mock.calls[0]?.[0].queryKey.at(-1)).toMatchObject({
      sortBy: 'analyzer',
      pageIndex: 0,
    });
    held.answer();
    await waitFor(() => expect(analyzers()).toEqual(['alpha', 'beta']));
  });
});
