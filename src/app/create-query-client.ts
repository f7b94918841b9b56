import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../api/client';
import { toast } from '../ui/toast';

const TRANSPORT_KINDS = new Set(['timeout', 'network', 'offline']);

/**
 * The console's QueryClient. Transport failures of any query become the spec's toasts
 * ('Request timed out…', 'Network Error…', 'No internet connection…'); failed mutations toast
 * their message. Client errors (4xx) are not retried.
 *
 * `quiet` (kiosk screens): no toasts for failed queries — the kiosk's stale banner says it once
 * instead of a toast at every retry.
 */
export function createQueryClient({ quiet = false }: { quiet?: boolean } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (!quiet && error instanceof ApiError && TRANSPORT_KINDS.has(error.kind))
          toast.error(error.message);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => toast.error(errorMessage(error)),
    }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (count, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return count < 2;
        },
      },
    },
  });
}
