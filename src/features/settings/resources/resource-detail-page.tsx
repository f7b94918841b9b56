/**
 * /settings/{table}/{id} (spec doc 3 §2.1): the breadcrumb, a loading state, an error panel, 'No
 * resources found' for an unknown id, and the tabs of the table (Spec, Members for teams, Job
 * History) with the tab in the URL. Updating or deleting returns to the list.
 */
import { useLocation } from 'wouter';
import { SETTINGS_TABLES } from '../../../api/settings-resources';
import { errorMessage } from '../../../api/client';
import { useSettingsResource } from '../../../api/settings-resources';
import { enumCodec, param } from '../../../lib/url-state';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { AlertCircleIcon } from '../../../ui/icons';
import { usePageRefresh } from '../../../ui/page-refresh';
import { Spinner } from '../../../ui/spinner';
import { Tabs } from '../../../ui/tabs';
import { useUrlState } from '../../../ui/use-url-state';
import { lazyComponent } from '../../../ui/lazy-component';
import {
  describeResource,
  TAB_LABELS,
  type ResourceDescription,
  type ResourceTab,
} from './resource-descriptions';
import { SettingsBreadcrumb } from './settings-breadcrumb';

const TABS = ['spec', 'manageTeam', 'jobHistory'] as const;
const detailSchema = { tab: param(enumCodec(TABS), 'spec' as ResourceTab) };

// Each tab's code loads when the tab is shown: the editor brings the YAML package, the job
// history the data table; the page's first paint waits for neither (issue 18).
const tabFallback = (
  <div className="flex justify-center py-8">
    <Spinner label="Loading" />
  </div>
);
const ResourceEditor = lazyComponent(
  () => import('./resource-editor').then((module) => module.ResourceEditor),
  { fallback: tabFallback },
);
const JobHistoryTable = lazyComponent(
  () => import('../jobs/job-history-table').then((module) => module.JobHistoryTable),
  { fallback: tabFallback },
);
const TeamMembersTab = lazyComponent(
  () => import('./team-members-tab').then((module) => module.TeamMembersTab),
  { fallback: tabFallback },
);

export function ResourceDetailPage({
  description,
  id,
}: {
  description: ResourceDescription;
  id: string;
}) {
  const [, navigate] = useLocation();
  const [state, setState] = useUrlState(detailSchema);
  const resource = useSettingsResource(description.table, id);
  usePageRefresh(() => void resource.refetch(), resource.isFetching);
  const tab: ResourceTab = description.tabs.includes(state.tab) ? state.tab : 'spec';
  const backToList = () => navigate(description.path);

  let body;
  if (resource.isError && !resource.data) {
    body = (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Something went wrong"
        description={errorMessage(resource.error)}
        actions={
          <Button variant="primary" onClick={() => void resource.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (resource.isPending) {
    body = (
      <div className="flex h-48 items-center justify-center">
        <Spinner label={`Loading ${description.name.toLowerCase()}`} />
      </div>
    );
  } else if (!resource.data) {
    body = (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="No resources found"
        description={`There is no ${description.name.toLowerCase()} with this id; it may have been deleted.`}
        actions={
          <Button variant="primary" onClick={backToList}>
            {`Back to ${description.title}`}
          </Button>
        }
      />
    );
  } else {
    const row = resource.data;
    const panel =
      tab === 'jobHistory' ? (
        <JobHistoryTable resourceId={String(row.id)} resourceType={description.jobResourceType} />
      ) : tab === 'manageTeam' ? (
        <TeamMembersTab teamId={String(row.id)} />
      ) : (
        <div className="rounded-lg border border-border bg-surface p-4">
          <ResourceEditor
            key={`${String(row.id ?? row.name)}-${row.updated_at ?? ''}`}
            description={description}
            row={row}
            onSaved={backToList}
            onDeleted={backToList}
          />
        </div>
      );
    body =
      description.tabs.length > 1 ? (
        <Tabs
          label={description.name}
          items={description.tabs.map((item) => ({ id: item, label: TAB_LABELS[item] }))}
          selectedId={tab}
          onChange={(next) => setState({ tab: next as ResourceTab })}
        >
          <div className="pt-4">{panel}</div>
        </Tabs>
      ) : (
        panel
      );
  }

  return (
    <div className="flex flex-col gap-4">
      <SettingsBreadcrumb
        items={[
          { key: 'list', label: description.title, href: description.path },
          {
            key: 'item',
            label: resource.data?.name ?? (resource.isPending ? 'Loading…' : 'Not found'),
          },
        ]}
      />
      {body}
    </div>
  );
}

const DESCRIPTIONS = SETTINGS_TABLES.map(describeResource);

/** A path segment as the key it encodes (a malformed escape is taken as typed). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * `/settings/{table}/{id}` in the route table: the resource of the address, in its table's
 * description (spec doc 3 §2.1).
 */
export function ResourceDetailRoute() {
  const [location] = useLocation();
  const description = DESCRIPTIONS.find((item) => location.startsWith(`${item.path}/`));
  const segment = description ? location.slice(description.path.length + 1) : '';
  if (!description || segment === '' || segment.includes('/')) {
    return <EmptyState title="Unknown type" />;
  }
  const id = decodeSegment(segment);
  return (
    <ResourceDetailPage key={`${description.table}-${id}`} description={description} id={id} />
  );
}
