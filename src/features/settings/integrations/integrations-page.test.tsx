import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { heldOrderApi } from '../../../test/held-order-api';
import { renderWithProviders } from '../../../test/render-with-providers';
import { IntegrationsPage } from './integrations-page';

const integration = (id: string, name: string) => ({
  id,
  name,
  integration_type: 'scrapers',
  source: 'UI',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

describe('IntegrationsPage: sorting', () => {
  it('asks for the sorted page inside the click, then shows the server order', async () => {
    const held = heldOrderApi('/db/integrations_with_status', {
      first: [integration('i1', 'beta'), integration('i2', 'alpha')],
      sorted: [integration('i2', 'alpha'), integration('i1', 'beta')],
    });
    const { queryClient } = renderWithProviders(<IntegrationsPage />, {
      route: '/settings/integrations',
      api: held.api,
    });
    const table = await screen.findByRole('table', { name: 'Integrations' });
    const names = () =>
      within(table)
        .getAllByRole('link')
        .map((link) => link.textContent);
    await waitFor(() => expect(names()).toEqual(['beta', 'alpha']));
    const prefetch = vi.spyOn(queryClient, 'prefetchQuery');

    fireEvent.click(within(table).getByRole('button', { name: /Name/ }));
    // The request for the new order starts in the click, not after the re-render.
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetch.mock.calls[0]?.[0].queryKey.at(-1)).toMatchObject({
      sortBy: 'name',
      sortOrder: 'asc',
      pageIndex: 0,
    });
    held.answer();
    await waitFor(() => expect(names()).toEqual(['alpha', 'beta']));
  });
});
