/**
 * Auto-refresh for the kiosk: every `intervalMs` all queries on screen are refetched (whatever the
 * page), with the backoff and reconnection of `kiosk-refresh-loop.ts`. The outcome of a refresh
 * is read from the cache: a 401 is `unauthorized`, any other failure `failed`.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { readKioskDataStatus, useKioskDataStatus, type KioskDataStatus } from './kiosk-data-status';
import {
  createRefreshLoop,
  type RefreshLoopState,
  type RefreshOutcome,
} from './kiosk-refresh-loop';

/** Refetch every active query, then tell how it went. */
export async function refreshActiveQueries(queryClient: QueryClient): Promise<RefreshOutcome> {
  await queryClient.refetchQueries({ type: 'active' });
  const status = readKioskDataStatus(queryClient);
  if (status.isUnauthorized) return 'unauthorized';
  return status.isFailing ? 'failed' : 'ok';
}

export interface KioskRefresh {
  loop: RefreshLoopState;
  data: KioskDataStatus;
  refreshNow: () => void;
}

export function useKioskRefresh(
  intervalMs: number,
  options: { random?: () => number } = {},
): KioskRefresh {
  const queryClient = useQueryClient();
  const { random } = options;
  // Creating the loop has no side effects; it runs between start() and stop().
  const loop = useMemo(
    () => createRefreshLoop({ intervalMs, run: () => refreshActiveQueries(queryClient), random }),
    [intervalMs, queryClient, random],
  );
  useEffect(() => {
    loop.start();
    return () => loop.stop();
  }, [loop]);

  const subscribe = useCallback((listener: () => void) => loop.subscribe(listener), [loop]);
  const state = useSyncExternalStore(subscribe, loop.getState, loop.getState);
  const data = useKioskDataStatus(queryClient);

  // A failure seen outside the loop (the page's first load, a dialog's query) starts the
  // retries at once instead of after a full interval.
  useEffect(() => {
    if (data.isFailing) loop.reportFailure(data.isUnauthorized ? 'unauthorized' : 'failed');
  }, [data.isFailing, data.isUnauthorized, loop]);

  const refreshNow = useCallback(() => loop.refreshNow(), [loop]);
  return { loop: state, data, refreshNow };
}
