/**
 * /catalog/scrapers/{id} (spec doc 2 §2; spec doc 3 §2.1): a config scraper with tabs Spec (its
 * YAML, read-only; when the source is not UI a note says why it cannot be edited here) and Job
 * History (its runs, newest first, paged by the server, exported as CSV). The tab and the page
 * are in the URL. An unknown id is 'Scraper not found'.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import { useApiClient } from '../../../api/api-context';
import { errorMessage } from '../../../api/client';
import {
  catalogScraperQueries,
  type JobHistoryEntry,
  listScraperJobs,
  SCRAPER_JOBS_PAGE_SIZE,
  SCRAPER_JOBS_PAGE_SIZES,
} from '../../../api/catalog-scrapers';
import type { ConfigScraperSummary } from '../../../api/types';
import { formatDuration } from '../../../lib/duration';
import { collectPages } from '../../../lib/paging';
import { enumCodec, numberCodec, param, type Codec } from '../../../lib/url-state';
import { Button } from '../../../ui/button';
import { DataTable, type ColumnDef } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { AlertCircleIcon, ChevronRightIcon, InfoIcon, LockIcon } from '../../../ui/icons';
import { usePageRefresh } from '../../../ui/page-refresh';
import { Spinner } from '../../../ui/spinner';
import { StatusIcon } from '../../../ui/status-icon';
import { Tabs } from '../../../ui/tabs';
import { useUrlState } from '../../../ui/use-url-state';
import { catalogPaths } from '../catalog-paths';
import { CatalogSections } from '../catalog-sections';
import { jobErrors, jobStatusLabel, jobStatusTone, scraperSourceMode } from './scraper-jobs';
import { ScraperKindLabel } from '../../../entities/scraper-kind/scraper-kind';
import { RelativeTime } from '../../../ui/relative-time';
import { useYamlText } from '../../../ui/use-yaml-text';

const SCRAPER_TABS = ['spec', 'jobs'] as const;
type ScraperTab = (typeof SCRAPER_TABS)[number];

function oneOfNumbers(values: readonly number[]): Codec<number> {
  return {
    parse: (raw) => (values.includes(Number(raw)) && raw.trim() !== '' ? Number(raw) : undefined),
    serialize: (value) => String(value),
  };
}

export const scraperDetailUrlSchema = {
  tab: param(enumCodec(SCRAPER_TABS), 'spec' as ScraperTab),
  page: param(numberCodec({ min: 0, max: 100_000, integer: true }), 0),
  pageSize: param(oneOfNumbers(SCRAPER_JOBS_PAGE_SIZES), SCRAPER_JOBS_PAGE_SIZE),
};

/** Jobs exported at most. */
const JOBS_EXPORT_MAX_ROWS = 10_000;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">{label}</dt>
      <dd className="min-w-0 truncate text-sm text-fg">{children}</dd>
    </div>
  );
}

function SpecTab({ scraper }: { scraper: ConfigScraperSummary }) {
  const spec = useMemo(() => scraper.spec ?? {}, [scraper.spec]);
  const yaml = useYamlText(spec);
  const mode = scraperSourceMode({
    source: scraper.source,
    agent_id: scraper.agent_id,
    agentName: scraper.agent?.name,
  });
  const lines = (yaml ?? '').replace(/\n$/, '').split('\n');
  return (
    <div className="flex flex-col gap-3 pt-4">
      <div
        role="note"
        className="flex items-start gap-2 rounded-md border border-border bg-surface-sunken px-3 py-2 text-sm text-fg"
      >
        {mode.editable ? (
          <InfoIcon size={16} className="mt-0.5 shrink-0 text-fg-muted" />
        ) : (
          <LockIcon size={16} className="mt-0.5 shrink-0 text-fg-muted" />
        )}
        <p>
          {mode.editable
            ? 'Read-only: this scraper was created in the UI; editing scrapers is not available in this version.'
            : `Read-only. ${mode.reason}`}
        </p>
      </div>
      <div className="overflow-hidden rounded-lg border border-border bg-surface">
        <div className="flex items-center justify-between border-b border-border px-3 py-1.5 text-xs text-fg-muted">
          <span>Spec (YAML)</span>
          {yaml === undefined ? null : (
            <span>
              {lines.length} {lines.length === 1 ? 'line' : 'lines'}
            </span>
          )}
        </div>
        {yaml === undefined ? (
          <div className="p-3">
            <Spinner label="Loading spec" />
          </div>
        ) : (
          // A scrolling block must be reachable by keyboard (WCAG 2.1.1; axe
          // scrollable-region-focusable).
          <pre
            className="max-h-[min(600px,calc(100vh-320px))] overflow-auto p-0 font-mono text-[13px] leading-5"
            aria-label="Scraper spec"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
          >
            <code className="grid grid-cols-[auto_1fr]">
              {lines.map((line, index) => (
                <span key={index} className="contents">
                  <span
                    className="px-3 text-right text-fg-subtle tabular-nums select-none"
                    aria-hidden="true"
                  >
                    {index + 1}
                  </span>
                  <span className="pr-4 whitespace-pre text-fg">{line || ' '}</span>
                </span>
              ))}
            </code>
          </pre>
        )}
      </div>
    </div>
  );
}

