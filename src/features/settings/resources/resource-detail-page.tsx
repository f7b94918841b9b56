/**
 * /settings/{table}/{id} (spec doc 3 §2.1): the breadcrumb, a loading state, an error panel, 'No
 * resources found' for an unknown id, and the tabs of the table (Spec, Members for teams, Job
 * History) with the tab in the URL. Updating or deleting returns to the list.
 */
import { useLocation } from 'wouter';
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
import { JobHistoryTable } from '../jobs';
import { TAB_LABELS, type ResourceDescription, type ResourceTab } from './resource-descriptions';
import { ResourceEditor } from './resource-editor';
import { SettingsBreadcrumb } from './settings-breadcrumb';
import { TeamMembersTab } from './team-members-tab';

const TABS = ['spec', 'manageTeam', 'jobHistory'] as const;
const detailSchema = { tab: param(enumCodec(TABS), 'spec' as ResourceTab) };

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
