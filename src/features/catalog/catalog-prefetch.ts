/**
 * The catalog's first data, asked for while the console checks the session and loads the page
 * (src/api/prefetch.ts): the grouped summary or the config list of /catalog (the change log has
 * its own, changes/changes-prefetch.ts). The query options are the page's own, so the page picks
 * the requests up.
 */
import type { QueryClient } from '@tanstack/react-query';
import { catalogListQueries } from '../../api/catalog-list';
import type { ApiClient } from '../../api/client';
import type { PagePrefetch } from '../../api/prefetch';
import { catalogPaths } from './catalog-paths';
import {
  catalogSummaryParams,
  configListParams,
  isGroupedView,
  parseCatalogParams,
  type CatalogUrlValues,
} from './catalog-params';
import { LazyConfigTable } from './list/lazy-config-table';
import { useCatalogPreferences } from './use-catalog-preferences';

/** Reads ahead what /catalog shows for these values: the grouped summary or a page of the list. */
export async function prefetchCatalogView(
  queryClient: QueryClient,
  client: ApiClient,
  values: CatalogUrlValues,
  hideDeleted: boolean,
): Promise<void> {
  if (isGroupedView(values)) {
    await queryClient.prefetchQuery(
      catalogListQueries.summary(client, catalogSummaryParams(values, hideDeleted)),
    );
  } else {
    // The flat table's code with its first page (it loads apart from the summary).
    LazyConfigTable.preload();
    await queryClient.prefetchQuery(
      catalogListQueries.list(client, configListParams(values, hideDeleted)),
    );
  }
}

export const prefetchCatalogPage: PagePrefetch = async ({
  client,
  queryClient,
  location,
  search,
}) => {
  if (location !== catalogPaths.list()) return;
  const { hideDeleted } = useCatalogPreferences.getState();
  await prefetchCatalogView(queryClient, client, parseCatalogParams(search), hideDeleted);
};
