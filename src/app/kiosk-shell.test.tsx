import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckDetail, CheckSummary } from '../api/types';
import { readKioskParams, type KioskSettings } from '../features/kiosk/kiosk-params';
import { useKioskStore } from '../features/kiosk/use-kiosk-store';
import { jsonResponse, renderWithProviders, type FakeApi } from '../test/render-with-providers';
import { AppRouter } from './app-router';
import { setUpKiosk } from './kiosk-setup';
import { THEME_STORAGE_KEY, useThemeStore } from './theme';

beforeAll(async () => {
  // The check dialog's chart is lazy-loaded; load ECharts once so tests do not race the import.
  await import('../ui/chart/theme-chart');
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const CHECK_ID = '0192c7a0-0000-7000-8000-000000000001';
const CANARY_ID = '0192c7a0-0000-7000-8000-0000000000c1';
const recent = new Date(Date.now() - 60_000).toISOString();

const checks: CheckSummary[] = [
  {
    id: CHECK_ID,
    canary_id: CANARY_ID,
    canary_name: 'web',
    name: 'homepage',
    namespace: 'prod',
    status: 'unhealthy',
    uptime: { passed: 1, failed: 1 },
    latency: { p95: 120 },
    last_runtime: recent,
  },
  {
    id: '2',
    canary_id: CANARY_ID,
    canary_name: 'web',
    name: 'checkout',
    namespace: 'prod',
    status: 'healthy',
    uptime: { passed: 5, failed: 0 },
    latency: { p95: 80 },
    last_runtime: recent,
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
    last_runtime: recent,
  },
];

const detail: CheckDetail = {
  id: CHECK_ID,
  canary_id: CANARY_ID,
  type: 'http',
  name: 'homepage',
  namespace: 'prod',
  status: 'unhealthy',
  labels: {},
  spec: { name: 'homepage' },
  last_runtime: recent,
  canaries: { id: CANARY_ID, name: 'web', source: 'UI' },
  components: [],
  configs: [],
};

const healthData: FakeApi = {
  '/canary/api/summary': { checks_summary: checks },
  '/canary/about': { Version: '1.0.0' },
  '/db/checks': [detail],
  '/canary/api/graph': { status: [], latency: {}, uptime: { passed: 1, failed: 1 } },
  '/db/check_statuses': () => jsonResponse([], 200, { 'content-range': '*/0' }),
  '/playbook/list': [{ id: 'pb-1', name: 'restart' }],
  '/db/playbooks': [{ id: 'pb-1', title: 'Restart', spec: {} }],
};

const signedInAdmin: FakeApi = {
  ...healthData,
  '/kratos/sessions/whoami': { id: 's', active: true },
  '/auth/whoami': { message: 'success', payload: { user: { id: 'u1', name: 'Ada Admin' } } },
  '/db/people_roles': [{ id: 'u1', roles: ['admin'] }],
  '/properties': [],
};

function kiosk(search: string): KioskSettings {
  const result = readKioskParams(search);
  if (result.kind !== 'on') throw new Error('not a kiosk');
  useKioskStore.setState({ settings: result.settings });
  return result.settings;
}

/** No write control of the check dialog is shown. */
async function expectReadOnlyDialog() {
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByText('Health Overview')).toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: 'Run Now' })).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: /Playbooks/ })).not.toBeInTheDocument();
  expect(
    within(dialog).queryByRole('button', { name: 'Attach as Evidence' }),
  ).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
}

