/**
 * The event queue summary (spec doc 3 §2.8; postgrest.md §8.8): one row per queue name, newest
 * failure first.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from './api-context';
import type { ApiClient } from './client';
import { from, selectRows } from './postgrest';

export interface EventQueueSummary {
  name: string;
  pending: number | null;
  failed: number | null;
  average_attempts: number | string | null;
  first_failure: string | null;
  last_failure: string | null;
  most_common_error: string | null;
}

/** `GET /event_queue_summary?order=last_failure.desc`. */
export function eventQueueQuery() {
  return from('event_queue_summary').order({ column: 'last_failure', ascending: false });
}

export async function listEventQueues(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<EventQueueSummary[]> {
  return (await selectRows<EventQueueSummary>(client, eventQueueQuery(), { signal })).rows;
}

export const eventQueueKeys = {
  all: (baseUrl: string) => ['event-queue', baseUrl] as const,
};

export const eventQueueQueries = {
  summary: (client: ApiClient) =>
    queryOptions({
      queryKey: eventQueueKeys.all(client.baseUrl),
      queryFn: ({ signal }) => listEventQueues(client, signal),
    }),
};

export function useEventQueues() {
  const client = useApiClient();
  return useQuery(eventQueueQueries.summary(client));
}
