/**
 * /incidents (spec doc 2 §2 "Incidents"): the filters (Type, Severity, Status default open,
 * Owner, Component, 'Search for incident') and the table's sort and page in the URL, so a shared
 * link restores the view; the paged incident table with its CSV export; and, for users who may
 * write incidents, the 'Create New Incident' dialog, which opens the new incident when saved.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useApiClient } from '../../../api/api-context';
import { errorMessage } from '../../../api/client';
import { incidentListQueries, listIncidents } from '../../../api/incident-list';
import { workspacePaths } from '../detail/workspace-paths';
import { collectPages } from '../../../lib/paging';
import { useCan } from '../../../rbac/use-can';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { AlertCircleIcon, PlusIcon } from '../../../ui/icons';
import { lazyComponent } from '../../../ui/lazy-component';
import { usePageRefresh } from '../../../ui/page-refresh';
import { useUrlState } from '../../../ui/use-url-state';
import { IncidentFilters } from './incident-filters';
import {
  CLEARED_INCIDENT_FILTERS,
  incidentListParams,
  incidentListUrlSchema,
  type IncidentListUrlValues,
} from './incident-list-params';
import { IncidentTable } from './incident-table';

// 'Create Incident' loads its dialog when chosen.
const CreateIncidentDialog = lazyComponent(() =>
  import('../../../entities/incident/create-incident-dialog').then((m) => m.CreateIncidentDialog),
);

/** Rows exported at most (all pages of a filter; the export says when it stopped). */
const EXPORT_MAX_ROWS = 100_000;

export const CREATE_INCIDENT_LABEL = 'Create New Incident';

function countText(total: number | undefined, isPending: boolean): string | null {
  if (isPending) return 'Loading incidents…';
  if (total === undefined) return null;
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'incident' : 'incidents'}`;
}

export function IncidentListPage() {
  const client = useApiClient();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  // A filter, sort or page change asks for its page at once, inside the event handler (the query
  // would otherwise start only after the page re-renders under the new URL); a search paused in
  // typing does too, before its debounce ends.
  const readAhead = (next: IncidentListUrlValues) => {
    void queryClient.prefetchQuery(incidentListQueries.page(client, incidentListParams(next)));
  };
  const [values, setValues, preview] = useUrlState(incidentListUrlSchema, { readAhead });
  const canWrite = useCan('incident', 'write');
  const [creating, setCreating] = useState(false);
  const params = incidentListParams(values);
  const list = useQuery(incidentListQueries.page(client, params));
  const change = (patch: Partial<IncidentListUrlValues>) => setValues(patch);
  usePageRefresh(() => void list.refetch(), list.isFetching);
  const total = list.data?.total;

  // A page past the end (a stale link or a narrower filter): go to the last page.
  useEffect(() => {
    if (total === undefined || list.isPlaceholderData) return;
    const last = Math.max(0, Math.ceil(total / values.pageSize) - 1);
    if (values.pageIndex > last) setValues({ pageIndex: last });
  }, [total, values.pageIndex, values.pageSize, list.isPlaceholderData, setValues]);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex min-h-9 flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted" aria-live="polite">
          {list.isError && !list.data ? null : countText(total, list.isPending)}
        </p>
        {canWrite ? (
          <Button variant="primary" icon={<PlusIcon size={16} />} onClick={() => setCreating(true)}>
            {CREATE_INCIDENT_LABEL}
          </Button>
        ) : null}
      </div>
      <IncidentFilters
        values={values}
        onChange={change}
        onPreview={preview}
        onClear={() => change(CLEARED_INCIDENT_FILTERS)}
      />
      {list.isError && !list.data ? (
        <EmptyState
          icon={<AlertCircleIcon size={22} />}
          title="Incidents could not be loaded"
          description={errorMessage(list.error) || 'Something went wrong'}
          actions={
            <Button variant="primary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <IncidentTable
          rows={list.data?.rows ?? []}
          total={total}
          isLoading={list.isPending}
          isPlaceholder={list.isPlaceholderData}
          sortBy={values.sortBy}
          sortOrder={values.sortOrder}
          pageIndex={values.pageIndex}
          pageSize={values.pageSize}
          onChange={change}
          onOpen={(id) => navigate(workspacePaths.incident(id))}
          csvExport={{
            fileName: 'incidents',
            getRows: () =>
              collectPages(
                (pageIndex, pageSize) => listIncidents(client, { ...params, pageIndex, pageSize }),
                { pageSize: 1000, maxRows: EXPORT_MAX_ROWS },
              ),
          }}
        />
      )}
      {creating && canWrite ? (
        <CreateIncidentDialog
          onClose={() => setCreating(false)}
          onCreated={(incident) => {
            setCreating(false);
            navigate(workspacePaths.incident(incident.id));
          }}
        />
      ) : null}
    </div>
  );
}
