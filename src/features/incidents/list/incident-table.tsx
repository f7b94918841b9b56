/**
 * The incident table (spec doc 2 §2 "Incidents"): Id, Type, Severity, Status, Name, Age,
 * Responders; one server page with the exact total, sorting and paging in the URL, and 'Export
 * CSV' of every page with the current filters. The name links to /incidents/{id} (keyboard); a
 * click anywhere on the row is a pointer shortcut for it.
 */
import {
  distinctResponders,
  type IncidentListItem,
  type IncidentSortColumn,
} from '../../../api/incident-list';
import { workspacePaths } from '../detail/workspace-paths';
import {
  IncidentSeverityBadge,
  IncidentStatusBadge,
  IncidentTypeBadge,
  incidentSeverityLabel,
  incidentStatusLabel,
  incidentTypeLabel,
} from '../../../entities/incident/incident-badges';
import { DataTable, type ColumnDef, type CsvExportOptions } from '../../../ui/data-table';
import { RelativeTime } from '../../../ui/relative-time';
import { INCIDENT_PAGE_SIZES } from './incident-list-params';
import { ResponderAvatars, responderNames } from './responder-avatars';
import { RowLink } from '../../../ui/row-link';

/** "Empty message: 'There are no incidents matching this criteria'." */
export const NO_INCIDENTS_MESSAGE = 'There are no incidents matching this criteria';
const NO_TITLE = '(no title)';

const COLUMNS: ColumnDef<IncidentListItem>[] = [
  {
    id: 'incident_id',
    header: 'Id',
    accessorFn: (incident) => incident.incident_id ?? '',
    enableSorting: false,
    size: 96,
    cell: ({ row }) => (
      <span className="font-mono text-xs whitespace-nowrap text-fg-muted">
        {row.original.incident_id ?? '-'}
      </span>
    ),
  },
  {
    id: 'type',
    header: 'Type',
    accessorFn: (incident) => incident.type,
    enableSorting: true,
    size: 140,
    meta: { csv: (incident) => incidentTypeLabel(incident.type) },
    cell: ({ row }) => <IncidentTypeBadge type={row.original.type} />,
  },
  {
    id: 'severity',
    header: 'Severity',
    accessorFn: (incident) => incident.severity,
    enableSorting: false,
    size: 120,
    meta: { csv: (incident) => incidentSeverityLabel(incident.severity) },
    cell: ({ row }) => <IncidentSeverityBadge severity={row.original.severity} />,
  },
  {
    id: 'status',
    header: 'Status',
    accessorFn: (incident) => incident.status,
    enableSorting: true,
    size: 140,
    meta: { csv: (incident) => incidentStatusLabel(incident.status) },
    cell: ({ row }) => <IncidentStatusBadge status={row.original.status} />,
  },
  {
    id: 'title',
    header: 'Name',
    accessorFn: (incident) => incident.title,
    enableSorting: true,
    meta: { fill: true },
    cell: ({ row }) => (
      <RowLink
        href={workspacePaths.incident(row.original.id)}
        className="line-clamp-2 min-w-52 font-medium break-words text-link hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        {row.original.title || NO_TITLE}
      </RowLink>
    ),
  },
  {
    id: 'created_at',
    header: 'Age',
    accessorFn: (incident) => incident.created_at,
    enableSorting: true,
    size: 110,
    meta: { csvHeader: 'Created', csv: (incident) => incident.created_at ?? '' },
    cell: ({ row }) => (
      <RelativeTime compact className="text-fg-muted" value={row.original.created_at} />
    ),
  },
  {
    id: 'responders',
    header: 'Responders',
    enableSorting: false,
    size: 170,
    meta: { csv: (incident) => responderNames(distinctResponders(incident.responders)) },
    cell: ({ row }) => (
      <ResponderAvatars responders={distinctResponders(row.original.responders)} />
    ),
  },
];

const SORTABLE = new Set<string>(['type', 'status', 'title', 'created_at']);

export interface IncidentTableProps {
  rows: readonly IncidentListItem[];
  total: number | undefined;
  isLoading: boolean;
  /** The rows are the previous ones while a new sort, page or filter loads. */
  isPlaceholder?: boolean;
  sortBy: IncidentSortColumn;
  sortOrder: 'asc' | 'desc';
  pageIndex: number;
  pageSize: number;
  onChange: (patch: {
    sortBy?: IncidentSortColumn;
    sortOrder?: 'asc' | 'desc';
    pageIndex?: number;
    pageSize?: number;
  }) => void;
  onOpen: (id: string) => void;
  csvExport: CsvExportOptions<IncidentListItem>;
}

export function IncidentTable({
  rows,
  total,
  isLoading,
  isPlaceholder = false,
  sortBy,
  sortOrder,
  pageIndex,
  pageSize,
  onChange,
  onOpen,
  csvExport,
}: IncidentTableProps) {
  return (
    <DataTable<IncidentListItem>
      label="Incidents"
      data={rows}
      columns={COLUMNS}
      getRowId={(incident) => incident.id}
      sorting={[{ id: sortBy, desc: sortOrder === 'desc' }]}
      onSortingChange={(next) => {
        const first = next[0];
        if (!first || !SORTABLE.has(first.id)) {
          onChange({ sortBy: 'created_at', sortOrder: 'desc', pageIndex: 0 });
          return;
        }
        onChange({
          sortBy: first.id as IncidentSortColumn,
          sortOrder: first.desc ? 'desc' : 'asc',
          pageIndex: 0,
        });
      }}
      isLoading={isLoading}
      isPlaceholder={isPlaceholder}
      emptyMessage={NO_INCIDENTS_MESSAGE}
      onRowClick={(row) => onOpen(row.original.id)}
      serverPagination={{
        pageIndex,
        pageSize,
        total,
        pageSizes: INCIDENT_PAGE_SIZES,
        onPageChange: (next) => onChange({ pageIndex: next }),
        onPageSizeChange: (next) => onChange({ pageSize: next, pageIndex: 0 }),
      }}
      csvExport={csvExport}
    />
  );
}
