/**
 * /catalog/scrapers (spec doc 2 §2; spec doc 3 §2.1): the config scrapers (non-deleted, newest
 * first, at most 100 like every settings list) with the icon of their kind, name, source, the
 * last job's status and time, created and updated; a row opens /catalog/scrapers/{id}. Sorting
 * is in the URL; 'Export CSV' writes the listed scrapers. Read-only: there are no write actions.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { useApiClient } from '../../../api/api-context';
import type { ConfigScraperSummary } from '../../../api/catalog';
import {
  catalogScraperQueries,
  SCRAPER_SORT_COLUMNS,
  type ScraperSortColumn,
} from '../../../api/catalog-scrapers';
import { errorMessage } from '../../../api/client';
import { enumCodec, param } from '../../../lib/url-state';
import { Button } from '../../../ui/button';
import { DataTable, type ColumnDef } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { AlertCircleIcon } from '../../../ui/icons';
import { usePageRefresh } from '../../../ui/page-refresh';
import { StatusIcon } from '../../../ui/status-icon';
import { useUrlState } from '../../../ui/use-url-state';
import { catalogPaths } from '../catalog-paths';
import { CatalogSections } from '../catalog-sections';
import { jobStatusLabel, jobStatusTone } from './scraper-jobs';
import {
  SCRAPER_KIND_LABELS,
  ScraperKindIcon,
  scraperKind,
  scraperKinds,
} from '../../../entities/scraper-kind/scraper-kind';
import { RelativeTime } from '../../../ui/relative-time';

export const scrapersUrlSchema = {
  sortBy: param(enumCodec(SCRAPER_SORT_COLUMNS), 'created_at' as ScraperSortColumn),
  sortOrder: param(enumCodec(['asc', 'desc'] as const), 'desc' as 'asc' | 'desc'),
};

function kindText(spec: unknown): string {
  const kinds = scraperKinds(spec);
  return kinds.length > 0 ? kinds.map((kind) => SCRAPER_KIND_LABELS[kind]).join(', ') : 'Unknown';
}

const columns: ColumnDef<ConfigScraperSummary>[] = [
  {
    id: 'name',
    header: 'Name',
    accessorFn: (row) => row.name,
    enableSorting: true,
    cell: ({ row }) => (
      <span className="inline-flex min-w-0 items-center gap-2">
        <ScraperKindIcon
          kind={scraperKind(row.original.spec)}
          size={18}
          className="shrink-0 text-fg-muted"
        />
        <Link
          href={catalogPaths.scraper(row.original.id)}
          className="truncate font-medium text-link hover:underline"
        >
          {row.original.name}
        </Link>
      </span>
    ),
  },
  {
    id: 'kind',
    header: 'Kind',
    accessorFn: (row) => kindText(row.spec),
    enableSorting: false,
  },
  {
    id: 'source',
    header: 'Source',
    accessorFn: (row) => row.source,
    enableSorting: true,
  },
  {
    id: 'agent',
    header: 'Agent',
    accessorFn: (row) => row.agent?.name ?? '',
    enableSorting: false,
    cell: ({ getValue }) => getValue<string>() || <span className="text-fg-subtle">-</span>,
  },
  {
    id: 'job_status',
    header: 'Last job',
    accessorFn: (row) => (row.job_status ? jobStatusLabel(row.job_status) : ''),
    enableSorting: false,
    cell: ({ row }) =>
      row.original.job_status ? (
        <StatusIcon
          tone={jobStatusTone(row.original.job_status)}
          label={jobStatusLabel(row.original.job_status)}
          showLabel
        />
      ) : (
        <span className="text-fg-subtle">No runs</span>
      ),
  },
  {
    id: 'job_time_start',
    header: 'Last run',
    accessorFn: (row) => row.job_time_start ?? '',
    enableSorting: false,
    cell: ({ row }) => <RelativeTime value={row.original.job_time_start} />,
  },
  {
    id: 'created_at',
    header: 'Created',
    accessorFn: (row) => row.created_at,
    enableSorting: true,
    cell: ({ row }) => <RelativeTime value={row.original.created_at} />,
  },
  {
    id: 'updated_at',
    header: 'Updated',
    accessorFn: (row) => row.updated_at ?? '',
    enableSorting: true,
    cell: ({ row }) => <RelativeTime value={row.original.updated_at} />,
  },
];

export function ScrapersPage() {
  const client = useApiClient();
  const [, navigate] = useLocation();
  const [values, setValues] = useUrlState(scrapersUrlSchema);
  const list = useQuery(catalogScraperQueries.scrapers(client, values));
  usePageRefresh(() => void list.refetch(), list.isFetching);

  return (
    <div className="flex flex-col gap-4">
      <CatalogSections />
      {list.isError && !list.data ? (
        <EmptyState
          icon={<AlertCircleIcon size={22} />}
          title="Something went wrong"
          description={errorMessage(list.error)}
          actions={
            <Button variant="primary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <DataTable
          label="Config scrapers"
          data={list.data ?? []}
          columns={columns}
          getRowId={(row) => row.id}
          isLoading={list.isLoading}
          emptyMessage="No resources found"
          sorting={[{ id: values.sortBy, desc: values.sortOrder === 'desc' }]}
          onSortingChange={(sorting) => {
            const first = sorting[0];
            if (!first) setValues({ sortBy: 'created_at', sortOrder: 'desc' });
            else if ((SCRAPER_SORT_COLUMNS as readonly string[]).includes(first.id)) {
              setValues({
                sortBy: first.id as ScraperSortColumn,
                sortOrder: first.desc ? 'desc' : 'asc',
              });
            }
          }}
          onRowClick={(row) => navigate(catalogPaths.scraper(row.original.id))}
          csvExport={{ fileName: 'scrapers' }}
        />
      )}
    </div>
  );
}
