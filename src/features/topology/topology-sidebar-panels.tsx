/**
 * The bodies of the topology sidebar's panels (spec doc 2 §2, §9; postgrest.md §8.4). Each reads
 * its own data when its panel opens. Properties: 6 before 'show more ...', then at most 200 px
 * high and scrolled; a percentage above 70 % of the maximum is red. Playbook runs and insights
 * come 50 at a time, the next page loaded within 300 px of the list's end.
 */
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';
import { useState, type ReactNode, type UIEvent } from 'react';
import { DetailRow, KeyValueChips } from '../../ui/detail-list';
import { Link } from 'wouter';
import { useApiClient } from '../../api/api-context';
import type { Page } from '../../api/catalog';
import { errorMessage } from '../../api/client';
import { incidentQueries } from '../../api/incidents';
import { topologyKeys, type TopologyComponent } from '../../api/topology';
import {
  MANUAL_SELECTOR,
  topologySidebarKeys,
  topologySidebarQueries,
  unlinkComponentFromConfig,
  type ComponentConfigLink,
} from '../../api/topology-sidebar';
import { IncidentList } from '../../entities/incident-summary/incident-list';
import {
  formatIncidentType,
  IncidentSeverityBadge,
} from '../../entities/incident-summary/incident-list';
import {
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  severityBucket,
  summarizeIncidents,
} from '../../entities/incident-summary/summarize-incidents';
import { ComponentIcon } from '../../entities/topology-card/component-icon';
import {
  formatCurrency,
  formatPropertyValue,
  isPropertyAlert,
  propertyHref,
  propertyLabel,
  propertyPercent,
} from '../../entities/topology-card/topology-card-format';
import { cx } from '../../lib/class-names';
import { useCan } from '../../rbac/use-can';
import { CloseIcon, ExternalLinkIcon } from '../../ui/icons';
import { RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import { StatusIcon } from '../../ui/status-icon';
import { toast } from '../../ui/toast';

/** "Sidebar properties show 6 items … before 'show more ...', maximum height 200 px". */
export const SIDEBAR_PROPERTIES_SHOWN = 6;
/** "next page loaded within 300 px of the bottom". */
export const NEXT_PAGE_DISTANCE_PX = 300;
export const UNLINK_SUCCESS_TEXT = 'Deleted config link successfully';
/** Insight messages are cut at 500 characters (spec doc 2 §9). */
const INSIGHT_MESSAGE_MAX = 500;

type Props = { component: TopologyComponent };

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-3">
      <Spinner label={label} />
    </div>
  );
}

