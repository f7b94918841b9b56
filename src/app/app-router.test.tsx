import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../test/render-with-providers';
import { AppRouter } from './app-router';
import { BAD_SESSION_MESSAGE } from './pages/bad-session-page';

const signedIn = {
  '/kratos/sessions/whoami': { id: 's', active: true },
  '/auth/whoami': { message: 'success', payload: { user: { id: 'u1', name: 'Vic Viewer' } } },
  '/db/people_roles': [{ id: 'u1', roles: ['viewer'] }],
  '/properties': [],
  '/canary/about': { Version: '9.9.9' },
  '/canary/api/summary': { checks_summary: [] },
};

describe('AppRouter', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('redirects / to /topology after the session and flags load', async () => {
    const { location } = renderWithProviders(<AppRouter />, {
      route: '/',
      api: { ...signedIn, '/canary/api/topology': { components: [] } },
    });
    await waitFor(() => expect(location.history.at(-1)).toBe('/topology'));
    // The live dashboard (issue 12), here over an empty topology.
    expect(
      await screen.findByText('There are no components matching this criteria'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('keeps the dashboard mounted from /topology to a component (the route follows its path)', async () => {
    const parent = {
      id: '018c6c2a-0000-4000-8000-000000000001',
      name: 'cluster-a',
      status: 'healthy',
    };
    const child = { id: '018c6c2a-0000-4000-8000-000000000002', name: 'node-1', status: 'healthy' };
    const { location } = renderWithProviders(<AppRouter />, {
      route: '/topology',
      api: {
        ...signedIn,
        '/canary/api/topology': ({ url }) =>
          jsonResponse({
            components: new URL(url, 'http://vigil.test').searchParams.get('id')
              ? [{ ...parent, components: [child] }]
              : [parent],
          }),
      },
    });
    await screen.findByRole('link', { name: 'cluster-a' });
    const section = screen.getByRole('region', { name: 'Component cards' });
    act(() => location.navigate(`/topology/${parent.id}`));
    expect(await screen.findByRole('link', { name: 'node-1' })).toBeInTheDocument();
    // The same page instance drew the component: its elements were kept.
    expect(screen.getByRole('region', { name: 'Component cards' })).toBe(section);
  });

  it('shows the Unauthorized text on a guarded page without permission', async () => {
    renderWithProviders(<AppRouter />, { route: '/settings/connections', api: signedIn });
    expect(
      await screen.findByText('Unauthorized – You do not have permission to access this page'),
    ).toBeInTheDocument();
  });

  it('shows the bad-session page without a session', async () => {
    renderWithProviders(<AppRouter />, { route: '/error?error_code=BAD_SESSION' });
    expect(await screen.findByText(BAD_SESSION_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
  });

  it('shows Unknown error for other codes', async () => {
    renderWithProviders(<AppRouter />, { route: '/error?error_code=X' });
    expect(await screen.findByText('Unknown error')).toBeInTheDocument();
  });

  it('redirects to sign-in when the identity session answers 401', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/health', search: '?x=1', assign });
    renderWithProviders(<AppRouter />, {
      route: '/health?x=1',
      api: { '/kratos/sessions/whoami': () => jsonResponse({ error: 'no' }, 401) },
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login?return_to=%2Fhealth%3Fx%3D1'));
  });

  it('shows the generic error screen when whoami fails', async () => {
    renderWithProviders(<AppRouter />, {
      route: '/health',
      api: {
        '/kratos/sessions/whoami': { id: 's' },
        '/auth/whoami': () => jsonResponse({ message: 'Error fetching user' }, 500),
      },
    });
    expect(await screen.findByText('Sorry.. there was an error')).toBeInTheDocument();
  });
});

describe('AppRouter: health-only mode and flow errors', () => {
  it('renders only the health page without a session in health-only mode', async () => {
    const { location } = renderWithProviders(<AppRouter />, {
      route: '/',
      config: { healthOnly: true },
      api: { '/canary/api/summary': { checks_summary: [] } },
    });
    await waitFor(() => expect(location.history.at(-1)).toBe('/health'));
    expect(await screen.findByRole('table', { name: 'Health checks' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('shows a flow error with its details', async () => {
    renderWithProviders(<AppRouter />, {
      route: '/flow-error?id=e1',
      api: {
        '/kratos/self-service/errors': {
          id: 'e1',
          error: { code: 500, status: 'Internal Server Error', message: 'boom' },
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'An error occurred' })).toBeInTheDocument();
    expect(screen.getByText('boom')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
  });

  it('goes to / when the flow error is gone (410)', async () => {
    const { location } = renderWithProviders(<AppRouter />, {
      route: '/flow-error?id=old',
      api: { '/kratos/self-service/errors': () => jsonResponse({ error: 'gone' }, 410) },
    });
    await waitFor(() => expect(location.history).toContain('/'));
  });
});
