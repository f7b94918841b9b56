/**
 * The strip of topology cards above the tabs (spec doc 2 §2): one card per component that the
 * incident's evidence links to, each read like the card page reads it and linking to the
 * component on /topology. When none of them loads: 'Unable to load components!' (spec doc 2 §8).
 */
import { useQueries } from '@tanstack/react-query';
import { useApiClient } from '../../../api/api-context';
import { topologyQueries } from '../../../api/topology';
import { TopologyCard } from '../../../entities/topology-card/topology-card';
import { workspacePaths } from './workspace-paths';

/** Exact text of spec doc 2 §8 "Components fail to load with no data". */
export const COMPONENTS_FAILED = 'Unable to load components!';

export function LinkedComponentsStrip({ ids }: { ids: readonly string[] }) {
  const client = useApiClient();
  const queries = useQueries({
    queries: ids.map((id) => topologyQueries.component(client, id)),
  });
  if (ids.length === 0) return null;
  const failed = queries.every((query) => query.isError && !query.data);
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
      ) : (
        <ul className="flex min-w-0 items-start gap-3 overflow-x-auto pb-1">
          {queries.map((query, index) => {
            if (query.isPending) {
              return (
                <li
                  key={ids[index]}
                  aria-hidden="true"
                  className="h-24 w-[258px] shrink-0 animate-pulse rounded-lg border-2 border-border bg-surface-sunken"
                />
              );
            }
            const component = query.data;
            if (!component) return null;
            return (
              <li key={ids[index]} className="shrink-0">
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
      )}
    </section>
  );
}
