/**
 * The strip of topology cards above the tabs (spec doc 2 §2): one card per component that the
 * incident's evidence links to, each read like the card page reads it and linking to the
 * component on /topology.
 */
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../api/api-context';
import { topologyQueries } from '../../../api/topology';
import { TopologyCard } from '../../../entities/topology-card/topology-card';
import { workspacePaths } from './workspace-paths';

function LinkedComponentCard({ id }: { id: string }) {
  const client = useApiClient();
  const query = useQuery(topologyQueries.component(client, id));
  if (query.isPending) {
    return (
      <li
        aria-hidden="true"
        className="h-24 w-[258px] shrink-0 animate-pulse rounded-lg border-2 border-border bg-surface-sunken"
      />
    );
  }
  const component = query.data;
  if (!component) return null;
  return (
    <li className="shrink-0">
      <TopologyCard
        component={component}
        size="medium"
        href={workspacePaths.component(component.id)}
        hideProperties
        headingLevel={3}
      />
    </li>
  );
}

export function LinkedComponentsStrip({ ids }: { ids: readonly string[] }) {
  if (ids.length === 0) return null;
  return (
    <section aria-labelledby="incident-linked-components" className="flex min-w-0 flex-col gap-2">
      <h2
        id="incident-linked-components"
        className="text-xs font-semibold tracking-wide text-fg-muted uppercase"
      >
        Linked components
      </h2>
      <ul className="flex min-w-0 items-start gap-3 overflow-x-auto pb-1">
        {ids.map((id) => (
          <LinkedComponentCard key={id} id={id} />
        ))}
      </ul>
    </section>
  );
}
