/**
 * The relationships table: every related config with its type, name (a link to its page),
 * health and status (icon and text), and its relation to this config (incoming or outgoing and
 * the depth). 'Export CSV' writes all of them.
 */
import { useMemo } from 'react';
import { Link } from 'wouter';
import { ComponentIcon } from '../../../entities/topology-card/component-icon';
import { formatRelative, formatTimestamp } from '../../../lib/time';
import { DataTable, type ColumnDef } from '../../../ui/data-table';
import { StatusIcon, STATUS_TONE_LABELS } from '../../../ui/status-icon';
import { catalogPaths } from '../catalog-paths';
import {
  configTone,
  directionLabel,
  relatedRows,
  type RelatedConfigRow,
  type RelatedGraph,
} from './related-configs';

const PAGE_SIZES = [50, 100, 200, 500] as const;

function healthText(health: string | null | undefined): string {
  return health ? STATUS_TONE_LABELS[configTone(health)] : '';
}

const columns: ColumnDef<RelatedConfigRow>[] = [
  {
    id: 'name',
    header: 'Name',
    accessorFn: (row) => row.config.name,
    cell: ({ row }) => {
      const { config } = row.original;
      return (
        <span className="inline-flex min-w-0 items-center gap-2">
          <ComponentIcon icon={config.type} size={16} className="shrink-0 text-fg-muted" />
          <Link
            href={catalogPaths.config(config.id)}
            className="truncate font-medium text-link hover:underline"
          >
            {config.name}
          </Link>
          {config.deleted_at ? (
            <span
              className="shrink-0 rounded border border-border px-1 text-xs text-fg-muted"
              title={`Deleted ${formatTimestamp(config.deleted_at)}`}
            >
              Deleted
            </span>
          ) : null}
        </span>
      );
    },
  },
  {
    id: 'type',
    header: 'Type',
    accessorFn: (row) => row.config.type,
    cell: ({ getValue }) => (
      <span className="whitespace-nowrap text-fg-muted">{getValue<string>()}</span>
    ),
  },
  {
    id: 'health',
    header: 'Health',
    accessorFn: (row) => healthText(row.config.health),
    cell: ({ row }) => {
      const { health } = row.original.config;
      if (!health) return <span className="text-fg-subtle">-</span>;
      return (
        <StatusIcon tone={configTone(health)} showLabel size={14} className="whitespace-nowrap" />
      );
    },
  },
  {
    id: 'status',
    header: 'Status',
    accessorFn: (row) => row.config.status ?? '',
    cell: ({ getValue }) =>
      getValue<string>() ? (
        <span className="whitespace-nowrap">{getValue<string>()}</span>
      ) : (
        <span className="text-fg-subtle">-</span>
      ),
  },
  {
    id: 'relation',
    header: 'Relation',
    accessorFn: (row) => directionLabel(row.direction),
    meta: { csv: (row) => row.direction },
  },
  {
    id: 'depth',
    header: 'Depth',
    accessorFn: (row) => row.depth ?? '',
    cell: ({ row }) =>
      row.original.depth === null ? (
        <span className="text-fg-subtle">-</span>
      ) : (
        <span className="tabular-nums">{row.original.depth}</span>
      ),
  },
  {
    id: 'updated',
    header: 'Updated',
    accessorFn: (row) => row.config.updated_at ?? '',
    cell: ({ row }) =>
      row.original.config.updated_at ? (
        <span className="whitespace-nowrap" title={formatTimestamp(row.original.config.updated_at)}>
          {formatRelative(row.original.config.updated_at)}
        </span>
      ) : (
        <span className="text-fg-subtle">-</span>
      ),
  },
];

export function RelationshipsTable({
  graph,
  isFetching,
}: {
  graph: RelatedGraph;
  isFetching: boolean;
}) {
  const rows = useMemo(() => relatedRows(graph), [graph]);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-fg-muted" aria-live="polite">
        {rows.length.toLocaleString('en-US')} related {rows.length === 1 ? 'config' : 'configs'}
      </p>
      <DataTable
        label="Related configs"
        data={rows}
        columns={columns}
        getRowId={(row) => row.config.id}
        pagination={{ pageSizes: PAGE_SIZES, initialPageSize: 50 }}
        isLoading={isFetching && rows.length === 0}
        emptyMessage="No related configs"
        csvExport={{ fileName: 'relationships' }}
      />
    </div>
  );
}
