/**
 * The Dashboard (`/` redirects here): `/topology` lists the root components as cards,
 * `/topology/{id}` the component's children (or the component itself when it is a leaf) with the
 * right sidebar (spec doc 2 §2 "Topology", §8, §9; api.md §3.5). The breadcrumb, filters, sort,
 * card width and the cards' actions are described in topology-params.ts and beside each piece.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, type MouseEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/client';
import { topologyQueries } from '../../api/topology';
import { isComponentId } from '../../api/topology-sidebar';
import { TopologyCard } from '../../entities/topology-card/topology-card';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { AlertCircleIcon, DashboardIcon } from '../../ui/icons';
import { usePageRefresh } from '../../ui/page-refresh';
import { PageSpinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { useUrlState } from '../../ui/use-url-state';
import { TopologyBreadcrumbs } from './topology-breadcrumbs';
import { TopologyCardMenu } from './topology-component-actions';
import { TopologyFilters } from './topology-filters';
import {
  componentHref,
  filterCards,
  LOAD_ERROR_TEXT,
  MULTIPLE_COMPONENTS_TEXT,
  NO_COMPONENTS_TEXT,
  pickCards,
  sizeForWidth,
  sortCards,
  sortOptions,
  TOPOLOGY_URL_SCHEMA,
  topologyRequest,
} from './topology-params';
import { TopologySidebar } from './topology-sidebar';
import { useCardWidth } from './use-card-width';

/** The id of `/topology/{id}`; undefined on `/topology`. */
export function componentIdOf(location: string): string | undefined {
  const match = /^\/topology\/([^/]+)/.exec(location);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]).toLowerCase();
  } catch {
    return match[1].toLowerCase();
  }
}

export function TopologyPage() {
  const [location, navigate] = useLocation();
  const id = componentIdOf(location);
  const search = useSearch();
  const [values, setValues] = useUrlState(TOPOLOGY_URL_SCHEMA);
  const width = useCardWidth((state) => state.width);
  const client = useApiClient();
  const request = useMemo(() => topologyRequest(values, id), [values, id]);
  const validId = id === undefined || isComponentId(id);
  const query = useQuery({
    ...topologyQueries.tree(client, request),
    enabled: validId,
    placeholderData: keepPreviousData,
  });
  usePageRefresh(() => void query.refetch(), query.isFetching);

  const flat = request.flatten === true;
  const picked = useMemo(
    () => pickCards(query.data?.components ?? [], id, flat),
    [query.data, id, flat],
  );
  const root = picked.root;
  const cards = useMemo(
    () => sortCards(filterCards(picked.cards, values, root), values.sortBy, values.sortOrder),
    [picked.cards, values, root],
  );
  const options = useMemo(() => sortOptions(picked.cards), [picked.cards]);

  useEffect(() => {
    if (picked.multiple) toast.warning(MULTIPLE_COMPONENTS_TEXT);
  }, [picked.multiple, query.dataUpdatedAt]);

  useEffect(() => {
    document.title = `${root?.name ?? 'Dashboard'} · Vigil`;
  }, [root?.name]);

  const openComponent = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(href);
  };

  let content;
  if (!validId) {
    content = (
      <EmptyState
        icon={<DashboardIcon size={22} />}
        title="Component not found"
        description="The address does not name a component."
      />
    );
  } else if (query.isPending) {
    content = <PageSpinner label="Loading components" />;
  } else if (query.isError && !query.data) {
    content = (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title={LOAD_ERROR_TEXT}
        description={errorMessage(query.error)}
        actions={
          <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
            {query.isFetching ? 'Retrying…' : 'Retry'}
          </Button>
        }
      />
    );
  } else if (id && !root) {
    content = (
      <EmptyState
        icon={<DashboardIcon size={22} />}
        title="Component not found"
        description="It may have been deleted, or the link is wrong."
      />
    );
  } else if (cards.length === 0) {
    content = <EmptyState icon={<DashboardIcon size={22} />} title={NO_COMPONENTS_TEXT} />;
  } else {
    const size = sizeForWidth(width);
    content = (
      <ul
        aria-label="Components"
        aria-busy={query.isFetching || undefined}
        className="flex flex-wrap items-stretch gap-4"
      >
        {cards.map((card) => {
          const href = componentHref(card.id, search, id);
          return (
            <li key={card.id} className="max-w-full" style={{ width }} data-component-id={card.id}>
              <TopologyCard
                component={card}
                size={size}
                fluid
                className="h-full"
                headingLevel={3}
                href={href}
                onLinkClick={(event) => openComponent(event, href)}
                actions={<TopologyCardMenu component={card} />}
              />
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <TopologyBreadcrumbs root={root} id={id} refererId={values.refererId} search={search} />
      <TopologyFilters
        values={values}
        onChange={(patch) => setValues(patch)}
        response={query.data}
        sortOptions={options}
      />
      <div className="flex min-w-0 flex-col gap-4 lg:flex-row lg:items-start">
        <section aria-label="Component cards" className="min-w-0 flex-1">
          <h2 className="sr-only">Components</h2>
          {content}
        </section>
        {root ? (
          <aside
            aria-label="Component details"
            className="w-full shrink-0 overflow-hidden rounded-lg border border-border bg-surface lg:sticky lg:top-0 lg:w-96"
          >
            <TopologySidebar key={root.id} component={root} />
          </aside>
        ) : null}
      </div>
    </div>
  );
}
