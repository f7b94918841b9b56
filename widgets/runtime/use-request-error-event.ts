/** Report failed requests of a widget as `vigil-error` events. */
import { useEffect } from 'react';
import { ApiError, errorMessage } from '../../src/api/client';
import { useWidgetRuntime } from './widget-context';

/**
 * Dispatch `vigil-error` once per failure of a query: `unauthorized` for a 401 (after the token
 * provider's retry), `request-failed` otherwise (HTTP status in `status`, 0 for network errors).
 * Pass the query's `error` and `errorUpdatedAt` (it changes on every failure, so a failing poll
 * reports each time).
 */
export function useRequestErrorEvent(error: unknown, errorUpdatedAt: number): void {
  const { emit, tag } = useWidgetRuntime();
  useEffect(() => {
    if (!error) return;
    const status = error instanceof ApiError ? error.status : 0;
    emit('vigil-error', {
      code: status === 401 ? 'unauthorized' : 'request-failed',
      widget: tag,
      message: errorMessage(error),
      status,
    });
  }, [error, errorUpdatedAt, emit, tag]);
}