function Failure({ error }: { error: unknown }) {
  return (
    <p role="alert" className="text-sm text-unhealthy">
      {errorMessage(error)}
    </p>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-fg-muted">{children}</p>;
}

/** The rows of a list panel, separated by lines. */
function Rows({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="-mx-1 flex flex-col divide-y divide-border">
      {children}
    </ul>
  );
}

const rowClass = 'flex min-w-0 items-center gap-2 px-1 py-1.5 text-sm';
const linkClass = 'min-w-0 truncate text-link underline-offset-2 hover:underline';

// ---- Details ----

function Properties({ component }: Props) {
  const [expanded, setExpanded] = useState(false);
  const properties = (component.properties ?? []).filter(
    (property) =>
      (property.type ?? '').toLowerCase() !== 'hidden' &&
      (typeof property.value === 'number' || (property.text ?? '') !== ''),
  );
  if (properties.length === 0) return null;
  const shown = expanded ? properties : properties.slice(0, SIDEBAR_PROPERTIES_SHOWN);
  return (
    <div className="flex flex-col gap-1.5">
      <h4 className="text-xs font-semibold tracking-wide text-fg-muted uppercase">Properties</h4>
      <dl
        aria-label="Properties"
        className={cx('flex flex-col gap-1.5', expanded && 'max-h-[200px] overflow-y-auto pr-1')}
      >
        {shown.map((property, index) => {
          const href = propertyHref(property);
          const value = formatPropertyValue(property);
          const percent = propertyPercent(property);
          const alert = isPropertyAlert(percent);
          return (
            <DetailRow key={`${property.name ?? ''}-${index}`} label={propertyLabel(property)}>
              <span
                data-property={property.name}
                data-alert={alert ? 'true' : undefined}
                className={cx('tabular-nums', alert && 'font-semibold text-unhealthy')}
              >
                {href ? (
                  <a
                    href={href}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="inline-flex items-center gap-1 text-link hover:underline"
                  >
                    {value}
                    <ExternalLinkIcon size={12} />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                ) : (
                  value
                )}
                {percent !== undefined ? ` (${Math.round(percent)}%)` : null}
                {alert ? <span className="sr-only"> above 70% of the maximum</span> : null}
              </span>
            </DetailRow>
          );
        })}
      </dl>
      {properties.length > SIDEBAR_PROPERTIES_SHOWN ? (
        <button
          type="button"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
          className="self-start text-sm text-link hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        >
          {expanded ? 'show less' : 'show more ...'}
        </button>
      ) : null}
    </div>
  );
}

export function DetailsPanel({ component }: Props) {
  const costs = [
    ['1d', component.cost_total_1d],
    ['7d', component.cost_total_7d],
    ['30d', component.cost_total_30d],
  ] as const;
  const hasCost = costs.some(([, value]) => typeof value === 'number' && value > 0);
  return (
    <div className="flex flex-col gap-3">
      <dl className="flex flex-col gap-1.5">
        {component.status_reason ? (
          <DetailRow label="Reason">{component.status_reason}</DetailRow>
        ) : null}
        {component.description ? (
          <DetailRow label="Description">{component.description}</DetailRow>
        ) : null}
        {component.namespace ? (
          <DetailRow label="Namespace">{component.namespace}</DetailRow>
        ) : null}
        {component.external_id ? (
          <DetailRow label="External ID">
            <span className="font-mono text-xs">{component.external_id}</span>
          </DetailRow>
        ) : null}
        {component.owner ? <DetailRow label="Owner">{component.owner}</DetailRow> : null}
        {component.team_names && component.team_names.length > 0 ? (
          <DetailRow label="Teams">{component.team_names.join(', ')}</DetailRow>
        ) : null}
        {component.lifecycle ? (
          <DetailRow label="Lifecycle">{component.lifecycle}</DetailRow>
        ) : null}
        <DetailRow label="Labels">
          <KeyValueChips values={component.labels} />
        </DetailRow>
        <DetailRow label="Created">
          <RelativeTime value={component.created_at} />
        </DetailRow>
        <DetailRow label="Updated">
          <RelativeTime value={component.updated_at} />
        </DetailRow>
        {hasCost ? (
          <DetailRow label="Cost">
            <span className="flex flex-wrap gap-x-3 tabular-nums">
              {costs.map(([window, value]) =>
                typeof value === 'number' ? (
                  <span key={window}>
                    <span className="text-fg-muted">{window} </span>
                    {formatCurrency(value)}
                  </span>
                ) : null,
              )}
            </span>
          </DetailRow>
        ) : null}
      </dl>
      <Properties component={component} />
    </div>
  );
}

// ---- Catalog ----

function CatalogLinkRow({
  link,
  component,
}: {
  link: ComponentConfigLink;
  component: Props['component'];
}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const canWrite = useCan('database', 'write');
  const config = link.configs;
  const manual = link.selector_id === MANUAL_SELECTOR;
  const unlink = useMutation({
    mutationFn: () =>
      unlinkComponentFromConfig(client, { componentId: component.id, configId: link.config_id }),
    onSuccess: async () => {
      toast.success(UNLINK_SUCCESS_TEXT);
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: topologySidebarKeys.component(client.baseUrl, component.id),
        }),
        queryClient.invalidateQueries({ queryKey: topologyKeys.all(client.baseUrl) }),
      ]);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (!config) return null;
  return (
    <li className={rowClass} data-config-id={config.id} data-selector={link.selector_id ?? ''}>
      <ComponentIcon icon={config.type ?? ''} size={16} className="shrink-0 text-fg-muted" />
      <Link href={`/catalog/${encodeURIComponent(config.id)}`} className={cx(linkClass, 'flex-1')}>
        {config.name}
      </Link>
      <span className="shrink-0 text-xs text-fg-muted">{config.config_class ?? config.type}</span>
      {manual && canWrite ? (
        <button
          type="button"
          onClick={() => unlink.mutate()}
          disabled={unlink.isPending}
          aria-label={`Unlink ${config.name}`}
          title="Unlink (a manual link)"
          className="inline-flex size-6 shrink-0 items-center justify-center rounded text-fg-muted hover:bg-surface-hover hover:text-unhealthy focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50"
        >
          <CloseIcon size={14} />
        </button>
      ) : null}
    </li>
  );
}

