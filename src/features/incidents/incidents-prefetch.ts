/**
 * The incidents area's first data, asked for while the console checks the session and loads the
 * page (src/api/prefetch.ts), with the page's own query options: the list page of the URL's
 * filters. An incident's workspace has its own (detail/incident-prefetch.ts).
 */
import { incidentListQueries } from '../../api/incident-list';
import type { PagePrefetch } from '../../api/prefetch';
import { incidentListParams, parseIncidentListParams } from './list/incident-list-params';

export const prefetchIncidentsPage: PagePrefetch = async ({
  client,
  queryClient,
  location,
  search,
}) => {
  if (location !== '/incidents') return;
  await queryClient.prefetchQuery(
    incidentListQueries.page(client, incidentListParams(parseIncidentListParams(search))),
  );
};
