/**
 * The Dashboard (`/` redirects here): `/topology` lists the root components as cards,
 * `/topology/{id}` the component's children (or the component itself when it is a leaf) with the
 * right sidebar (spec doc 2 §2 "Topology", §8, §9; api.md §3.5). The breadcrumb, filters, sort,
 * card width and the cards' actions are described in topology-params.ts and beside each piece.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type MouseEvent,
} from 'react';
import { useLocation, useSearch } from 'wouter';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/client';
import { topologyQueries, treeKeyId } from '../../api/topology';
import { isComponentId } from '../../api/topology-sidebar';
import { TopologyCard } from '../../entities/topology-card/topology-card';
import type { TopologyCardSize } from '../../entities/topology-card/topology-card-format';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { AlertCircleIcon, DashboardIcon } from '../../ui/icons';
import { usePageRefresh } from '../../ui/page-refresh';
import { PageSpinner } from '../../ui/spinner';
import { SwapView } from '../../ui/swap-view';
import { toast } from '../../ui/toast';
import { useUrlState } from '../../ui/use-url-state';
import type { TopologyComponent } from '../../api/topology';
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
  readTopologyParams,
  sizeForWidth,
  sortCards,
  sortOptions,
  componentIdOf,
  TOPOLOGY_URL_SCHEMA,
  topologyRequest,
} from './topology-params';
import { TopologySidebar } from './topology-sidebar';
import { useCardWidth } from './use-card-width';

/** Cards drawn after the first screenful in each following step (one task each). */
const CARDS_PER_STEP = 48;

/**
 * How many of `total` cards to draw: about a screenful at once, the rest a step per task, so
 * that the first cards are on screen without waiting for a few hundred. A new order or filter
 * keeps the count drawn so far; `resetKey` starts again (another component).
 */
function useProgressiveCount(total: number, width: number, resetKey: string): number {
  const [state, setState] = useState({ key: resetKey, count: 0 });
  const first = useMemo(() => {
    if (typeof window === 'undefined') return total;
    const columns = Math.max(1, Math.ceil(window.innerWidth / Math.max(width, 1)));
    const rows = Math.max(1, Math.ceil(window.innerHeight / 160));
    return Math.max(12, columns * rows);
  }, [width, total]);
  const drawn = state.key === resetKey ? state.count : 0;
  const count = Math.min(total, Math.max(drawn, first));
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => {
      startTransition(() => setState({ key: resetKey, count: count + CARDS_PER_STEP }));
    }, 0);
    return () => clearTimeout(timer);
  }, [count, total, resetKey]);
  return count;
}

interface CardItemProps {
  card: TopologyComponent;
  size: TopologyCardSize;
  width: number;
  href: string;
  onOpen: (event: MouseEvent<HTMLAnchorElement>, href: string) => void;
  onPreview: (href: string) => void;
}

/** One card of the grid; drawn again only when its component, size or link changes. */
const CardItem = memo(function CardItem({
  card,
  size,
  width,
  href,
  onOpen,
  onPreview,
}: CardItemProps) {
  return (
    <li
      className="max-w-full [contain-intrinsic-size:auto_180px] [content-visibility:auto]"
      style={{ width }}
      data-component-id={card.id}
    >
      <TopologyCard
        component={card}
        size={size}
        fluid
        className="h-full"
        headingLevel={3}
        href={href}
        onLinkClick={(event) => onOpen(event, href)}
        onLinkIntent={() => onPreview(href)}
        actions={<TopologyCardMenu component={card} />}
      />
    </li>
  );
});

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
    // The cards on screen stay while new filters are read; another component's are not kept
    // (the page stays mounted from one component to the next: routes.tsx `followsPath`).
    placeholderData: (previous, previousQuery) =>
      previousQuery && treeKeyId(previousQuery.queryKey) === id
        ? keepPreviousData(previous)
        : undefined,
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

  const openComponent = useCallback(
    (event: MouseEvent<HTMLAnchorElement>, href: string) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      navigate(href);
    },
    [navigate],
  );
  // The component a card opens, read ahead as the user heads for its link.
  const queryClient = useQueryClient();
  const previewComponent = useCallback(
    (href: string) => {
      const url = new URL(href, window.location.origin);
      const target = componentIdOf(url.pathname);
      if (target === undefined || !isComponentId(target)) return;
      void queryClient.prefetchQuery(
        topologyQueries.tree(client, topologyRequest(readTopologyParams(url.search), target)),
      );
    },
    [client, queryClient],
  );
  const drawn = useProgressiveCount(cards.length, width, id ?? '');

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
        {cards.slice(0, drawn).map((card) => (
          <CardItem
            key={card.id}
            card={card}
            size={size}
            width={width}
            href={componentHref(card.id, search, id)}
            onOpen={openComponent}
            onPreview={previewComponent}
          />
        ))}
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
        <section aria-label="Component cards" className="relative min-w-0 flex-1">
          <h2 className="sr-only">Components</h2>
          {/* Another component's cards replace these at once; these are removed after. */}
          <SwapView viewKey={id ?? ''}>{content}</SwapView>
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
