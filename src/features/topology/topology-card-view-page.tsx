/**
 * `/view/topology/{id}` (spec doc 2 "Topology"): one component's card, read-only, without the
 * console's header and sidebar — the page other tools link to or frame. Optional `size` query
 * parameter (`small`, `medium`, `large`, `extra_large`; anything else is the default). It needs a
 * session and read on topologies, but renders before the feature flags load
 * (rbac-and-flags.md §3.2). "Component not found" when the endpoint returns no component.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams, useSearch } from 'wouter';
import { useApiClient } from '../../api/api-context';
import { ApiError, errorMessage } from '../../api/client';
import { topologyQueries } from '../../api/topology';
import { TopologyCard } from '../../entities/topology-card/topology-card';
import { toTopologyCardSize } from '../../entities/topology-card/topology-card-format';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { AlertCircleIcon, DashboardIcon } from '../../ui/icons';
import { PageSpinner } from '../../ui/spinner';

/** The page's text when the endpoint returns no component for the id. */
export const COMPONENT_NOT_FOUND = 'Component not found';

export function TopologyCardViewPage() {
  const { id = '' } = useParams<{ id: string }>();
  const size = toTopologyCardSize(new URLSearchParams(useSearch()).get('size'));
  const client = useApiClient();
  const query = useQuery(topologyQueries.component(client, id));
  const name = query.data?.name;

  useEffect(() => {
    document.title = `${name ?? 'Topology'} · Vigil`;
  }, [name]);

  let content;
  if (query.isPending) {
    content = <PageSpinner label="Loading component" />;
  } else if (query.isError) {
    // A malformed id is the server's 400: nothing to show under it either.
    const invalid = query.error instanceof ApiError && query.error.status === 400;
    content = invalid ? (
      <EmptyState
        headingLevel={1}
        icon={<DashboardIcon size={22} />}
        title={COMPONENT_NOT_FOUND}
        description={errorMessage(query.error)}
      />
    ) : (
      <EmptyState
        headingLevel={1}
        icon={<AlertCircleIcon size={22} />}
        title="Unable to load the component"
        description={errorMessage(query.error)}
        actions={
          <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
            {query.isFetching ? 'Retrying…' : 'Retry'}
          </Button>
        }
      />
    );
  } else if (query.data === null) {
    content = (
      <EmptyState
        headingLevel={1}
        icon={<DashboardIcon size={22} />}
        title={COMPONENT_NOT_FOUND}
        description="It may have been deleted, or the link is wrong."
      />
    );
  } else {
    content = (
      <>
        <h1 className="sr-only">Topology component</h1>
        <TopologyCard component={query.data} size={size} headingLevel={2} />
      </>
    );
  }

  return (
    <main className="flex min-h-full items-start justify-center bg-bg p-4 sm:p-8">{content}</main>
  );
}
