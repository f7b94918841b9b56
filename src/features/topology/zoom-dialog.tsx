/**
 * 'Zoom In' on a card (spec doc 2 §2): the component's card at full size with its direct
 * children, read again from the topology endpoint (api.md §3.5: "card zoom").
 */
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/client';
import { topologyQueries, type TopologyComponent } from '../../api/topology';
import { TopologyCard } from '../../entities/topology-card/topology-card';
import { Dialog } from '../../ui/dialog';
import { Spinner } from '../../ui/spinner';

function ZoomBody({ id }: { id: string }) {
  const client = useApiClient();
  const query = useQuery(topologyQueries.tree(client, { id, depth: 1 }));
  if (query.isPending) {
    return (
      <div className="flex justify-center p-8">
        <Spinner label="Loading component" />
      </div>
    );
  }
  if (query.isError) return <p className="text-sm text-unhealthy">{errorMessage(query.error)}</p>;
  const component = query.data.components[0];
  if (!component) return <p className="text-sm text-fg-muted">Component not found</p>;
  const children = component.components ?? [];
  return (
    <div className="flex flex-col gap-4">
      <TopologyCard component={component} size="extra_large" fluid headingLevel={3} />
      {children.length > 0 ? (
        <section aria-label="Child components" className="flex flex-col gap-2">
          <h3 className="text-xs font-semibold tracking-wide text-fg-muted uppercase">
            {`Components (${children.length})`}
          </h3>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {children.map((child) => (
              <li key={child.id} className="min-w-0">
                <TopologyCard component={child} size="medium" fluid headingLevel={4} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export function ZoomDialog({
  component,
  open,
  onClose,
}: {
  component: TopologyComponent;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} size="lg" title={component.name}>
      {open ? <ZoomBody id={component.id} /> : null}
    </Dialog>
  );
}