export function CatalogPanel({ component }: Props) {
  const client = useApiClient();
  const query = useQuery(topologySidebarQueries.configs(client, component.id));
  if (query.isPending) return <Loading label="Loading catalog links" />;
  if (query.isError) return <Failure error={query.error} />;
  if (query.data.length === 0) return <Empty>No catalog items are linked to this component.</Empty>;
  return (
    <Rows label="Linked catalog items">
      {query.data.map((link) => (
        <CatalogLinkRow key={link.config_id} link={link} component={component} />
      ))}
    </Rows>
  );
}

// ---- Incidents ----

const selectClass =
  'h-8 rounded-md border border-border bg-surface px-2 text-sm text-fg shadow-sm hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary';

export function IncidentsPanel({ component }: Props) {
  const client = useApiClient();
  // "The incidents panel defaults to status open and type all".
  const [status, setStatus] = useState('open');
  const [type, setType] = useState('all');
  const query = useQuery(
    incidentQueries.subject(client, { kind: 'component', id: component.id }, { status, type }),
  );
  const summary = summarizeIncidents(query.data ?? []);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        <label className="flex items-center gap-2 text-sm text-fg-muted">
          Status
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            className={selectClass}
          >
            <option value="all">All</option>
            {INCIDENT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {formatIncidentType(value)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm text-fg-muted">
          Type
          <select value={type} onChange={(e) => setType(e.target.value)} className={selectClass}>
            <option value="all">All</option>
            {INCIDENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {formatIncidentType(value)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {query.isPending ? (
        <Loading label="Loading incidents" />
      ) : query.isError ? (
        <Failure error={query.error} />
      ) : summary.total === 0 ? (
        <Empty>There are no incidents matching this criteria</Empty>
      ) : (
        <IncidentList
          incidents={summary.incidents}
          label="Incidents"
          linkFor={(id) => `/incidents/${encodeURIComponent(id)}`}
        />
      )}
    </div>
  );
}

// ---- Changes ----

export function ChangesPanel({ component }: Props) {
  const client = useApiClient();
  const query = useQuery(topologySidebarQueries.changes(client, component.id));
  if (query.isPending) return <Loading label="Loading changes" />;
  if (query.isError) return <Failure error={query.error} />;
  if (query.data.length === 0) return <Empty>No changes of the linked catalog items.</Empty>;
  return (
    <Rows label="Changes">
      {query.data.map((change) => {
        const config = change.config;
        return (
          <li key={change.id} className={cx(rowClass, 'items-start')} data-change-id={change.id}>
            <ComponentIcon
              icon={config?.type ?? change.type ?? ''}
              size={16}
              className="mt-0.5 shrink-0 text-fg-muted"
            />
            <div className="flex min-w-0 flex-1 flex-col">
              <Link
                href={`/catalog/${encodeURIComponent(change.config_id)}/changes`}
                className={linkClass}
              >
                {change.change_type ?? 'Change'}
              </Link>
              <span className="truncate text-xs text-fg-muted">
                {config?.name ?? change.name}
                {change.severity ? ` · ${change.severity}` : ''}
              </span>
            </div>
            <RelativeTime
              value={change.change_created_at}
              compact
              className="text-xs text-fg-muted"
            />
          </li>
        );
      })}
    </Rows>
  );
}

// ---- Checks ----

export function ChecksPanel({ component }: Props) {
  const client = useApiClient();
  const query = useQuery(topologySidebarQueries.checks(client, component.id));
  if (query.isPending) return <Loading label="Loading checks" />;
  if (query.isError) return <Failure error={query.error} />;
  if (query.data.length === 0) return <Empty>No checks are linked to this component.</Empty>;
  return (
    <Rows label="Checks">
      {query.data.map((check) => (
        <li key={check.id} className={rowClass} data-check-id={check.id}>
          <StatusIcon status={check.status ?? 'unknown'} label={check.status ?? 'unknown'} />
          <Link
            href={`/health?checkId=${encodeURIComponent(check.id)}`}
            className={cx(linkClass, 'flex-1')}
          >
            {check.name}
          </Link>
          {check.type ? <span className="shrink-0 text-xs text-fg-muted">{check.type}</span> : null}
        </li>
      ))}
    </Rows>
  );
}

// ---- paged panels ----

function PagedList<T>({
  query,
  label,
  empty,
  render,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>, unknown>>;
  label: string;
  empty: string;
  render: (row: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label={`Loading ${label.toLowerCase()}`} />;
  if (query.isError) return <Failure error={query.error} />;
  const rows = query.data.pages.flatMap((page) => page.rows);
  if (rows.length === 0) return <Empty>{empty}</Empty>;
  const total = query.data.pages[0]?.total;
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (distance <= NEXT_PAGE_DISTANCE_PX && query.hasNextPage && !query.isFetchingNextPage) {
      void query.fetchNextPage();
    }
  };
  return (
    <div className="flex flex-col gap-2">
      {/* Every row holds a link, so keyboard users scroll the list by tabbing through it. */}
      <div className="max-h-96 overflow-y-auto" onScroll={onScroll}>
        <Rows label={label}>{rows.map(render)}</Rows>
      </div>
      <p className="text-xs text-fg-muted">
        {total !== undefined ? `${rows.length} of ${total}` : `${rows.length}`}
        {query.isFetchingNextPage ? ' · loading more…' : ''}
      </p>
    </div>
  );
}

export function PlaybooksPanel({ component }: Props) {
  const client = useApiClient();
  const query = useInfiniteQuery(topologySidebarQueries.playbookRuns(client, component.id));
  return (
    <PagedList
      query={query}
      label="Playbook runs"
      empty="No playbook runs for this component."
      render={(run) => (
        <li key={run.id} className={rowClass} data-run-id={run.id}>
          <StatusIcon
            status={
              run.status === 'completed'
                ? 'healthy'
                : run.status === 'failed'
                  ? 'unhealthy'
                  : 'unknown'
            }
            label={run.status}
          />
          <Link
            href={`/playbooks/runs/${encodeURIComponent(run.id)}`}
            className={cx(linkClass, 'flex-1')}
          >
            {run.playbooks?.title || run.playbooks?.name || run.playbook_id}
          </Link>
          <span className="shrink-0 text-xs text-fg-muted">{run.status}</span>
          <RelativeTime
            value={run.start_time ?? run.created_at}
            compact
            className="text-xs text-fg-muted"
          />
        </li>
      )}
    />
  );
}

export function TeamsPanel({ component }: Props) {
  const client = useApiClient();
  const query = useQuery(topologySidebarQueries.teams(client, component.id));
  if (query.isPending) return <Loading label="Loading teams" />;
  if (query.isError) return <Failure error={query.error} />;
  if (query.data.length === 0) return <Empty>No team owns this component.</Empty>;
  return (
    <Rows label="Teams">
      {query.data.map((row) => (
        <li key={row.team_id} className={rowClass}>
          <ComponentIcon
            icon={row.team?.icon ?? 'team'}
            size={16}
            className="shrink-0 text-fg-muted"
          />
          <Link
            href={`/settings/teams/${encodeURIComponent(row.team_id)}`}
            className={cx(linkClass, 'flex-1')}
          >
            {row.team?.name ?? row.team_id}
          </Link>
          {row.role ? <span className="shrink-0 text-xs text-fg-muted">{row.role}</span> : null}
        </li>
      ))}
    </Rows>
  );
}

export function InsightsPanel({ component }: Props) {
  const client = useApiClient();
  const query = useInfiniteQuery(topologySidebarQueries.insights(client, component.id));
  return (
    <PagedList
      query={query}
      label="Insights"
      empty="No open insights on the linked catalog items."
      render={(insight) => {
        const message = insight.message ?? '';
        const type = insight.analysis_type ?? 'other';
        return (
          <li key={insight.id} className={cx(rowClass, 'items-start')} data-insight-id={insight.id}>
            <IncidentSeverityBadge
              incident={{
                severity: insight.severity ?? undefined,
                bucket: severityBucket(insight.severity),
              }}
              className="shrink-0"
            />
            <div className="flex min-w-0 flex-1 flex-col">
              <Link
                href={`/catalog/insights?component=${encodeURIComponent(component.id)}&type=${encodeURIComponent(type)}${insight.severity ? `&severity=${encodeURIComponent(insight.severity)}` : ''}`}
                className={linkClass}
              >
                {formatIncidentType(type)}
                {insight.analyzer ? ` · ${insight.analyzer}` : ''}
              </Link>
              <span className="truncate text-xs text-fg-muted">{insight.config?.name}</span>
              {message ? (
                <span
                  className="line-clamp-2 text-xs text-fg-muted"
                  title={message.slice(0, INSIGHT_MESSAGE_MAX)}
                >
                  {message.length > INSIGHT_MESSAGE_MAX
                    ? `${message.slice(0, INSIGHT_MESSAGE_MAX)}…`
                    : message}
                </span>
              ) : null}
            </div>
          </li>
        );
      }}
    />
  );
}
