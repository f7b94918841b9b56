/**
 * The paginated config list (spec doc 2 §2, §7): one server page of `configs` with the exact
 * total, sorting and paging in the URL, and 'Export CSV' of every page with the current filters.
 * The name links to /catalog/{id}; the row is a pointer shortcut for it.
 */
import { useMemo } from 'react';
import { Link } from 'wouter';
import type { ConfigListItem, ConfigSortColumn, SortOrder } from '../../../api/catalog';
import { ComponentIcon } from '../../../entities/topology-card/component-icon';
import { DataTable, type ColumnDef, type CsvExportOptions } from '../../../ui/data-table';
import { StatusIcon } from '../../../ui/status-icon';
import { catalogPaths } from '../catalog-paths';
import { CATALOG_PAGE_SIZES, formatCost } from '../catalog-params';
import { AnalysisMapCell, ChangesCell, CostCell, KeyValueChips } from './catalog-cells';
import { RelativeTime } from '../../../ui/relative-time';

function HealthCell({ config }: { config: ConfigListItem }) {
  if (config.deleted_at) {
    return <StatusIcon tone="unknown" label="Deleted" showLabel />;
  }
  if (!config.health && !config.status) return <span className="text-fg-subtle">-</span>;
  return (
    <StatusIcon
      status={config.health ?? 'unknown'}
      label={config.status ?? config.health ?? 'unknown'}
      showLabel
    />
  );
}

function columns(showDeleted: boolean): ColumnDef<ConfigListItem>[] {
  const list: ColumnDef<ConfigListItem>[] = [
    {
      id: 'name',
      header: 'Name',
      accessorFn: (config) => config.name,
      enableSorting: true,
      size: 320,
      cell: ({ row }) => (
        <span className="inline-flex min-w-0 items-center gap-2">
          <ComponentIcon icon={row.original.type} size={16} className="shrink-0 text-fg-muted" />
          <Link
            href={catalogPaths.config(row.original.id)}
            className="max-w-80 truncate font-medium text-link hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            {row.original.name || '(no name)'}
          </Link>
        </span>
      ),
    },
    {
      id: 'type',
      header: 'Type',
      accessorFn: (config) => config.type,
      enableSorting: true,
      size: 200,
      cell: ({ row }) => <span className="text-fg-muted">{row.original.type}</span>,
    },
    {
      id: 'health',
      header: 'Status',
      accessorFn: (config) => config.status ?? config.health,
      enableSorting: true,
      size: 140,
      meta: { csv: (config) => (config.deleted_at ? 'Deleted' : (config.status ?? config.health)) },
      cell: ({ row }) => <HealthCell config={row.original} />,
    },
    {
      id: 'changes',
      header: 'Changes',
      accessorFn: (config) => config.changes ?? 0,
      enableSorting: true,
      size: 100,
      cell: ({ row }) => <ChangesCell changes={row.original.changes} />,
    },
    {
      id: 'analysis',
      header: 'Insights',
      enableSorting: false,
      size: 200,
      meta: {
        csv: (config) =>
          Object.entries(config.analysis ?? {})
            .map(([type, count]) => `${type}=${count}`)
            .join(' '),
      },
      cell: ({ row }) => <AnalysisMapCell analysis={row.original.analysis} />,
    },
    {
      id: 'cost_total_30d',
      header: 'Cost (30d)',
      accessorFn: (config) => config.cost_total_30d ?? 0,
      enableSorting: true,
      size: 130,
      meta: { csv: (config) => (config.cost_total_30d ? formatCost(config.cost_total_30d) : '') },
      cell: ({ row }) => (
        <CostCell
          cost={row.original.cost_total_30d}
          cost1d={row.original.cost_total_1d ?? null}
          cost30d={row.original.cost_total_30d ?? null}
        />
      ),
    },
    {
      id: 'labels',
      header: 'Labels',
      enableSorting: false,
      size: 260,
      meta: {
        csv: (config) =>
          Object.entries(config.labels ?? {})
            .map(([key, value]) => `${key}=${value}`)
            .join(' '),
      },
      cell: ({ row }) => <KeyValueChips values={row.original.labels} />,
    },
    {
      id: 'agent',
      header: 'Agent',
      enableSorting: false,
      size: 120,
      meta: { csv: (config) => config.agent?.name ?? '' },
      cell: ({ row }) => (
        <span className="text-fg-muted">{row.original.agent?.name ?? 'local'}</span>
      ),
    },
    {
      id: 'created_at',
      header: 'Created',
      accessorFn: (config) => config.created_at,
      enableSorting: true,
      size: 120,
      cell: ({ row }) => <RelativeTime className="text-fg-muted" value={row.original.created_at} />,
    },
    {
      id: 'updated_at',
      header: 'Updated',
      accessorFn: (config) => config.updated_at,
      enableSorting: true,
      size: 120,
      cell: ({ row }) => <RelativeTime className="text-fg-muted" value={row.original.updated_at} />,
    },
  ];
  if (showDeleted) {
    list.push({
      id: 'deleted_at',
      header: 'Deleted',
      accessorFn: (config) => config.deleted_at,
      enableSorting: true,
      size: 120,
      cell: ({ row }) => <RelativeTime className="text-fg-muted" value={row.original.deleted_at} />,
    });
  }
  return list;
}

