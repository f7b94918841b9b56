/**
 * /incidents/{id} (spec doc 2 §2): the incident workspace. A breadcrumb back to Incidents; the
 * header with the title, display id, severity / status / type badges, the status selector and
 * Close / Reopen; the strip of topology cards the evidence links; the tabs Comments and Action
 * Plan (`tab` in the URL; `comments=true` expands every hypothesis, with Expand All / Collapse
 * All); the side panel Details, Definition of done, Changelog. A skeleton while loading,
 * 'Incident not found' when there is none (a malformed id is never requested).
 * The workspace asks again every 2 s while visible, so another user's change shows within 2 s;
 * forms keep their own state, so a refresh never loses what the user types.
 */
import { useQuery } from '@tanstack/react-query';
import { memo, useMemo } from 'react';
import { Link, useRoute } from 'wouter';
import { useApiClient } from '../../../api/api-context';
import { isUuid } from '../../../lib/uuid';
import { errorMessage } from '../../../api/client';
import { incidentDetailQueries } from '../../../api/incident-detail';
import type { IncidentDetail } from '../../../api/incident-model';
import {
  IncidentSeverityBadge,
  IncidentStatusBadge,
  IncidentTypeBadge,
} from '../../../entities/incident/incident-badges';
import { booleanCodec, enumCodec, param } from '../../../lib/url-state';
import { useCan } from '../../../rbac/use-can';
import { Button } from '../../../ui/button';
import { Breadcrumb } from '../../../ui/breadcrumb';
import { EmptyState } from '../../../ui/empty-state';
import { AlertCircleIcon, IncidentIcon } from '../../../ui/icons';
import { Tabs } from '../../../ui/tabs';
import { useUrlState } from '../../../ui/use-url-state';
import { ActionPlan } from '../hypotheses/action-plan';
import { IncidentSidePanel } from './incident-side-panel';
import { IncidentStatusControl } from './incident-status-control';
import { LinkedComponentsStrip } from './linked-components-strip';
import { workspacePaths } from './workspace-paths';
import { TEXTS, linkedComponentIds } from './workspace-model';
import { lazyComponent } from '../../../ui/lazy-component';

// The Comments tab (with its composer and @mentions) loads when chosen: the action plan is first.
const IncidentComments = lazyComponent(() =>
  import('../hypotheses/incident-comments').then((module) => module.IncidentComments),
);

const WORKSPACE_TABS = ['comments', 'action-plan'] as const;
type WorkspaceTab = (typeof WORKSPACE_TABS)[number];

const WORKSPACE_PARAMS = {
  tab: param<WorkspaceTab>(enumCodec(WORKSPACE_TABS), 'comments'),
  comments: param(booleanCodec, false),
};

const NO_IDS: readonly string[] = [];

const TAB_ITEMS = [
  { id: 'comments', label: 'Comments' },
  { id: 'action-plan', label: 'Action Plan' },
] as const;

function NotFound() {
  return (
    <EmptyState
      icon={<IncidentIcon size={22} />}
      title={TEXTS.notFound}
      headingLevel={1}
      description={
        <Link href={workspacePaths.incidents()} className="text-link hover:underline">
          Back to the incidents
        </Link>
      }
    />
  );
}

/** The page's outline while the incident loads: header, tabs, side panel. */
function WorkspaceSkeleton() {
  const block = 'animate-pulse rounded-md bg-surface-sunken';
  return (
    <div role="status" aria-label="Loading incident" className="flex flex-col gap-4">
      <div className={`${block} h-4 w-40`} />
      <div className="flex flex-col gap-2">
        <div className={`${block} h-7 w-2/3 max-w-xl`} />
        <div className="flex gap-2">
          <div className={`${block} h-5 w-16 rounded-full`} />
          <div className={`${block} h-5 w-20 rounded-full`} />
          <div className={`${block} h-5 w-24 rounded-full`} />
        </div>
      </div>
      <div className="flex flex-col gap-4 lg:flex-row">
        <div className="flex flex-1 flex-col gap-3">
          <div className={`${block} h-9 w-64`} />
          <div className={`${block} h-40 w-full`} />
          <div className={`${block} h-24 w-full`} />
        </div>
        <div className={`${block} h-96 w-full lg:w-96`} />
      </div>
    </div>
  );
}

