/**
 * The change log's first data (/catalog/changes), asked for while the console checks the session
 * and loads the page (src/api/prefetch.ts), with the page's own query options.
 */
import { catalogChangeQueries } from '../../../api/catalog-changes';
import type { PagePrefetch } from '../../../api/prefetch';
import { useCatalogPreferences } from '../use-catalog-preferences';
import { catalogChangesParams, parseChangesParams } from './change-params';

export const prefetchChangesPage: PagePrefetch = async ({ client, queryClient, search }) => {
  const { hideDeleted } = useCatalogPreferences.getState();
  const params = catalogChangesParams(parseChangesParams(search), { hideDeleted });
  // A range resolved on the client depends on the moment the page renders: its key would not
  // match the page's, so only server-resolved (`now-…`) ranges are asked for ahead.
  if (params.to !== undefined) return;
  await queryClient.prefetchQuery(catalogChangeQueries.changes(client, params));
};
