/**
 * The /health page's first data, asked for while the console checks the session and loads the
 * page (src/api/prefetch.ts), with the page's own query options so the page finds the request in
 * flight. Prefetches run only outside health-only mode, where the page reads the list form.
 */
import type { PagePrefetch } from '../../api/prefetch';
import { healthSummaryQuery } from './health-summary-query';

export const prefetchHealthPage: PagePrefetch = async ({ client, queryClient, location }) => {
  if (location !== '/health') return;
  await queryClient.prefetchQuery(healthSummaryQuery(client));
};