export interface ConfigTableProps {
  rows: readonly ConfigListItem[];
  total: number | undefined;
  isLoading: boolean;
  /** The rows are the previous ones while a new sort, page or filter loads. */
  isPlaceholder?: boolean;
  sortBy: ConfigSortColumn;
  sortOrder: SortOrder;
  pageIndex: number;
  pageSize: number;
  showDeleted: boolean;
  onChange: (patch: {
    sortBy?: ConfigSortColumn;
    sortOrder?: SortOrder;
    pageIndex?: number;
    pageSize?: number;
  }) => void;
  onOpen: (id: string) => void;
  csvExport: CsvExportOptions<ConfigListItem>;
}

const SORTABLE = new Set<string>([
  'name',
  'type',
  'health',
  'changes',
  'cost_total_30d',
  'created_at',
  'updated_at',
  'deleted_at',
]);

export function ConfigTable({
  rows,
  total,
  isLoading,
  isPlaceholder = false,
  sortBy,
  sortOrder,
  pageIndex,
  pageSize,
  showDeleted,
  onChange,
  onOpen,
  csvExport,
}: ConfigTableProps) {
  // The same columns while `showDeleted` is: rows whose data did not change are not drawn again.
  const tableColumns = useMemo(() => columns(showDeleted), [showDeleted]);
  return (
    <DataTable<ConfigListItem>
      label="Config items"
      data={rows}
      columns={tableColumns}
      getRowId={(config) => config.id}
      sorting={[{ id: sortBy, desc: sortOrder === 'desc' }]}
      onSortingChange={(next) => {
        const first = next[0];
        if (!first || !SORTABLE.has(first.id)) {
          onChange({ sortBy: 'type', sortOrder: 'asc', pageIndex: 0 });
          return;
        }
        onChange({
          sortBy: first.id as ConfigSortColumn,
          sortOrder: first.desc ? 'desc' : 'asc',
          pageIndex: 0,
        });
      }}
      isLoading={isLoading}
      isPlaceholder={isPlaceholder}
      emptyMessage="No config items match these filters"
      onRowClick={(row) => onOpen(row.original.id)}
      serverPagination={{
        pageIndex,
        pageSize,
        total,
        pageSizes: CATALOG_PAGE_SIZES,
        onPageChange: (next) => onChange({ pageIndex: next }),
        onPageSizeChange: (next) => onChange({ pageSize: next, pageIndex: 0 }),
      }}
      csvExport={csvExport}
    />
  );
}