const jobColumns: ColumnDef<JobHistoryEntry>[] = [
  {
    id: 'status',
    header: 'Status',
    accessorFn: (row) => jobStatusLabel(row.status),
    cell: ({ row }) => (
      <StatusIcon
        tone={jobStatusTone(row.original.status)}
        label={jobStatusLabel(row.original.status)}
        showLabel
      />
    ),
  },
  {
    id: 'time_start',
    header: 'Started',
    accessorFn: (row) => row.time_start ?? row.created_at,
    cell: ({ row }) => <RelativeTime value={row.original.time_start ?? row.original.created_at} />,
  },
  {
    id: 'duration',
    header: 'Duration',
    accessorFn: (row) => row.duration_millis ?? '',
    meta: { csvHeader: 'Duration (ms)' },
    cell: ({ row }) => (
      <span className="tabular-nums">{formatDuration(row.original.duration_millis)}</span>
    ),
  },
  {
    id: 'success_count',
    header: 'Success',
    accessorFn: (row) => row.success_count ?? 0,
    cell: ({ getValue }) => (
      <span className="tabular-nums">{getValue<number>().toLocaleString('en-US')}</span>
    ),
  },
  {
    id: 'error_count',
    header: 'Errors',
    accessorFn: (row) => row.error_count ?? 0,
    cell: ({ getValue }) => {
      const count = getValue<number>();
      return (
        <span className={count > 0 ? 'font-semibold text-unhealthy tabular-nums' : 'tabular-nums'}>
          {count.toLocaleString('en-US')}
        </span>
      );
    },
  },
  {
    id: 'details',
    header: 'Error details',
    accessorFn: (row) => jobErrors(row.details).join('\n'),
    cell: ({ row }) => {
      const errors = jobErrors(row.original.details);
      if (errors.length === 0) return <span className="text-fg-subtle">-</span>;
      return (
        <ul className="max-w-xl space-y-0.5 text-xs text-fg">
          {errors.slice(0, 3).map((error, index) => (
            <li key={index} className="break-words">
              {error}
            </li>
          ))}
          {errors.length > 3 ? <li className="text-fg-muted">+{errors.length - 3} more</li> : null}
        </ul>
      );
    },
  },
  {
    id: 'host',
    header: 'Host',
    accessorFn: (row) => row.hostname ?? '',
    cell: ({ getValue }) => getValue<string>() || <span className="text-fg-subtle">-</span>,
  },
];

