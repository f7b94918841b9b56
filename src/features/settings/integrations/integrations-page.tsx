/**
 * `/settings/integrations` (spec doc 3 §2.6): catalog scrapers, topologies and log backends as one
 * server-paged table; a row opens `/settings/integrations/{type}/{id}` (type scrapers, topologies
 * or logging_backends) with the tabs Spec (the resource's own editor; saving or deleting returns
 * to the list) and Job History; another type shows 'Unknown type'. The detail needs read and
 * write on integrations. Add Integration (writers on integrations) opens the full-size dialog.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useLocation, useRoute } from 'wouter';
import { useApiClient } from '../../../api/api-context';
import { errorMessage } from '../../../api/client';
import {
  INTEGRATION_PAGE_SIZE,
  INTEGRATION_PAGE_SIZES,
  INTEGRATION_SORT_COLUMNS,
  INTEGRATION_TABLES,
  integrationKeys,
  integrationQueries,
  integrationRouteType,
  isIntegrationRouteType,
  useIntegrations,
  type IntegrationRow,
  type IntegrationSortColumn,
} from '../../../api/integrations';
import { useSettingsResource } from '../../../api/settings-resources';
import { formatTimestamp } from '../../../lib/time';
import { enumCodec, numberCodec, param } from '../../../lib/url-state';
import { UnauthorizedMessage } from '../../../rbac/require-permission';
import { useCan } from '../../../rbac/use-can';
import { Avatar } from '../../../ui/avatar';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { DataTable, type ColumnDef } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { AlertCircleIcon, PlusIcon } from '../../../ui/icons';
import { usePageRefresh } from '../../../ui/page-refresh';
import { RelativeTime } from '../../../ui/relative-time';
import { Spinner } from '../../../ui/spinner';
import { Tabs } from '../../../ui/tabs';
import { useUrlState } from '../../../ui/use-url-state';
import { lazyComponent } from '../../../ui/lazy-component';
import { describeResource } from '../resources/resource-descriptions';
import type { DirectChoice } from './add-integration-dialog';
import { RowLink } from '../../../ui/row-link';

// The list's first load carries neither the dialogs nor the editor (YAML, schema) nor the job
// history of an integration's detail: each loads when it is first shown.
const AddIntegrationDialog = lazyComponent(() =>
  import('./add-integration-dialog').then((m) => m.AddIntegrationDialog),
);
const ResourceAddDialog = lazyComponent(() =>
  import('../resources/resource-add-dialog').then((m) => m.ResourceAddDialog),
);
const ResourceEditor = lazyComponent(() =>
  import('../resources/resource-editor').then((m) => m.ResourceEditor),
);
const JobHistoryTable = lazyComponent(() => import('../jobs').then((m) => m.JobHistoryTable));

export const INTEGRATIONS_PATH = '/settings/integrations';
export const UNKNOWN_TYPE = 'Unknown type';

const TYPE_LABELS: Record<string, string> = {
  scrapers: 'Catalog Scraper',
  topologies: 'Topology',
  logging_backends: 'Log Backend',
};

const STATUS_TONES: Record<string, BadgeTone> = {
  SUCCESS: 'healthy',
  WARNING: 'warning',
  RUNNING: 'warning',
  FAILED: 'unhealthy',
  STOPPED: 'unhealthy',
};

const listSchema = {
  pageIndex: param(numberCodec({ min: 0, integer: true }), 0),
  pageSize: param(numberCodec({ min: 1, max: 500, integer: true }), INTEGRATION_PAGE_SIZE),
  sortBy: param(enumCodec(INTEGRATION_SORT_COLUMNS), 'created_at' as IntegrationSortColumn),
  sortOrder: param(enumCodec(['asc', 'desc'] as const), 'desc' as 'asc' | 'desc'),
};

export function integrationHref(row: Pick<IntegrationRow, 'integration_type' | 'id'>): string {
  const type = integrationRouteType(row.integration_type) ?? row.integration_type;
  return `${INTEGRATIONS_PATH}/${encodeURIComponent(type)}/${encodeURIComponent(row.id)}`;
}

function columns(): ColumnDef<IntegrationRow>[] {
  const time = (
    id: IntegrationSortColumn,
    header: string,
    pick: (row: IntegrationRow) => string | null,
  ) => ({
    id,
    header,
    accessorFn: pick,
    enableSorting: true,
    size: 115,
    cell: ({ row }: { row: { original: IntegrationRow } }) => {
      const value = pick(row.original);
      return value ? (
        <span title={formatTimestamp(value)}>
          <RelativeTime className="text-fg-muted" value={value} />
        </span>
      ) : (
        <span className="text-fg-muted">-</span>
      );
    },
  });
  return [
    {
      id: 'name',
      header: 'Name',
      accessorFn: (row) => row.name,
      enableSorting: true,
      sortDescFirst: false,
      size: 210,
      cell: ({ row }) => (
        <RowLink
          href={integrationHref(row.original)}
          className="truncate rounded font-medium text-link hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          {row.original.name}
        </RowLink>
      ),
    },
    {
      id: 'integration_type',
      header: 'Type',
      accessorFn: (row) => row.integration_type,
      enableSorting: true,
      size: 130,
      cell: ({ row }) => {
        const type = integrationRouteType(row.original.integration_type);
        return (
          <span className="whitespace-nowrap">
            {type ? TYPE_LABELS[type] : row.original.integration_type}
          </span>
        );
      },
    },
    {
      id: 'source',
      header: 'Source',
      accessorFn: (row) => row.source,
      enableSorting: true,
      size: 120,
      cell: ({ row }) => <span className="text-fg-muted">{row.original.source || '-'}</span>,
    },
    {
      id: 'agent',
      header: 'Agent',
      size: 100,
      cell: ({ row }) => (
        <span className="whitespace-nowrap text-fg-muted">
          {row.original.agent?.name ?? 'local'}
        </span>
      ),
    },
    {
      id: 'job_status',
      header: 'Job Status',
      accessorFn: (row) => row.job_status,
      enableSorting: true,
      size: 110,
      cell: ({ row }) =>
        row.original.job_status ? (
          <Badge tone={STATUS_TONES[row.original.job_status] ?? 'unknown'}>
            {row.original.job_status}
          </Badge>
        ) : (
          <span className="text-fg-muted">-</span>
        ),
    },
    time('job_time_start', 'Last Run', (row) => row.job_time_start),
    {
      id: 'created_by',
      header: 'Created By',
      size: 150,
      cell: ({ row }) =>
        row.original.creator_name ? (
          <span className="inline-flex min-w-0 items-center gap-2">
            <Avatar name={row.original.creator_name} src={row.original.creator_avatar} size="sm" />
            <span className="truncate">{row.original.creator_name}</span>
          </span>
        ) : (
          <span className="text-fg-muted">-</span>
        ),
    },
    time('created_at', 'Created', (row) => row.created_at),
  ];
}

function IntegrationsList() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  // A sort or page change asks for its page at once, inside the event handler, instead of after
  // the page has drawn itself again under the new URL.
  const [state, setState] = useUrlState(listSchema, {
    readAhead: (next) => void queryClient.prefetchQuery(integrationQueries.list(client, next)),
  });
  const [, navigate] = useLocation();
  const canWrite = useCan('integrations', 'write');
  const list = useIntegrations(state);
  // The same columns on every render: rows whose data did not change are not drawn again.
  const tableColumns = useMemo(() => columns(), []);
  const [adding, setAdding] = useState(false);
  const [direct, setDirect] = useState<DirectChoice | undefined>();
  usePageRefresh(() => void list.refetch(), list.isFetching);

  if (list.isError && !list.data) {
    return (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Integrations could not be loaded"
        description={errorMessage(list.error)}
        actions={
          <Button variant="primary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  const total = list.data?.total;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted" aria-live="polite">
          {list.isPending
            ? 'Loading integrations…'
            : total !== undefined
              ? `${total} ${total === 1 ? 'integration' : 'integrations'}`
              : null}
        </p>
        {canWrite ? (
          <Button variant="primary" icon={<PlusIcon size={16} />} onClick={() => setAdding(true)}>
            Add Integration
          </Button>
        ) : null}
      </div>
      <DataTable<IntegrationRow>
        label="Integrations"
        data={list.data?.rows ?? []}
        columns={tableColumns}
        getRowId={(row) => `${row.integration_type}:${row.id}`}
        isLoading={list.isPending}
        sorting={[{ id: state.sortBy, desc: state.sortOrder === 'desc' }]}
        onSortingChange={(next) => {
          const first = next[0];
          setState({
            sortBy: (first?.id as IntegrationSortColumn | undefined) ?? 'created_at',
            sortOrder: first ? (first.desc ? 'desc' : 'asc') : 'desc',
            pageIndex: 0,
          });
        }}
        onRowClick={(row) => navigate(integrationHref(row.original))}
        rowClassName={() => 'cursor-pointer'}
        serverPagination={{
          pageIndex: state.pageIndex,
          pageSize: state.pageSize,
          total,
          pageSizes: INTEGRATION_PAGE_SIZES,
          onPageChange: (pageIndex) => setState({ pageIndex: Math.max(0, pageIndex) }),
          onPageSizeChange: (pageSize) => setState({ pageSize, pageIndex: 0 }),
        }}
      />
      {adding ? (
        <AddIntegrationDialog
          onClose={() => setAdding(false)}
          onDirect={(choice) => {
            setAdding(false);
            setDirect(choice);
          }}
        />
      ) : null}
      {direct ? (
        <ResourceAddDialog
          description={describeResource(direct)}
          onClose={() => setDirect(undefined)}
          onCreated={() => {
            setDirect(undefined);
            void queryClient.invalidateQueries({ queryKey: integrationKeys.all(client.baseUrl) });
          }}
        />
      ) : null}
    </div>
  );
}

const detailSchema = {
  tab: param(enumCodec(['spec', 'jobHistory'] as const), 'spec' as 'spec' | 'jobHistory'),
};

function IntegrationDetail({ type, id }: { type: string; id: string }) {
  const known = isIntegrationRouteType(type);
  const table = known ? INTEGRATION_TABLES[type] : 'topologies';
  const resource = useSettingsResource(table, known ? id : undefined);
  const [state, setState] = useUrlState(detailSchema);
  const [, navigate] = useLocation();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const backToList = () => {
    void queryClient.invalidateQueries({ queryKey: integrationKeys.all(client.baseUrl) });
    navigate(INTEGRATIONS_PATH);
  };
  if (!known) {
    return (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title={UNKNOWN_TYPE}
        actions={
          <Button variant="primary" onClick={() => navigate(INTEGRATIONS_PATH)}>
            Back to Integrations
          </Button>
        }
      />
    );
  }
  const description = describeResource(table);
  if (resource.isError && !resource.data) {
    return (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Something went wrong"
        description={errorMessage(resource.error)}
      />
    );
  }
  if (resource.isPending) {
    return (
      <div className="flex h-48 items-center justify-center">
        <Spinner label="Loading integration" />
      </div>
    );
  }
  if (!resource.data) {
    return <EmptyState icon={<AlertCircleIcon size={22} />} title="No resources found" />;
  }
  const row = resource.data;
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label="Breadcrumb" className="text-sm text-fg-muted">
        <Link href={INTEGRATIONS_PATH} className="text-link hover:underline">
          Integrations
        </Link>
        <span aria-hidden="true"> / </span>
        <span className="text-fg">{String(row.name ?? id)}</span>
      </nav>
      <Tabs
        label="Integration"
        items={[
          { id: 'spec', label: 'Spec' },
          { id: 'jobHistory', label: 'Job History' },
        ]}
        selectedId={state.tab}
        onChange={(tab) => setState({ tab: tab as 'spec' | 'jobHistory' })}
      >
        <div className="pt-4">
          {state.tab === 'jobHistory' ? (
            <JobHistoryTable resourceId={id} resourceType={table} />
          ) : (
            <div className="rounded-lg border border-border bg-surface p-4">
              <ResourceEditor
                key={`${id}-${String(row.updated_at ?? '')}`}
                description={description}
                row={row}
                onSaved={backToList}
                onDeleted={backToList}
              />
            </div>
          )}
        </div>
      </Tabs>
    </div>
  );
}

export function IntegrationsPage() {
  const [match, params] = useRoute<{ type: string; id: string }>(`${INTEGRATIONS_PATH}/:type/:id`);
  const canWrite = useCan('integrations', 'write');
  if (match && params) {
    // "Detail requires read and write on integrations."
    if (!canWrite) return <UnauthorizedMessage />;
    return (
      <IntegrationDetail
        type={decodeURIComponent(params.type)}
        id={decodeURIComponent(params.id)}
      />
    );
  }
  return <IntegrationsList />;
}