beforeEach(() => useKioskStore.setState({ settings: null }));
afterEach(() => {
  useKioskStore.setState({ settings: null });
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('kiosk shell', () => {
  it('shows the page without chrome, read-only, with large type and a refresh countdown', async () => {
    kiosk('?kiosk');
    const { unmount } = renderWithProviders(<AppRouter />, {
      route: '/health?hidePassing=false',
      api: signedInAdmin,
    });
    expect(await screen.findByRole('table', { name: 'Health checks' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Health' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Check counts' })).toHaveTextContent(
        '1 passing2 failing',
      ),
    );
    expect(screen.getByText(/^Next refresh in \d+s$/)).toBeInTheDocument();
    // No sidebar, header menus, filter toolbar or write action.
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'User menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Add check/ })).not.toBeInTheDocument();
    expect(document.documentElement.dataset.kiosk).toBe('standard');
    unmount();
    expect(document.documentElement.dataset.kiosk).toBeUndefined();
  });

  it('offers no write action in the check dialog, even to an admin', async () => {
    kiosk('?kiosk=tv');
    renderWithProviders(<AppRouter />, {
      route: `/health?checkId=${CHECK_ID}`,
      api: signedInAdmin,
    });
    await expectReadOnlyDialog();
    expect(document.documentElement.dataset.kiosk).toBe('tv');
  });

  it('rotates through the tabs of the health dashboard', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    kiosk('?kiosk&rotate=5s&refresh=10m');
    const { location } = renderWithProviders(<AppRouter />, {
      route: '/health?hidePassing=false',
      api: signedInAdmin,
    });
    await screen.findByRole('tab', { name: /^data/ });
    const status = screen.getByRole('region', { name: 'Kiosk status' });
    expect(within(status).getByText(/^Next tab in \d+s$/)).toBeInTheDocument();
    expect(within(status).getByText('All')).toBeInTheDocument();
    expect(within(status).getByText('1/3')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(location.history.at(-1)).toBe('/health?hidePassing=false&tab=data'));
    expect(await screen.findByRole('tab', { name: /^data/, selected: true })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(location.history.at(-1)).toBe('/health?hidePassing=false&tab=prod'));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(location.history.at(-1)).toBe('/health?hidePassing=false'));
  });

  it('rotates through the views given by the URL, starting with the first', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    kiosk('?kiosk&rotate=5s&views=/health?layout=card,/health?tabBy=agent_id%26hidePassing=false');
    const { location } = renderWithProviders(<AppRouter />, { route: '/', api: signedInAdmin });
    await waitFor(() => expect(location.history.at(-1)).toBe('/health?layout=card'));
    expect(await screen.findByText('View')).toBeInTheDocument();
    expect(screen.getByText('1/2')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() =>
      expect(location.history.at(-1)).toBe('/health?tabBy=agent_id&hidePassing=false'),
    );
    expect(await screen.findByText('2/2')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(location.history.at(-1)).toBe('/health?layout=card'));
  });

  it('never goes to sign-in: a 401 is explained in place and retried until it works', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/health', search: '', assign });
    kiosk('?kiosk');
    let signedIn = false;
    let attempts = 0;
    renderWithProviders(<AppRouter />, {
      route: '/health',
      api: {
        ...signedInAdmin,
        '/kratos/sessions/whoami': () => {
          attempts += 1;
          return signedIn
            ? jsonResponse({ id: 's', active: true })
            : jsonResponse({ error: 'no session' }, 401);
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This screen is not signed in' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'A kiosk screen does not open the sign-in page',
    );
    expect(await screen.findByText(/Trying again in \d+s \(attempt 2\)/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(attempts).toBe(2);
    signedIn = true;
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(await screen.findByRole('table', { name: 'Health checks' })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('health-only mode', () => {
  it('shows only the health dashboard, with no write control, even if a session exists', async () => {
    renderWithProviders(<AppRouter />, {
      route: `/health?checkId=${CHECK_ID}`,
      config: { healthOnly: true },
      api: healthData,
      session: { roles: ['admin'] },
    });
    await expectReadOnlyDialog();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'User menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Add check/ })).not.toBeInTheDocument();
  });

  it('runs as a kiosk without any session request, and only on /health views', async () => {
    const requests: string[] = [];
    const api = Object.fromEntries(
      Object.entries({ ...healthData, '/auth/whoami': {}, '/kratos/sessions/whoami': {} }).map(
        ([path, answer]) => [
          path,
          (request: { url: string }) => {
            requests.push(request.url);
            return typeof answer === 'function'
              ? (answer as () => Response)()
              : jsonResponse(answer);
          },
        ],
      ),
    );
    kiosk('?kiosk&views=/topology,/health?layout=card');
    const { location } = renderWithProviders(<AppRouter />, {
      route: '/topology',
      config: { healthOnly: true },
      api,
    });
    await waitFor(() => expect(location.history.at(-1)).toBe('/health?layout=card'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Health' })).toBeInTheDocument();
    expect(requests.some((url) => url.includes('whoami'))).toBe(false);
  });
});

describe('kiosk start-up', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('applies the kiosk theme (dark by default) for the page without storing it', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    expect(setUpKiosk('?kiosk')).toMatchObject({ theme: 'dark' });
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(useThemeStore.getState().preference).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    setUpKiosk('?kiosk&theme=light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(setUpKiosk('?kiosk=0')).toBeNull();
  });
});
