/**
 * What the kiosk knows about the data on screen, read from the React Query cache so that it works
 * for any page: the queries in use (active), whether one of them failed on its last fetch (their
 * last good data stays on screen), whether a failure was a 401, and how old the oldest data is.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { ApiError, errorMessage } from '../../api/client';

export interface KioskDataStatus {
  /** Some query on screen failed its last fetch. */
  isFailing: boolean;
  /** A failure was a 401: the screen is not (or no longer) signed in. */
  isUnauthorized: boolean;
  /** The first failure's message. */
  message: string;
  /** When the oldest data on screen was fetched (epoch ms); 0 before any data. */
  updatedAt: number;
}

const EMPTY: KioskDataStatus = {
  isFailing: false,
  isUnauthorized: false,
  message: '',
  updatedAt: 0,
};

/** The status of the active queries of `queryClient`. */
export function readKioskDataStatus(queryClient: QueryClient): KioskDataStatus {
  const queries = queryClient.getQueryCache().findAll({ type: 'active' });
  let updatedAt = 0;
  let failure: unknown;
  let isUnauthorized = false;
  for (const query of queries) {
    const { dataUpdatedAt, status, error } = query.state;
    if (dataUpdatedAt > 0)
      updatedAt = updatedAt === 0 ? dataUpdatedAt : Math.min(updatedAt, dataUpdatedAt);
    if (status === 'error') {
      failure ??= error;
      if (error instanceof ApiError && error.status === 401) isUnauthorized = true;
    }
  }
  if (failure === undefined && updatedAt === 0) return EMPTY;
  return {
    isFailing: failure !== undefined,
    isUnauthorized,
    message: failure === undefined ? '' : errorMessage(failure),
    updatedAt,
  };
}

function sameStatus(a: KioskDataStatus, b: KioskDataStatus): boolean {
  return (
    a.isFailing === b.isFailing &&
    a.isUnauthorized === b.isUnauthorized &&
    a.message === b.message &&
    a.updatedAt === b.updatedAt
  );
}

/** `readKioskDataStatus`, kept up to date with the cache. */
export function useKioskDataStatus(queryClient: QueryClient): KioskDataStatus {
  const last = useRef<KioskDataStatus>(EMPTY);
  const subscribe = useCallback(
    (listener: () => void) => queryClient.getQueryCache().subscribe(listener),
    [queryClient],
  );
  const getSnapshot = useCallback(() => {
    const next = readKioskDataStatus(queryClient);
    // The same object while nothing changed: useSyncExternalStore compares by reference.
    if (!sameStatus(next, last.current)) last.current = next;
    return last.current;
  }, [queryClient]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
