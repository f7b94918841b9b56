/**
 * The incidents area's first data, asked for while the console checks the session and loads the
 * page (src/api/prefetch.ts), with the pages' own query options: the list page of the URL's
 * filters on /incidents, the incident with its hypotheses and evidence on /incidents/{id}.
 */
import { incidentListQueries } from '../../api/incident-list';
import type { PagePrefetch } from '../../api/prefetch';
import { isUuid } from '../../lib/uuid';
import { incidentListParams, parseIncidentListParams } from './list/incident-list-params';

export const prefetchIncidentsPage: PagePrefetch = async ({
  client,
  queryClient,
  location,
  search,
}) => {
  if (location === '/incidents') {
    await queryClient.prefetchQuery(
      incidentListQueries.page(client, incidentListParams(parseIncidentListParams(search))),
    );
    return;
  }
  const match = /^\/incidents\/([^/]+)$/.exec(location);
  const id = match?.[1] ? decodeURIComponent(match[1]) : '';
  if (!isUuid(id)) return;
  // The detail's query options load with it: the list's first load does not carry them.
  const { incidentDetailQueries } = await import('../../api/incident-detail');
  await queryClient.prefetchQuery(incidentDetailQueries.detail(client, id));
};
