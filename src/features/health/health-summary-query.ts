/**
 * The /health page's summary query. On Vigil's server the page asks for the list form
 * (`GET /canary/api/summary?view=list`, docs/health-dashboard.md): the same objects without the
 * fields the list never shows, about a third smaller. Mission Control ignores the query string
 * and answers the contract's form (api.md §3.1), which the page reads the same way. In health-only
 * mode the check dialog has no `/db/checks` row to complete a check with, so the page asks for
 * the contract's form there.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { healthKeys, listCheckSummaries } from '../../api/health';
import type { CanarySummaryResponse, CheckSummary } from '../../api/types';

/**
 * How long a summary counts as fresh: the page does not read it again on mount right after the
 * start-up prefetch (health-prefetch.ts) brought it. Refreshes (the button, auto-refresh, a new
 * time range, a kiosk's) ask again explicitly.
 */
const HEALTH_SUMMARY_FRESH_MS = 5_000;

/** The list form's query key: beside the full summary's, under `healthKeys.all`. */
export const healthListKey = (baseUrl: string) => [...healthKeys.summary(baseUrl), 'list'] as const;

export async function listCheckSummaryRows(
  client: ApiClient,
  options: { signal?: AbortSignal } = {},
): Promise<CheckSummary[]> {
  const body = await client.get<CanarySummaryResponse>('/canary/api/summary', {
    query: { view: 'list' },
    signal: options.signal,
  });
  return body?.checks_summary ?? [];
}

/**
 * The page's summary: the list form, or the contract's form when `full` (health-only mode; the
 * same query as `healthQueries.summary`). A request still in flight is cancelled when a new one
 * starts (React Query's AbortSignal); the last data stays while a refresh runs.
 */
export function healthSummaryQuery(client: ApiClient, full = false) {
  const key: readonly unknown[] = full
    ? healthKeys.summary(client.baseUrl)
    : healthListKey(client.baseUrl);
  return queryOptions<CheckSummary[], Error, CheckSummary[], readonly unknown[]>({
    queryKey: key,
    queryFn: ({ signal }) =>
      full ? listCheckSummaries(client, { signal }) : listCheckSummaryRows(client, { signal }),
    placeholderData: (previous) => previous,
    staleTime: HEALTH_SUMMARY_FRESH_MS,
  });
}

/** A check's row from whichever summary the cache holds (the list form's first). */
export function cachedCheckSummary(
  queryClient: QueryClient,
  client: ApiClient,
  checkId: string,
): CheckSummary | undefined {
  for (const full of [false, true]) {
    const rows = queryClient.getQueryData(healthSummaryQuery(client, full).queryKey);
    const found = rows?.find((candidate) => candidate.id === checkId);
    if (found) return found;
  }
  return undefined;
}
