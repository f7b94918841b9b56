/**
 * The grouped summary (spec doc 2 §2): a row per group — nested under its config class when
 * grouped by class — with the count, health map, insights (analysis) map, changes and cost of the
 * last 30 days. A group's name is a link that sets configType and labels and clears groupBy
 * (the whole row is a pointer shortcut for it); a class row expands and collapses. Types can be
 * pinned as favourites with the star.
 */
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { ComponentIcon } from '../../../entities/topology-card/component-icon';
import { cx } from '../../../lib/class-names';
import { DataTable, type ColumnDef, type SortingState } from '../../../ui/data-table';
import { ChevronDownIcon } from '../../../ui/icons';
import { formatCost, formatCount } from '../catalog-params';
import { useCatalogPreferences } from '../use-catalog-preferences';
import { AnalysisMapCell, ChangesCell, CostCell, HealthMapCell } from './catalog-cells';
import { leafRows, sortSummaryRows, type SummaryRow, type SummarySortKey } from './summary-rows';

/** Above this many rows the table renders only what is on screen. */
const VIRTUAL_FROM = 300;

function FavouriteStar({ type }: { type: string }) {
  const pinned = useCatalogPreferences((state) => state.favouriteTypes.includes(type));
  const toggle = useCatalogPreferences((state) => state.toggleFavouriteType);
  return (
    <button
      type="button"
      aria-pressed={pinned}
      aria-label={pinned ? `Unpin ${type}` : `Pin ${type} as a favourite`}
      title={pinned ? 'Unpin' : 'Pin as a favourite (sorts first)'}
      onClick={() => toggle(type)}
      className={cx(
        'inline-flex size-6 items-center justify-center rounded text-base leading-none focus-visible:outline-2 focus-visible:outline-primary',
        pinned ? 'text-warning' : 'text-fg-subtle hover:text-fg',
      )}
    >
      <span aria-hidden="true">{pinned ? '★' : '☆'}</span>
    </button>
  );
}

/** A nested group's type without its class prefix (`AWS::EC2::Instance` → `EC2::Instance`). */
function shortType(row: SummaryRow): string {
  const type = row.type ?? row.label;
  const rest = row.configClass ? type.slice(row.configClass.length).replace(/^:+/, '') : type;
  return rest || type;
}

function columns(
  tagKeys: readonly string[],
  hrefOf: (row: SummaryRow) => string,
): ColumnDef<SummaryRow>[] {
  return [
    {
      id: 'label',
      header: 'Name',
      accessorFn: (row) => row.label,
      enableSorting: true,
      size: 340,
      meta: { csvHeader: 'Type', csv: (row) => row.type ?? row.label },
      cell: ({ row }) => {
        const item = row.original;
        if (item.kind === 'class') {
          return (
            <button
              type="button"
              onClick={row.getToggleExpandedHandler()}
              aria-expanded={row.getIsExpanded()}
              className="inline-flex items-center gap-2 rounded font-semibold text-fg focus-visible:outline-2 focus-visible:outline-primary"
            >
              <ChevronDownIcon
                size={14}
                className={cx('transition-transform', !row.getIsExpanded() && '-rotate-90')}
              />
              <ComponentIcon icon={item.label} size={16} className="text-fg-muted" />
              {item.label}
              <span className="sr-only">({item.children?.length ?? 0} types)</span>
            </button>
          );
        }
        return (
          <span className={cx('inline-flex items-center gap-1', row.depth > 0 && 'pl-6')}>
            {item.type ? <FavouriteStar type={item.type} /> : null}
            <ComponentIcon icon={item.type ?? item.label} size={16} className="text-fg-muted" />
            <Link
              href={hrefOf(item)}
              data-summary-group={item.type ?? item.label}
              className="ml-1 font-medium text-link hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              {row.depth > 0 ? shortType(item) : item.label}
            </Link>
          </span>
        );
      },
    },
    ...tagKeys.map((key): ColumnDef<SummaryRow> => ({
      id: `tag:${key}`,
      header: key,
      enableSorting: false,
      meta: { csv: (row) => row.tags[key] ?? '' },
      cell: ({ row }) =>
        row.original.kind === 'group' ? (
          <span className="text-fg-muted">{row.original.tags[key] ?? '-'}</span>
        ) : null,
    })),
    {
      id: 'count',
      header: 'Count',
      accessorFn: (row) => row.count,
      enableSorting: true,
      size: 90,
      cell: ({ row }) => (
        <span className="tabular-nums" title={row.original.count.toLocaleString('en-US')}>
          {formatCount(row.original.count)}
        </span>
      ),
    },
    {
      id: 'health',
      header: 'Health',
      enableSorting: false,
      size: 200,
      meta: {
        csv: (row) =>
          Object.entries(row.health)
            .filter(([, count]) => count > 0)
            .map(([tone, count]) => `${tone}=${count}`)
            .join(' '),
      },
      cell: ({ row }) => <HealthMapCell health={row.original.health} />,
    },
    {
      id: 'analysis',
      header: 'Insights',
      enableSorting: false,
      size: 220,
      meta: {
        csv: (row) =>
          Object.entries(row.analysis)
            .map(([type, count]) => `${type}=${count}`)
            .join(' '),
      },
      cell: ({ row }) => <AnalysisMapCell analysis={row.original.analysis} />,
    },
    {
      id: 'changes',
      header: 'Changes',
      accessorFn: (row) => row.changes,
      enableSorting: true,
      size: 100,
      cell: ({ row }) => <ChangesCell changes={row.original.changes} />,
    },
    {
      id: 'cost30d',
      header: 'Cost (30d)',
      accessorFn: (row) => row.cost30d,
      enableSorting: true,
      size: 110,
      meta: { csv: (row) => (row.cost30d ? formatCost(row.cost30d) : '') },
      cell: ({ row }) => <CostCell cost={row.original.cost30d} />,
    },
  ];
}

export interface CatalogSummaryTableProps {
  rows: readonly SummaryRow[];
  tagKeys: readonly string[];
  isLoading: boolean;
  hrefOf: (row: SummaryRow) => string;
  onOpenGroup: (row: SummaryRow) => void;
}

export function CatalogSummaryTable({
  rows,
  tagKeys,
  isLoading,
  hrefOf,
  onOpenGroup,
}: CatalogSummaryTableProps) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const sorted = useMemo(() => {
    const first = sorting[0];
    return first ? sortSummaryRows(rows, first.id as SummarySortKey, first.desc) : [...rows];
  }, [rows, sorting]);
  const total = useMemo(() => leafRows(rows).length, [rows]);
  return (
    <DataTable<SummaryRow>
      label="Catalog summary"
      data={sorted}
      columns={columns(tagKeys, hrefOf)}
      getRowId={(row) => row.id}
      getSubRows={(row) => row.children}
      sorting={sorting}
      onSortingChange={setSorting}
      isLoading={isLoading}
      emptyMessage="No config items match these filters"
      virtual={total > VIRTUAL_FROM ? { maxHeight: 'calc(100vh - 16rem)' } : undefined}
      rowClassName={(row) => (row.original.kind === 'class' ? 'bg-surface-sunken/40' : undefined)}
      onRowClick={(row) => {
        if (row.original.kind === 'class') row.toggleExpanded();
        else onOpenGroup(row.original);
      }}
      csvExport={{
        fileName: 'catalog-summary',
        getRows: () => Promise.resolve({ rows: leafRows(sorted) }),
      }}
    />
  );
}
