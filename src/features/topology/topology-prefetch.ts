/**
 * The topology dashboard's first data (the component tree of the URL's filters), asked for while
 * the console checks the session and loads the page (src/api/prefetch.ts), with the page's own
 * query options.
 */
import type { PagePrefetch } from '../../api/prefetch';
import { topologyQueries } from '../../api/topology';
import { isComponentId } from '../../api/topology-sidebar';
import { componentIdOf, readTopologyParams, topologyRequest } from './topology-params';

export const prefetchTopologyPage: PagePrefetch = async ({
  client,
  queryClient,
  location,
  search,
}) => {
  const id = componentIdOf(location);
  if (id !== undefined && !isComponentId(id)) return;
  await queryClient.prefetchQuery(
    topologyQueries.tree(client, topologyRequest(readTopologyParams(search), id)),
  );
};
