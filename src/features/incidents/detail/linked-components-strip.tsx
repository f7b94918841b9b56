/**
 * The strip of topology cards above the tabs (spec doc 2 §2): one card per component that the
 * incident's evidence links to, each read like the card page reads it and linking to the
 * component on /topology. When none of them loads: 'Unable to load components!' (spec doc 2 §8).
 * A card is read when it scrolls near the strip's view (and stays read): an incident whose
 * evidence links 70 components asks for the handful on screen instead of 70 topology reads at
 * once, which kept the server busy for seconds on the bench incident (bench/incidents-ui.ts).
 */
import { useQueries } from '@tanstack/react-query';
import { memo, useEffect, useRef, useState, type RefObject } from 'react';
import { useApiClient } from '../../../api/api-context';
import { topologyQueries } from '../../../api/topology';
import { lazyComponent } from '../../../ui/lazy-component';
import { workspacePaths } from './workspace-paths';

/** A card's size while it loads (or waits to come into view). */
const CARD_SLOT =
  'h-24 w-[258px] shrink-0 animate-pulse rounded-lg border-2 border-border bg-surface-sunken';

// The card's code (and its formatting) comes with the first linked component rather than with
// the page: an incident without component evidence never needs it, and one with some asks for the
// components' data at the same time (issue 18, first-load JS).
const TopologyCard = lazyComponent(
  () => import('../../../entities/topology-card/topology-card').then((m) => m.TopologyCard),
  { fallback: <div aria-hidden="true" className={CARD_SLOT} /> },
);

/** Exact text of spec doc 2 §8 "Components fail to load with no data". */
export const COMPONENTS_FAILED = 'Unable to load components!';

/** How far beyond the strip's visible part cards are read ahead (about one card). */
const READ_AHEAD = '0px 300px';

/**
 * The ids whose slot in `list` has come near its view, once seen always kept; every id where
 * the browser has no IntersectionObserver.
 */
function useSeenIds(list: RefObject<HTMLUListElement | null>, ids: readonly string[]) {
  const observable = typeof IntersectionObserver === 'function';
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set());
  const key = ids.join(',');
  useEffect(() => {
    const root = list.current;
    if (!observable || !root) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const found = entries
          .filter((entry) => entry.isIntersecting)
          .map((entry) => (entry.target as HTMLElement).dataset.componentId ?? '')
          .filter(Boolean);
        if (found.length === 0) return;
        setSeen((before) => {
          if (found.every((id) => before.has(id))) return before;
          return new Set([...before, ...found]);
        });
      },
      { root, rootMargin: READ_AHEAD },
    );
    for (const slot of root.querySelectorAll<HTMLElement>('[data-component-id]')) {
      observer.observe(slot);
    }
    return () => observer.disconnect();
  }, [list, key, observable]);
  return observable ? seen : null;
}

export const LinkedComponentsStrip = memo(function LinkedComponentsStrip({
  ids,
}: {
  ids: readonly string[];
}) {
  const client = useApiClient();
  const list = useRef<HTMLUListElement>(null);
  const seen = useSeenIds(list, ids);
  const linked = ids.length > 0;
  useEffect(() => {
    // Beside the components' reads; a failure is the card's own render to report.
    if (linked) TopologyCard.preload();
  }, [linked]);
  const queries = useQueries({
    queries: ids.map((id) => ({
      ...topologyQueries.component(client, id),
      enabled: seen === null || seen.has(id),
    })),
  });
  if (ids.length === 0) return null;
  const asked = queries.filter((query) => query.fetchStatus !== 'idle' || !query.isPending);
  const failed = asked.length > 0 && asked.every((query) => query.isError && !query.data);
  return (
    <section aria-labelledby="incident-linked-components" className="flex min-w-0 flex-col gap-2">
      <h2
        id="incident-linked-components"
        className="text-xs font-semibold tracking-wide text-fg-muted uppercase"
      >
        Linked components
      </h2>
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          {COMPONENTS_FAILED}
        </p>
      ) : null}
      <ul
        ref={list}
        hidden={failed}
        className="flex min-w-0 items-start gap-3 overflow-x-auto pb-1"
      >
        {queries.map((query, index) => {
          const id = ids[index]!;
          const component = query.data;
          if (query.isPending || !component) {
            // A slot of a card's size while it loads (or waits to come into view); a component
            // that no longer exists leaves an empty, zero-width slot.
            return (
              <li
                key={id}
                data-component-id={id}
                aria-hidden="true"
                className={query.isPending ? CARD_SLOT : 'shrink-0'}
              />
            );
          }
          return (
            <li key={id} data-component-id={id} className="shrink-0">
              <TopologyCard
                component={component}
                size="medium"
                href={workspacePaths.component(component.id)}
                hideProperties
                headingLevel={3}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
});
