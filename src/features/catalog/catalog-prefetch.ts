/**
 * The catalog's first data, asked for while the console checks the session and loads the page
 * (src/api/prefetch.ts): the grouped summary or the config list of /catalog, and the change log
 * of /catalog/changes. The query options are the pages' own, so the pages pick the requests up.
 */
import { catalogQueries } from '../../api/catalog';
import type { PagePrefetch } from '../../api/prefetch';
import { catalogPaths } from './catalog-paths';
import {
  catalogChangesParams,
  catalogSummaryParams,
  configListParams,
  isGroupedView,
  parseCatalogParams,
  parseChangesParams,
} from './catalog-params';
import { useCatalogPreferences } from './use-catalog-preferences';

export const prefetchCatalogPage: PagePrefetch = async ({
  client,
  queryClient,
  location,
  search,
}) => {
  const { hideDeleted } = useCatalogPreferences.getState();
  if (location === catalogPaths.list()) {
    const values = parseCatalogParams(search);
    if (isGroupedView(values)) {
      await queryClient.prefetchQuery(
        catalogQueries.summary(client, catalogSummaryParams(values, hideDeleted)),
      );
    } else {
      await queryClient.prefetchQuery(
        catalogQueries.list(client, configListParams(values, hideDeleted)),
      );
    }
  } else if (location === catalogPaths.changes()) {
    const params = catalogChangesParams(parseChangesParams(search), { hideDeleted });
    // A range resolved on the client depends on the moment the page renders: its key would not
    // match the page's, so only server-resolved (`now-…`) ranges are asked for ahead.
    if (params.to !== undefined) return;
    await queryClient.prefetchQuery(catalogQueries.changes(client, params));
  }
};