const Header = memo(function Header({
  incident,
  canWrite,
}: {
  incident: IncidentDetail;
  canWrite: boolean;
}) {
  return (
    <header
      data-incident-header
      className="flex flex-col gap-3 xl:flex-row xl:items-start xl:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1">
          <h1 className="min-w-0 text-xl font-semibold break-words text-fg">
            {incident.title || TEXTS.noTitle}
          </h1>
          {incident.incident_id ? (
            <span className="font-mono text-sm text-fg-muted">{incident.incident_id}</span>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <IncidentSeverityBadge severity={incident.severity} />
          <IncidentStatusBadge status={incident.status} />
          <IncidentTypeBadge type={incident.type} />
        </div>
        {incident.description ? (
          <p className="max-w-3xl text-sm whitespace-pre-line text-fg-muted">
            {incident.description}
          </p>
        ) : null}
      </div>
      <IncidentStatusControl incident={incident} canWrite={canWrite} />
    </header>
  );
});

function Workspace({ id }: { id: string }) {
  const client = useApiClient();
  const query = useQuery(incidentDetailQueries.detail(client, id));
  const [params, setParams] = useUrlState(WORKSPACE_PARAMS);
  const canWriteIncident = useCan('incident', 'write');
  const canWriteResponders = useCan('responder', 'write');
  const canWriteEvidence = useCan('evidences', 'write');
  // The page re-renders on each URL change (tab, Expand All): what is derived from the 500
  // evidences of a large incident is worked out once per read, and the parts that only depend
  // on the incident (header, strip, side panel) are memoised.
  const componentIds = useMemo(
    () => (query.data ? linkedComponentIds(query.data) : NO_IDS),
    [query.data],
  );

  if (query.isPending) return <WorkspaceSkeleton />;
  if (query.isError && !query.data) {
    return (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Something went wrong"
        headingLevel={1}
        description={errorMessage(query.error)}
      />
    );
  }
  const incident = query.data;
  if (!incident) return <NotFound />;

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <Breadcrumb
        items={[
          { key: 'incidents', label: 'Incidents', href: workspacePaths.incidents() },
          { key: 'current', label: incident.incident_id || incident.title || incident.id },
        ]}
      />
      <Header incident={incident} canWrite={canWriteIncident} />
      <div className="flex min-w-0 flex-col gap-4 lg:flex-row lg:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <LinkedComponentsStrip ids={componentIds} />
          <div className="relative">
            <Tabs
              label="Incident sections"
              items={TAB_ITEMS}
              selectedId={params.tab}
              onChange={(tab) => setParams({ tab: tab as WorkspaceTab })}
            >
              <div className="pt-3">
                {params.tab === 'action-plan' ? (
                  <ActionPlan incident={incident} expandAll={params.comments} />
                ) : (
                  <IncidentComments incident={incident} />
                )}
              </div>
            </Tabs>
            {params.tab === 'action-plan' ? (
              <Button
                size="sm"
                variant="ghost"
                className="absolute top-0.5 right-0"
                aria-pressed={params.comments}
                onClick={() => setParams({ comments: !params.comments })}
              >
                {params.comments ? 'Collapse All' : 'Expand All'}
              </Button>
            ) : null}
          </div>
        </div>
        <aside
          aria-label="Incident details"
          className="w-full shrink-0 overflow-hidden rounded-lg border border-border bg-surface lg:w-96"
        >
          <IncidentSidePanel
            incident={incident}
            canWriteIncident={canWriteIncident}
            canWriteResponders={canWriteResponders}
            canWriteEvidence={canWriteEvidence}
          />
        </aside>
      </div>
    </div>
  );
}

export function IncidentWorkspacePage({ id }: { id: string }) {
  if (!isUuid(id)) return <NotFound />;
  return <Workspace key={id} id={id} />;
}

/** The workspace as the route table's page for `/incidents/:id`: the id from the address. */
export function IncidentWorkspaceRoute() {
  const [, params] = useRoute<{ id: string }>('/incidents/:id');
  return <IncidentWorkspacePage id={params?.id ?? ''} />;
}
