/**
 * /catalog/{id}[/{tab}] (spec doc 2 §2): one config with a breadcrumb (Catalog › type › name, and
 * a Deleted marker with its time), tabs as links with count badges from the config summary
 * (Config, Changes, Insights, Relationships, Playbooks, Checks) and a details sidebar, beside the
 * content on large screens and behind a 'Details' toggle on small ones. A missing or malformed
 * id is 'Details not found' (a malformed one is never requested).
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import { Link, useRoute } from 'wouter';
import { UnknownCatalogPage } from '../catalog-page';
import { useApiClient } from '../../../api/api-context';
import type { ConfigDetail } from '../../../api/catalog';
import { catalogConfigQueries } from '../../../api/catalog-config';
import { isUuid } from '../../../lib/uuid';
import { errorMessage } from '../../../api/client';
import { PlaybooksRunMenu } from '../../../entities/playbook/playbooks-run-menu';
import { ComponentIcon } from '../../../entities/topology-card/component-icon';
import { cx } from '../../../lib/class-names';
import { useCan } from '../../../rbac/use-can';
import { formatRelative, formatTimestamp } from '../../../lib/time';
import { Breadcrumb } from '../../../ui/breadcrumb';
import { EmptyState } from '../../../ui/empty-state';
import { AlertCircleIcon, CatalogIcon, InfoIcon } from '../../../ui/icons';
import { NavTabs } from '../../../ui/nav-tabs';
import { lazyComponent } from '../../../ui/lazy-component';
import { Spinner } from '../../../ui/spinner';
import { catalogPaths, isConfigTab, type ConfigTab } from '../catalog-paths';
import { configTabItems } from './config-detail-params';
import { ConfigSidebar } from './config-sidebar';
import { useConfigSidebar } from './use-config-sidebar';

// The Config tab renders YAML (the `yaml` package): loaded with the tab, not with the catalog.
const ConfigContentTab = lazy(async () => ({
  default: (await import('./config-content-tab')).ConfigContentTab,
}));

// The other tabs load when shown; the page starts the address's tab at once, beside the config's
// read (preloadTab), so a link to a tab waits for one chunk more, not for a round trip more.
const tabFallback = (
  <div className="flex justify-center py-10 text-fg-muted">
    <Spinner label="Loading" />
  </div>
);
const ConfigChangesTab = lazyComponent(
  () => import('../changes/config-changes-tab').then((module) => module.ConfigChangesTab),
  { fallback: tabFallback },
);
const ConfigInsightsTab = lazyComponent(
  () => import('../insights/config-insights-tab').then((module) => module.ConfigInsightsTab),
  { fallback: tabFallback },
);
const ConfigRelationshipsTab = lazyComponent(
  () =>
    import('../relationships/config-relationships-tab').then(
      (module) => module.ConfigRelationshipsTab,
    ),
  { fallback: tabFallback },
);
const ConfigRelationshipsPrefetch = lazyComponent(() =>
  import('../relationships/config-relationships-tab').then(
    (module) => module.ConfigRelationshipsPrefetch,
  ),
);
const ConfigPlaybooksTab = lazyComponent(
  () => import('./config-playbooks-tab').then((module) => module.ConfigPlaybooksTab),
  { fallback: tabFallback },
);
const ConfigChecksTab = lazyComponent(
  () => import('./config-checks-tab').then((module) => module.ConfigChecksTab),
  { fallback: tabFallback },
);
const TAB_VIEWS: Partial<Record<ConfigTab, { preload: () => void }>> = {
  changes: ConfigChangesTab,
  insights: ConfigInsightsTab,
  relationships: ConfigRelationshipsTab,
  playbooks: ConfigPlaybooksTab,
  checks: ConfigChecksTab,
};

function preloadTab(tab: ConfigTab) {
  TAB_VIEWS[tab]?.preload();
}

/** Exact text of spec doc 2 §8 "Config missing". */
export const CONFIG_NOT_FOUND = 'Details not found';

function NotFound() {
  return (
    <EmptyState
      icon={<CatalogIcon size={22} />}
      title={CONFIG_NOT_FOUND}
      headingLevel={1}
      description={
        <Link href={catalogPaths.list()} className="text-link hover:underline">
          Back to the catalog
        </Link>
      }
    />
  );
}

