/**
 * The agents table: Name, Configs, Checks, Scrapers, Playbook Runs, Status (Online/Offline with
 * an icon and text), Last Pushed, Created At, Updated At and Created By. Sorting is done by the
 * server; a click anywhere on a row (or Enter on the name button) opens the agent.
 */
import { useMemo, type MouseEvent } from 'react';
import type { AgentSortColumn, AgentSummary, SortOrder } from '../../api/agents';
import { formatTimestamp } from '../../lib/time';
import { Avatar } from '../../ui/avatar';
import { DataTable, type ColumnDef, type SortingState } from '../../ui/data-table';
import { StatusIcon } from '../../ui/status-icon';
import { agentStatus, AGENT_STATUS_LABELS } from './agent-status';
import { RelativeTime } from '../../ui/relative-time';

function CountCell({ value }: { value: number | null | undefined }) {
  return <span className="tabular-nums">{value ?? 0}</span>;
}

function CreatedByCell({ value }: { value: AgentSummary['created_by'] }) {
  if (!value || typeof value !== 'object') return <span className="text-fg-muted">-</span>;
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <Avatar name={value.name} src={value.avatar} size="sm" />
      <span className="truncate">{value.name}</span>
    </span>
  );
}

function columns(now: number): ColumnDef<AgentSummary>[] {
  const count = (
    id: AgentSortColumn,
    header: string,
    pick: (agent: AgentSummary) => number | null | undefined,
  ): ColumnDef<AgentSummary> => ({
    id,
    header,
    // Sorting needs an accessor in TanStack Table; the server does the actual sort.
    accessorFn: pick,
    size: 110,
    enableSorting: true,
    cell: ({ row }) => <CountCell value={pick(row.original)} />,
  });
  const time = (
    id: AgentSortColumn,
    header: string,
    pick: (agent: AgentSummary) => string | null | undefined,
  ): ColumnDef<AgentSummary> => ({
    id,
    header,
    accessorFn: pick,
    size: 140,
    enableSorting: true,
    cell: ({ row }) => <RelativeTime className="text-fg-muted" value={pick(row.original)} />,
  });
  return [
    {
      id: 'name',
      header: 'Name',
      accessorFn: (agent) => agent.name,
      enableSorting: true,
      sortDescFirst: false,
      cell: ({ row }) => (
        <button
          type="button"
          data-agent-id={row.original.id}
          className="max-w-64 truncate rounded text-left font-medium text-link hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          {row.original.name}
        </button>
      ),
    },
    count('config_count', 'Configs', (agent) => agent.config_count),
    count('checks_count', 'Checks', (agent) => agent.checks_count),
    count('config_scrapper_count', 'Scrapers', (agent) => agent.config_scrapper_count),
    count('playbook_runs_count', 'Playbook Runs', (agent) => agent.playbook_runs_count),
    {
      id: 'last_seen',
      header: 'Status',
      accessorFn: (agent) => agent.last_seen,
      size: 110,
      enableSorting: true,
      cell: ({ row }) => {
        const status = agentStatus(row.original.last_seen, now);
        return (
          <span
            title={
              row.original.last_seen
                ? `Last seen ${formatTimestamp(row.original.last_seen)}`
                : 'Never seen'
            }
          >
            <StatusIcon
              tone={status === 'online' ? 'healthy' : 'unknown'}
              label={AGENT_STATUS_LABELS[status]}
              showLabel
            />
          </span>
        );
      },
    },
    time('last_received', 'Last Pushed', (agent) => agent.last_received),
    time('created_at', 'Created At', (agent) => agent.created_at),
    time('updated_at', 'Updated At', (agent) => agent.updated_at),
    {
      id: 'created_by',
      header: 'Created By',
      enableSorting: false,
      size: 180,
      cell: ({ row }) => <CreatedByCell value={row.original.created_by} />,
    },
  ];
}

export interface AgentTableProps {
  agents: readonly AgentSummary[];
  isLoading: boolean;
  /** The rows are the previous sort's while the new one loads. */
  isPlaceholder?: boolean;
  sortBy: AgentSortColumn;
  sortOrder: SortOrder;
  onSortChange: (sortBy: AgentSortColumn | undefined, sortOrder: SortOrder) => void;
  onOpen: (id: string) => void;
  /** The time the Online rule is measured against (ms). */
  now: number;
}

const INTERACTIVE = 'a, button, input, select, textarea, [role="button"]';

export function AgentTable({
  agents,
  isLoading,
  isPlaceholder = false,
  sortBy,
  sortOrder,
  onSortChange,
  onOpen,
  now,
}: AgentTableProps) {
  // Built again only when the clock ticks: the table's memoised rows are not drawn again (nor
  // their cells mounted again) when only the address changes.
  const tableColumns = useMemo(() => columns(now), [now]);
  const sorting: SortingState = [{ id: sortBy, desc: sortOrder === 'desc' }];
  // One listener for the rows: the name button is the keyboard path, the row a larger mouse target.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const row = target.closest('tbody tr');
    const button = row?.querySelector<HTMLElement>('[data-agent-id]');
    if (!button) return;
    const interactive = target.closest(INTERACTIVE);
    if (interactive && interactive !== button) return;
    // Selecting text in a row is not a click on it.
    if (interactive !== button && window.getSelection()?.toString()) return;
    const id = button.dataset.agentId;
    if (id) onOpen(id);
  };
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- keyboard users open a row with its name button
    <div onClick={onClick}>
      <DataTable<AgentSummary>
        label="Agents"
        data={agents}
        columns={tableColumns}
        getRowId={(agent) => agent.id}
        sorting={sorting}
        onSortingChange={(next) => {
          const first = next[0];
          onSortChange(
            first?.id as AgentSortColumn | undefined,
            first ? (first.desc ? 'desc' : 'asc') : 'desc',
          );
        }}
        isLoading={isLoading}
        isPlaceholder={isPlaceholder}
        rowClassName={() => 'cursor-pointer'}
      />
    </div>
  );
}
