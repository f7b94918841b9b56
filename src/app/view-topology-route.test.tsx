/** The read-only `/view/topology/{id}` route: outside the shell, before the feature flags. */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRouter } from './app-router';
import { jsonResponse, renderWithProviders, type FakeApi } from '../test/render-with-providers';
import { COMPONENT_NOT_FOUND } from '../features/topology/topology-card-view-page';

const component = {
  id: 'c1',
  name: 'Payment gateway',
  type: 'Service',
  health: 'warning',
  status: 'warning',
  properties: [{ name: 'Error rate', value: 2.5, unit: 'percent', headline: true }],
  summary: { checks: { healthy: 2 } },
};

/** A signed-in viewer whose feature flags never arrive. */
function api(topology: FakeApi[string]): FakeApi {
  return {
    '/kratos/sessions/whoami': { id: 's', active: true },
    '/auth/whoami': { message: 'success', payload: { user: { id: 'u1', name: 'Vic Viewer' } } },
    '/db/people_roles': [{ id: 'u1', roles: ['viewer'] }],
    '/properties': () => new Promise<Response>(() => undefined),
    '/canary/api/topology': topology,
  };
}

describe('/view/topology/{id}', () => {
  it('renders the card read-only before the feature flags load, at the size asked for', async () => {
    let asked = '';
    renderWithProviders(<AppRouter />, {
      route: '/view/topology/c1?size=medium',
      api: api(({ url }) => {
        asked = url;
        return jsonResponse({ components: [component] });
      }),
    });
    const card = await screen.findByRole('article', { name: 'Payment gateway' });
    expect(card).toHaveAttribute('data-size', 'medium');
    expect(card).toHaveAttribute('data-status', 'warning');
    expect(screen.getByText('Warning')).toBeInTheDocument();
    expect(screen.getByText('2.5%')).toBeInTheDocument();
    expect(asked).toBe('/api/canary/api/topology?id=c1&depth=1');
    // No shell: no sidebar, no header, no links to follow.
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Payment gateway · Vigil'));
  });

  it('falls back to the default size for a bad size', async () => {
    renderWithProviders(<AppRouter />, {
      route: '/view/topology/c1?size=huge',
      api: api({ components: [component] }),
    });
    const card = await screen.findByRole('article', { name: 'Payment gateway' });
    expect(card).toHaveAttribute('data-size', 'extra_large');
  });

  it("says 'Component not found' when the endpoint returns no component", async () => {
    renderWithProviders(<AppRouter />, {
      route: '/view/topology/gone',
      api: api({ components: [] }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: COMPONENT_NOT_FOUND }),
    ).toBeInTheDocument();
  });

  it("says 'Component not found' for an id the server refuses", async () => {
    renderWithProviders(<AppRouter />, {
      route: '/view/topology/not-a-uuid',
      api: api(() => jsonResponse({ error: 'id is invalid: "not-a-uuid"' }, 400)),
    });
    expect(await screen.findByText(COMPONENT_NOT_FOUND)).toBeInTheDocument();
    expect(screen.getByText('id is invalid: "not-a-uuid"')).toBeInTheDocument();
  });

  it('offers a retry when the endpoint fails', async () => {
    let calls = 0;
    renderWithProviders(<AppRouter />, {
      route: '/view/topology/c1',
      api: api(() => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ error: 'database is down' }, 500)
          : jsonResponse({ components: [component] });
      }),
    });
    expect(await screen.findByText('database is down')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(await screen.findByRole('article', { name: 'Payment gateway' })).toBeInTheDocument();
  });
});
