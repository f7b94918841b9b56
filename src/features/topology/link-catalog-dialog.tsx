/**
 * 'Link to Catalog' (spec doc 2 §2, §5, §8): search the catalog (at most 50 matches, 400 ms),
 * choose one config and link it to the component with a manual link
 * (`POST /db/config_component_relationships`, selector `manual`). 'config link successful', or the
 * server's message. The Link button waits for a chosen config ("Catalog link requires a selected
 * catalog item").
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/client';
import { topologyKeys, type TopologyComponent } from '../../api/topology';
import {
  CONFIG_LINK_SEARCH_LIMIT,
  linkComponentToConfig,
  topologySidebarKeys,
  topologySidebarQueries,
} from '../../api/topology-sidebar';
import { ComponentIcon } from '../../entities/topology-card/component-icon';
import { cx } from '../../lib/class-names';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { SearchFilter } from '../../ui/filter-bar';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';

/** "Search debounce 400 ms (… config search)". */
export const CONFIG_SEARCH_DEBOUNCE_MS = 400;
export const LINK_SUCCESS_TEXT = 'config link successful';

function LinkCatalogForm({
  component,
  onClose,
}: {
  component: TopologyComponent;
  onClose: () => void;
}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const listId = useId();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const results = useQuery(topologySidebarQueries.configSearch(client, search));
  const link = useMutation({
    mutationFn: (configId: string) =>
      linkComponentToConfig(client, { componentId: component.id, configId }),
    onSuccess: async () => {
      toast.success(LINK_SUCCESS_TEXT);
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: topologySidebarKeys.component(client.baseUrl, component.id),
        }),
        queryClient.invalidateQueries({ queryKey: topologyKeys.all(client.baseUrl) }),
      ]);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  // The toast sits outside the modal, hidden from assistive technology while it is open.
  const failure = link.isError ? errorMessage(link.error) : undefined;
  const rows = results.data ?? [];
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (selected) link.mutate(selected);
      }}
    >
      <SearchFilter
        label="Search catalog"
        className="sm:w-full"
        value={search}
        onChange={setSearch}
        debounceMs={CONFIG_SEARCH_DEBOUNCE_MS}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">
          Catalog items
        </legend>
        <div
          id={listId}
          className="max-h-72 overflow-y-auto rounded-md border border-border"
          aria-busy={results.isFetching || undefined}
        >
          {results.isPending ? (
            <div className="flex justify-center p-4">
              <Spinner label="Searching the catalog" />
            </div>
          ) : results.isError ? (
            <p className="p-3 text-sm text-unhealthy">{errorMessage(results.error)}</p>
          ) : rows.length === 0 ? (
            <p className="p-3 text-sm text-fg-muted">No catalog items match the search.</p>
          ) : (
            <ul className="divide-y divide-border">
              {rows.map((config) => (
                <li key={config.id}>
                  <label
                    className={cx(
                      'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm hover:bg-surface-hover',
                      selected === config.id && 'bg-primary-soft',
                    )}
                  >
                    <input
                      type="radio"
                      name="config"
                      value={config.id}
                      checked={selected === config.id}
                      onChange={() => setSelected(config.id)}
                      className="size-4 accent-primary"
                    />
                    <ComponentIcon icon={config.type ?? ''} size={16} className="shrink-0" />
                    <span className="min-w-0 flex-1 truncate">{config.name}</span>
                    <span className="shrink-0 text-xs text-fg-muted">{config.type}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </div>
        {rows.length >= CONFIG_LINK_SEARCH_LIMIT ? (
          <p className="text-xs text-fg-muted">
            {`The first ${CONFIG_LINK_SEARCH_LIMIT} matches are shown: type to narrow the search.`}
          </p>
        ) : null}
      </fieldset>
      {failure ? (
        <p role="alert" className="text-sm text-unhealthy">
          {failure}
        </p>
      ) : null}
      <div className="flex justify-end gap-2 border-t border-border pt-3">
        <Button type="button" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={!selected || link.isPending}>
          {link.isPending ? 'Linking…' : 'Link'}
        </Button>
      </div>
    </form>
  );
}

export function LinkCatalogDialog({
  component,
  open,
  onClose,
}: {
  component: TopologyComponent;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Link to Catalog"
      description={`Link ${component.name} to a catalog item.`}
    >
      {open ? <LinkCatalogForm component={component} onClose={onClose} /> : null}
    </Dialog>
  );
}
