/**
 * An incident's first data, asked for while the console checks the session and loads the
 * workspace (src/api/prefetch.ts): the incident with its hypotheses and evidence, with the
 * workspace's own query options. Apart from the list's prefetch, so that opening an incident
 * loads none of the list's code.
 */
import { incidentDetailQueries } from '../../../api/incident-detail';
import type { PagePrefetch } from '../../../api/prefetch';
import { isUuid } from '../../../lib/uuid';

export const prefetchIncidentPage: PagePrefetch = async ({ client, queryClient, location }) => {
  const match = /^\/incidents\/([^/]+)$/.exec(location);
  const id = match?.[1] ? decodeURIComponent(match[1]) : '';
  if (!isUuid(id)) return;
  await queryClient.prefetchQuery(incidentDetailQueries.detail(client, id));
};
