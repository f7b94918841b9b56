import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useApiClient } from '../../api/api-context';
import { healthQueries } from '../../api/health';
import { jsonResponse, renderWithProviders } from '../../test/render-with-providers';
import { KioskStaleBanner, KioskStatusBar } from './kiosk-status-bar';
import { useKioskRefresh } from './use-kiosk-refresh';

const noJitter = () => 0.5;
const checks = [
  { id: '1', name: 'a', status: 'healthy' },
  { id: '2', name: 'b', status: 'unhealthy' },
  { id: '3', name: 'c', status: 'healthy' },
];

function Screen() {
  const client = useApiClient();
  const summary = useQuery(healthQueries.summary(client));
  const refresh = useKioskRefresh(30_000, { random: noJitter });
  return (
    <>
      <KioskStatusBar title="Health" refresh={refresh} />
      <KioskStaleBanner refresh={refresh} />
      <p>{summary.data ? `${summary.data.length} checks` : 'no data'}</p>
    </>
  );
}

let server: 'up' | 'down' | 'signed-out' = 'up';
let requests = 0;
const api = {
  '/canary/api/summary': () => {
    requests += 1;
    if (server === 'down') return jsonResponse({ error: 'upstream unavailable' }, 503);
    if (server === 'signed-out') return jsonResponse({ error: 'unauthorized' }, 401);
    return jsonResponse({ checks_summary: checks });
  },
};

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  server = 'up';
  requests = 0;
  vi.useFakeTimers({
    now: new Date('2026-05-01T10:00:00Z'),
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
});
afterEach(() => vi.useRealTimers());

describe('useKioskRefresh with the status bar and the stale banner', () => {
  it('counts down, refreshes, keeps the last data while failing, backs off and recovers', async () => {
    renderWithProviders(<Screen />, { api });
    expect(await screen.findByText('3 checks')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Health' })).toBeInTheDocument();
    expect(screen.getByText('Updated just now')).toBeInTheDocument();
    expect(screen.getByText(/^Next refresh in (31|30|29)s$/)).toBeInTheDocument();
    await advance(10_000);
    expect(screen.getByText(/^Next refresh in (21|20|19)s$/)).toBeInTheDocument();
    // shouldAdvanceTime lets real time move the fake clock too, so a loaded machine may be a second on.
    expect(screen.getByText(/^Updated 1[01]s ago$/)).toBeInTheDocument();

    // The refresh fails: the banner says so, the data stays, the next attempt comes in 5 s.
    server = 'down';
    await advance(20_000);
    expect(requests).toBe(2);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Data is not up to date. Refreshing failed (upstream unavailable).',
    );
    expect(screen.getByText('3 checks')).toBeInTheDocument();
    expect(
      screen.getByText(/Data from 3[01]s ago · Next attempt in [45]s \(attempt 2\)/),
    ).toBeInTheDocument();
    await advance(5_000);
    expect(requests).toBe(3);
    expect(screen.getByText(/Next attempt in (10|9)s \(attempt 3\)/)).toBeInTheDocument();

    // Back up: the next retry clears the banner and the normal rhythm resumes.
    server = 'up';
    await advance(10_000);
    expect(requests).toBe(4);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Updated just now')).toBeInTheDocument();
    // A second either way: the countdown is rounded up and real time moves the fake clock too.
    expect(screen.getByText(/^Next refresh in (31|30|29)s$/)).toBeInTheDocument();
  });

  it('says in place that the screen is signed out on a 401, and reconnects when back online', async () => {
    renderWithProviders(<Screen />, { api });
    await screen.findByText('3 checks');
    server = 'signed-out';
    await advance(30_000);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Not signed in. The server answered 401: this screen's session has ended.",
    );
    expect(screen.getByText('3 checks')).toBeInTheDocument();

    server = 'up';
    const before = requests;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(requests).toBe(before + 1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('retries at once with backoff when the first load fails', async () => {
    server = 'down';
    renderWithProviders(<Screen />, { api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Data is not up to date');
    expect(screen.getByText(/No data yet · Next attempt in 5s/)).toBeInTheDocument();
    server = 'up';
    await advance(5_000);
    expect(await screen.findByText('3 checks')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