function ConfigBreadcrumb({ config }: { config: ConfigDetail }) {
  const name = config.name || config.id;
  return (
    <Breadcrumb
      items={[
        { key: 'catalog', label: 'Catalog', href: catalogPaths.list() },
        {
          key: 'type',
          label: config.type,
          href: catalogPaths.type(config.type),
          icon: <ComponentIcon icon={config.type} size={16} className="shrink-0" />,
        },
        {
          key: 'current',
          label: (
            <>
              <h1 className="truncate text-lg font-semibold text-fg">{name}</h1>
              {config.deleted_at ? (
                <span className="inline-flex items-center gap-1 rounded-full border border-border bg-unknown-soft px-2 py-0.5 text-xs font-medium text-fg">
                  <span>Deleted</span>
                  <time
                    dateTime={config.deleted_at}
                    title={formatTimestamp(config.deleted_at)}
                    className="text-fg-muted"
                  >
                    {formatRelative(config.deleted_at)}
                  </time>
                </span>
              ) : null}
            </>
          ),
        },
      ]}
    />
  );
}

function TabContent({ config, tab }: { config: ConfigDetail; tab: ConfigTab }) {
  switch (tab) {
    case 'changes':
      return <ConfigChangesTab configId={config.id} />;
    case 'insights':
      return <ConfigInsightsTab configId={config.id} />;
    case 'relationships':
      return <ConfigRelationshipsTab configId={config.id} />;
    case 'playbooks':
      return <ConfigPlaybooksTab configId={config.id} />;
    case 'checks':
      return <ConfigChecksTab configId={config.id} />;
    default:
      return (
        <Suspense
          fallback={
            <div className="flex justify-center py-10 text-fg-muted">
              <Spinner label="Loading config" />
            </div>
          }
        >
          <ConfigContentTab config={config} />
        </Suspense>
      );
  }
}

function ConfigDetailView({ id, tab }: { id: string; tab: ConfigTab }) {
  preloadTab(tab);
  const client = useApiClient();
  const query = useQuery(catalogConfigQueries.config(client, id));
  const sidebarOpen = useConfigSidebar((state) => state.open);
  const toggleSidebar = useConfigSidebar((state) => state.toggle);
  const sidebarId = useId();
  const canRunPlaybooks = useCan('playbook_runs', 'write');

  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size={24} label="Loading config" />
        {tab === 'relationships' ? <ConfigRelationshipsPrefetch configId={id} /> : null}
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Something went wrong"
        headingLevel={1}
        description={errorMessage(query.error)}
      />
    );
  }
  const config = query.data;
  if (!config) return <NotFound />;

  const items = configTabItems(config.id, config);
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex items-start justify-between gap-3">
        <ConfigBreadcrumb config={config} />
        {canRunPlaybooks && !config.deleted_at ? (
          <div className="ml-auto shrink-0">
            <PlaybooksRunMenu resource={{ kind: 'config', id: config.id }} size="sm" />
          </div>
        ) : null}
        <button
          type="button"
          aria-expanded={sidebarOpen}
          aria-controls={sidebarId}
          onClick={toggleSidebar}
          className={cx(
            'inline-flex shrink-0 items-center gap-1.5 rounded-md border border-border px-2.5 py-1 text-sm font-medium lg:hidden',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
            sidebarOpen ? 'bg-primary-soft text-link' : 'bg-surface text-fg hover:bg-surface-hover',
          )}
        >
          <InfoIcon size={16} />
          {sidebarOpen ? 'Hide details' : 'Show details'}
        </button>
      </div>
      <NavTabs
        label="Config sections"
        items={items}
        currentHref={catalogPaths.config(config.id, tab)}
      />
      <div className="flex min-w-0 flex-col gap-4 lg:flex-row lg:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <TabContent config={config} tab={tab} />
        </div>
        <aside
          id={sidebarId}
          aria-label="Config details"
          className={cx(
            'order-first w-full shrink-0 overflow-hidden rounded-lg border border-border bg-surface lg:order-none lg:block lg:w-80 xl:w-96',
            sidebarOpen ? 'block' : 'hidden',
          )}
        >
          <ConfigSidebar config={config} />
        </aside>
      </div>
    </div>
  );
}

export function ConfigDetailPage({ id, tab }: { id: string; tab: ConfigTab }) {
  if (!isUuid(id)) return <NotFound />;
  return <ConfigDetailView key={id} id={id} tab={tab} />;
}

/** `/catalog/:id/:tab?` in the route table: the config and tab of the address. */
export function ConfigDetailRoute() {
  const [, params] = useRoute<{ id: string; tab?: string }>('/catalog/:id/:tab?');
  const tab = params?.tab;
  if (tab !== undefined && !isConfigTab(tab)) return <UnknownCatalogPage />;
  return <ConfigDetailPage id={params?.id ?? ''} tab={tab ?? 'config'} />;
}
