/**
 * `/agents` and `/settings/agents`: the paged agents table (server-side paging, sorting and
 * total), the Add Agent button for users with write permission on agents, and the dialogs held
 * in the URL (`?id=` edits an agent, `?addAgent=true` creates one).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AGENT_PAGE_SIZES, agentQueries, useAgents } from '../../api/agents';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/client';
import { useCan } from '../../rbac/use-can';
import { Button } from '../../ui/button';
import { Pagination } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { AlertCircleIcon, PlusIcon } from '../../ui/icons';
import { usePageRefresh } from '../../ui/page-refresh';
import { lazyComponent } from '../../ui/lazy-component';
import { useUrlState } from '../../ui/use-url-state';
import { AgentEditDialog } from './agent-edit-dialog';
import { AgentTable } from './agent-table';
import { agentsUrlSchema } from './agent-url-state';

// The Add Agent dialog (and the install instructions with their YAML) loads after the page, for
// users who may add agents, so it opens at once without weighing on the page's first load.
const AgentCreateDialog = lazyComponent(() =>
  import('./agent-create-dialog').then((m) => m.AgentCreateDialog),
);

/** How often the Online/Offline states are re-evaluated against the clock. */
const CLOCK_TICK_MS = 10_000;

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function AgentsPage() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  // A sort or page change asks for its page at once, inside the event handler (the query would
  // otherwise start only after the page re-renders under the new URL).
  const [state, setState] = useUrlState(agentsUrlSchema, {
    readAhead: ({ pageIndex, pageSize, sortBy, sortOrder }) =>
      void queryClient.prefetchQuery(
        agentQueries.list(client, { pageIndex, pageSize, sortBy, sortOrder }),
      ),
  });
  const canWrite = useCan('agents', 'write');
  useEffect(() => {
    if (canWrite) AgentCreateDialog.preload();
  }, [canWrite]);
  const { pageIndex, pageSize, sortBy, sortOrder } = state;
  const list = useAgents({ pageIndex, pageSize, sortBy, sortOrder });
  usePageRefresh(() => void list.refetch(), list.isFetching);
  const now = useNow(CLOCK_TICK_MS);

  const total = list.data?.total;
  const pageCount = total === undefined ? -1 : Math.ceil(total / pageSize);

  // A page past the end (a stale link, or the last agent of a page deleted): go to the last page.
  useEffect(() => {
    if (total === undefined || list.isPlaceholderData) return;
    const last = Math.max(0, pageCount - 1);
    if (pageIndex > last) setState({ pageIndex: last });
  }, [total, pageCount, pageIndex, list.isPlaceholderData, setState]);

  if (list.isError && !list.data) {
    return (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Agents could not be loaded"
        description={errorMessage(list.error)}
        actions={
          <Button variant="primary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted" aria-live="polite">
          {list.isPending
            ? 'Loading agents…'
            : total !== undefined
              ? `${total} ${total === 1 ? 'agent' : 'agents'}`
              : null}
        </p>
        {canWrite ? (
          <Button
            variant="primary"
            icon={<PlusIcon size={16} />}
            onClick={() => setState({ addAgent: true })}
          >
            Add Agent
          </Button>
        ) : null}
      </div>

      <div className="flex flex-col gap-0">
        <AgentTable
          agents={list.data?.rows ?? []}
          isLoading={list.isPending}
          isPlaceholder={list.isPlaceholderData}
          sortBy={sortBy}
          sortOrder={sortOrder}
          now={now}
          onSortChange={(nextSortBy, nextSortOrder) =>
            setState({
              sortBy: nextSortBy ?? agentsUrlSchema.sortBy.defaultValue,
              sortOrder: nextSortBy ? nextSortOrder : agentsUrlSchema.sortOrder.defaultValue,
              pageIndex: 0,
            })
          }
          onOpen={(id) => setState({ id })}
        />
        <div className="mt-2 rounded-lg border border-border bg-surface">
          <Pagination
            pageIndex={pageIndex}
            pageCount={pageCount}
            pageSize={pageSize}
            pageSizes={AGENT_PAGE_SIZES}
            total={total}
            onPageChange={(next) => setState({ pageIndex: Math.max(0, next) })}
            onPageSizeChange={(size) => setState({ pageSize: size, pageIndex: 0 })}
          />
        </div>
      </div>

      {state.addAgent && canWrite ? (
        <AgentCreateDialog onClose={() => setState({ addAgent: false })} />
      ) : null}
      {state.id ? (
        <AgentEditDialog
          id={state.id}
          canWrite={canWrite}
          onClose={() => setState({ id: '' })}
          initial={list.data?.rows.find((agent) => agent.id === state.id)}
        />
      ) : null}
    </div>
  );
}
