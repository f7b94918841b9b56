/**
 * The catalog's first data, asked for while the console checks the session and loads the page
 * (src/api/prefetch.ts): the grouped summary or the config list of /catalog, and the change log
 * of /catalog/changes. The query options are the pages' own, so the pages pick the requests up.
 */
import type { QueryClient } from '@tanstack/react-query';
import { catalogQueries } from '../../api/catalog';
import type { ApiClient } from '../../api/client';
import type { PagePrefetch } from '../../api/prefetch';
import { catalogPaths } from './catalog-paths';
import {
  catalogChangesParams,
  catalogSummaryParams,
  configListParams,
  isGroupedView,
  parseCatalogParams,
  parseChangesParams,
  type CatalogUrlValues,
} from './catalog-params';
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
      catalogQueries.summary(client, catalogSummaryParams(values, hideDeleted)),
    );
  } else {
    await queryClient.prefetchQuery(
      catalogQueries.list(client, configListParams(values, hideDeleted)),
    );
  }
}

export const prefetchCatalogPage: PagePrefetch = async ({
  client,
  queryClient,
  location,
  search,
}) => {
  const { hideDeleted } = useCatalogPreferences.getState();
  if (location === catalogPaths.list()) {
    await prefetchCatalogView(queryClient, client, parseCatalogParams(search), hideDeleted);
  } else if (location === catalogPaths.changes()) {
    const params = catalogChangesParams(parseChangesParams(search), { hideDeleted });
    // A range resolved on the client depends on the moment the page renders: its key would not
    // match the page's, so only server-resolved (`now-…`) ranges are asked for ahead.
    if (params.to !== undefined) return;
    await queryClient.prefetchQuery(catalogQueries.changes(client, params));
  }
};