function JobHistoryTab({
  scraperId,
  page,
  pageSize,
  onPage,
}: {
  scraperId: string;
  page: number;
  pageSize: number;
  onPage: (patch: { page?: number; pageSize?: number }) => void;
}) {
  const client = useApiClient();
  const jobs = useQuery(
    catalogScraperQueries.jobs(client, { scraperId, pageIndex: page, pageSize }),
  );
  if (jobs.isError && !jobs.data) {
    return (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Something went wrong"
        description={errorMessage(jobs.error)}
        actions={
          <Button variant="primary" onClick={() => void jobs.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  return (
    <div className="pt-4">
      <DataTable
        label="Job history"
        data={jobs.data?.rows ?? []}
        columns={jobColumns}
        getRowId={(row) => row.id}
        isLoading={jobs.isLoading}
        emptyMessage="No data available"
        serverPagination={{
          pageIndex: page,
          pageSize,
          total: jobs.data?.total,
          pageSizes: SCRAPER_JOBS_PAGE_SIZES,
          onPageChange: (next) => onPage({ page: next }),
          onPageSizeChange: (size) => onPage({ pageSize: size, page: 0 }),
        }}
        csvExport={{
          fileName: 'scraper-jobs',
          getRows: () =>
            collectPages(
              (pageIndex, size) =>
                listScraperJobs(client, { scraperId, pageIndex, pageSize: size }),
              { pageSize: 1000, maxRows: JOBS_EXPORT_MAX_ROWS },
            ),
        }}
      />
    </div>
  );
}

export function ScraperDetailPage({ id }: { id: string }) {
  const client = useApiClient();
  const [values, setValues] = useUrlState(scraperDetailUrlSchema);
  const scraper = useQuery(catalogScraperQueries.scraper(client, id));
  usePageRefresh(() => void scraper.refetch(), scraper.isFetching);

  let body;
  if (scraper.isError && !scraper.data) {
    body = (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Something went wrong"
        description={errorMessage(scraper.error)}
        actions={
          <Button variant="primary" onClick={() => void scraper.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (scraper.isLoading) {
    body = (
      <div className="flex h-48 items-center justify-center">
        <Spinner label="Loading scraper" />
      </div>
    );
  } else if (!scraper.data) {
    body = (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Scraper not found"
        description="There is no config scraper with this id; it may have been deleted."
        actions={
          <Link href={catalogPaths.scrapers()} className="text-sm font-medium text-link underline">
            Back to scrapers
          </Link>
        }
      />
    );
  } else {
    const data = scraper.data;
    body = (
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
          <h2 className="text-base font-semibold text-fg">{data.name}</h2>
          {data.description ? <p className="text-sm text-fg-muted">{data.description}</p> : null}
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3 lg:grid-cols-6">
            <Fact label="Kind">
              <ScraperKindLabel spec={data.spec} />
            </Fact>
            <Fact label="Source">{data.source || '-'}</Fact>
            <Fact label="Agent">{data.agent?.name ?? '-'}</Fact>
            <Fact label="Last job">
              {data.job_status ? (
                <StatusIcon
                  tone={jobStatusTone(data.job_status)}
                  label={jobStatusLabel(data.job_status)}
                  showLabel
                />
              ) : (
                'No runs'
              )}
            </Fact>
            <Fact label="Created">
              <RelativeTime value={data.created_at} />
            </Fact>
            <Fact label="Updated">
              <RelativeTime value={data.updated_at} />
            </Fact>
          </dl>
        </div>
        <Tabs
          label="Scraper"
          items={[
            { id: 'spec', label: 'Spec' },
            { id: 'jobs', label: 'Job History' },
          ]}
          selectedId={values.tab}
          onChange={(tab) => setValues({ tab: tab as ScraperTab })}
        >
          {values.tab === 'spec' ? (
            <SpecTab scraper={data} />
          ) : (
            <JobHistoryTab
              scraperId={data.id}
              page={values.page}
              pageSize={values.pageSize}
              onPage={(patch) => setValues(patch)}
            />
          )}
        </Tabs>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <CatalogSections />
      <nav aria-label="Breadcrumb">
        <ol className="flex items-center gap-1.5 text-sm">
          <li>
            <Link href={catalogPaths.scrapers()} className="text-link hover:underline">
              Scrapers
            </Link>
          </li>
          <li aria-hidden="true" className="text-fg-subtle">
            <ChevronRightIcon size={14} />
          </li>
          <li aria-current="page" className="truncate font-medium text-fg">
            {scraper.data?.name ?? (scraper.isLoading ? 'Loading…' : 'Not found')}
          </li>
        </ol>
      </nav>
      {body}
    </div>
  );
}

/** `/catalog/scrapers/:id` in the route table: the scraper of the address. */
export function ScraperDetailRoute() {
  const [, params] = useRoute<{ id: string }>('/catalog/scrapers/:id');
  return <ScraperDetailPage id={params?.id ?? ''} />;
}
