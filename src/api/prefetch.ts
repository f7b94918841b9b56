/**
 * What a page's prefetch gets: the API client, the query cache and the location it will render.
 * A route's prefetch starts the page's first data request while the console is still checking the
 * session and loading the page's code, with the very query options (and so the query key) the page
 * uses, so the page finds the request in flight instead of asking again.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client';

export interface PagePrefetchContext {
  client: ApiClient;
  queryClient: QueryClient;
  /** The path the page renders (no query string). */
  location: string;
  /** The query string, without the leading `?`. */
  search: string;
}

/** A page's prefetch (a no-op for paths it does not know). Errors are the page's to report. */
export type PagePrefetch = (context: PagePrefetchContext) => Promise<void>;
