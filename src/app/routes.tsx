/**
 * THE route table: one record per route drives the router, the sidebar, the guards and the
 * feature-flag hiding (CONVENTIONS "Routes and permissions"). Navigation entries and their
 * features/resources follow contract rbac-and-flags.md §4.4.
 */
import type { ComponentType } from 'react';
import { can, isViewer, type Action, type Resource } from '../rbac/roles';
import { isFeatureDisabled, type Feature } from '../rbac/flags';
import type { PagePrefetch } from '../api/prefetch';
import type { RuntimeConfig } from '../api/types';
import {
  CatalogIcon,
  DashboardIcon,
  HealthIcon,
  IncidentIcon,
  LogsIcon,
  PlaybookIcon,
  type IconProps,
} from '../ui/icons';
import { lazyPage, type LazyPage } from './lazy-page';
import { paths } from './paths';

export interface AppRoute {
  /** wouter pattern (`/topology/*?` also matches sub-paths). */
  path: string;
  /** The page title shown in the header (the page's h1). */
  title: string;
  page: LazyPage;
  /**
   * Starts the page's first data request beside the session check (src/api/prefetch.ts); loaded
   * lazily, like the page.
   */
  prefetch?: PagePrefetch;
  /** Guard: the page shows the Unauthorized message without it. */
  permission?: { resource: Resource; action: Action };
  /**
   * The page follows changes of its own path itself (e.g. `/topology` to `/topology/{id}`: new
   * data, its own keys for what must start again), so the shell keeps it mounted across them
   * and only the changed parts are drawn. Other pages are drawn afresh on each new path.
   */
  followsPath?: boolean;
  /** Feature flag hiding the navigation entry (not the route: decision 15). */
  feature?: Feature;
  nav?: {
    section: 'main' | 'settings';
    label: string;
    /** Link target when the pattern has wildcards. */
    href: string;
    icon?: ComponentType<IconProps>;
  };
}

const HealthPage = lazyPage(() => import('../features/health/health-page'), 'HealthPage');
const TopologyPage = lazyPage(() => import('../features/topology/topology-page'), 'TopologyPage');
const AgentsPage = lazyPage(() => import('../features/agents/agents-page'), 'AgentsPage');
const EmbedTokensPage = lazyPage(
  () => import('../features/embed-tokens/embed-tokens-page'),
  'EmbedTokensPage',
);
const CatalogListPage = lazyPage(
  () => import('../features/catalog/list/catalog-list-page'),
  'CatalogListPage',
);
const ChangesPage = lazyPage(
  () => import('../features/catalog/changes/changes-page'),
  'ChangesPage',
);
const InsightsPage = lazyPage(
  () => import('../features/catalog/insights/insights-page'),
  'InsightsPage',
);
const ScrapersPage = lazyPage(
  () => import('../features/catalog/scrapers/scrapers-page'),
  'ScrapersPage',
);
const ScraperDetailRoute = lazyPage(
  () => import('../features/catalog/scrapers/scraper-detail-page'),
  'ScraperDetailRoute',
);
const ConfigDetailRoute = lazyPage(
  () => import('../features/catalog/config-detail/config-detail-page'),
  'ConfigDetailRoute',
);
const UnknownCatalogPage = lazyPage(
  () => import('../features/catalog/catalog-page'),
  'UnknownCatalogPage',
);
const LogsPage = lazyPage(() => import('../features/logs/logs-page'), 'LogsPage');
const IncidentListPage = lazyPage(
  () => import('../features/incidents/list/incident-list-page'),
  'IncidentListPage',
);
const IncidentWorkspaceRoute = lazyPage(
  () => import('../features/incidents/detail/incident-workspace-page'),
  'IncidentWorkspaceRoute',
);
const JobsPage = lazyPage(() => import('../features/settings/jobs/jobs-page'), 'JobsPage');
const EventQueuePage = lazyPage(
  () => import('../features/settings/event-queue/event-queue-page'),
  'EventQueuePage',
);
const FeatureFlagsPage = lazyPage(
  () => import('../features/settings/feature-flags/feature-flags-page'),
  'FeatureFlagsPage',
);
const SettingsResourcesPage = lazyPage(
  () => import('../features/settings/resources/settings-resources-page'),
  'SettingsResourcesPage',
);
const ResourceDetailRoute = lazyPage(
  () => import('../features/settings/resources/resource-detail-page'),
  'ResourceDetailRoute',
);
const ConnectionsPage = lazyPage(
  () => import('../features/settings/connections/connections-page'),
  'ConnectionsPage',
);
const UsersPage = lazyPage(() => import('../features/settings/users/users-page'), 'UsersPage');
const IntegrationsPage = lazyPage(
  () => import('../features/settings/integrations/integrations-page'),
  'IntegrationsPage',
);
const PlaybooksListRoute = lazyPage(
  () => import('../features/playbooks/playbook-cards-page'),
  'PlaybooksListRoute',
);
const PlaybookRunsRoute = lazyPage(
  () => import('../features/playbooks/runs-page'),
  'PlaybookRunsRoute',
);
const RunDetailRoute = lazyPage(
  () => import('../features/playbooks/run-detail-page'),
  'RunDetailRoute',
);
const SendHistoryRoute = lazyPage(
  () => import('../features/notifications/history/send-history-page'),
  'SendHistoryRoute',
);
const RulesRoute = lazyPage(
  () => import('../features/notifications/rules/rules-page'),
  'RulesRoute',
);
const SilencesRoute = lazyPage(
  () => import('../features/notifications/silences/silences-page'),
  'SilencesRoute',
);
const SilenceAddRoute = lazyPage(
  () => import('../features/notifications/silences/silence-add-page'),
  'SilenceAddRoute',
);
const UnknownNotificationsPage = lazyPage(
  () => import('../features/notifications/notifications-page'),
  'UnknownNotificationsPage',
);
const OrgsSwitchedPage = lazyPage(() => import('./hosted/orgs-switched-page'), 'OrgsSwitchedPage');
const ComingSoonPage = lazyPage(() => import('./pages/coming-soon-page'), 'ComingSoonPage');
const ProfileSettingsPage = lazyPage(
  () => import('../features/auth/profile-settings-page'),
  'ProfileSettingsPage',
);

const read = (resource: Resource) => ({ resource, action: 'read' as const });

function settings(
  label: string,
  href: string,
  feature: Feature | undefined,
  resource: Resource,
  page: AppRoute['page'] = ComingSoonPage,
): AppRoute {
  return {
    path: `${href}/*?`,
    title: label,
    page,
    permission: read(resource),
    feature,
    nav: { section: 'settings', label, href },
  };
}

/**
 * A table of the generic settings editor: its list at `href` (in the Settings menu) and one
 * resource at `href/{id}`, each a route of its own.
 */
function settingsTable(
  label: string,
  href: string,
  feature: Feature | undefined,
  resource: Resource,
  nav = true,
): AppRoute[] {
  return [
    {
      path: href,
      title: label,
      page: SettingsResourcesPage,
      permission: read(resource),
      feature,
      ...(nav ? { nav: { section: 'settings' as const, label, href } } : {}),
    },
    { path: `${href}/:id`, title: label, page: ResourceDetailRoute, permission: read(resource) },
  ];
}

/** What every catalog route shares: its title and guard. */
const CATALOG = {
  title: 'Catalog',
  permission: read('database'),
} satisfies Partial<AppRoute>;

const NOTIFICATIONS = {
  title: 'Notifications',
  permission: read('notifications'),
} satisfies Partial<AppRoute>;

export const ROUTES: readonly AppRoute[] = [
  {
    path: '/topology/*?',
    title: 'Dashboard',
    page: TopologyPage,
    prefetch: (context) =>
      import('../features/topology/topology-prefetch').then((module) =>
        module.prefetchTopologyPage(context),
      ),
    permission: read('topologies'),
    followsPath: true,
    feature: 'topology',
    nav: { section: 'main', label: 'Dashboard', href: paths.topology(), icon: DashboardIcon },
  },
  {
    path: '/health',
    title: 'Health',
    page: HealthPage,
    prefetch: (context) =>
      import('../features/health/health-prefetch').then((module) =>
        module.prefetchHealthPage(context),
      ),
    permission: read('canaries'),
    feature: 'health',
    nav: { section: 'main', label: 'Health', href: paths.health(), icon: HealthIcon },
  },
  {
    path: '/incidents',
    title: 'Incidents',
    page: IncidentListPage,
    prefetch: (context) =>
      import('../features/incidents/incidents-prefetch').then((module) =>
        module.prefetchIncidentsPage(context),
      ),
    permission: read('incident'),
    feature: 'incidents',
    nav: { section: 'main', label: 'Incidents', href: paths.incidents(), icon: IncidentIcon },
  },
  // An incident's workspace is a route of its own: opening one loads no list code.
  {
    path: '/incidents/:id',
    title: 'Incidents',
    page: IncidentWorkspaceRoute,
    prefetch: (context) =>
      import('../features/incidents/detail/incident-prefetch').then((module) =>
        module.prefetchIncidentPage(context),
      ),
    permission: read('incident'),
  },
  {
    ...CATALOG,
    path: '/catalog',
    page: CatalogListPage,
    prefetch: (context) =>
      import('../features/catalog/catalog-prefetch').then((module) =>
        module.prefetchCatalogPage(context),
      ),
    feature: 'config',
    nav: { section: 'main', label: 'Catalog', href: paths.catalog(), icon: CatalogIcon },
  },
  // The catalog's sections are routes of their own: a first load fetches only the one it shows.
  {
    ...CATALOG,
    path: '/catalog/changes',
    page: ChangesPage,
    prefetch: (context) =>
      import('../features/catalog/changes/changes-prefetch').then((module) =>
        module.prefetchChangesPage(context),
      ),
  },
  { ...CATALOG, path: '/catalog/insights', page: InsightsPage },
  { ...CATALOG, path: '/catalog/scrapers', page: ScrapersPage },
  { ...CATALOG, path: '/catalog/scrapers/:id', page: ScraperDetailRoute },
  { ...CATALOG, path: '/catalog/:id/:tab?', page: ConfigDetailRoute },
  { ...CATALOG, path: '/catalog/*?', page: UnknownCatalogPage },
  {
    path: '/logs/*?',
    title: 'Logs',
    page: LogsPage,
    permission: read('database'),
    feature: 'logs',
    nav: { section: 'main', label: 'Logs', href: paths.logs(), icon: LogsIcon },
  },
  {
    path: '/playbooks',
    title: 'Playbooks',
    page: PlaybooksListRoute,
    permission: read('database'),
    feature: 'playbooks',
    nav: { section: 'main', label: 'Playbooks', href: paths.playbooks(), icon: PlaybookIcon },
  },
  // The sections and a run are routes of their own: a first load fetches only what it shows.
  {
    path: '/playbooks/runs',
    title: 'Playbooks',
    page: PlaybookRunsRoute,
    permission: read('database'),
  },
  {
    path: '/playbooks/runs/:id',
    title: 'Playbooks',
    page: RunDetailRoute,
    permission: read('database'),
  },
  // Each notifications tab is a route of its own: a first load fetches only the one it shows.
  { ...NOTIFICATIONS, path: '/notifications', page: SendHistoryRoute },
  { ...NOTIFICATIONS, path: '/notifications/rules', page: RulesRoute },
  { ...NOTIFICATIONS, path: '/notifications/silences', page: SilencesRoute },
  { ...NOTIFICATIONS, path: '/notifications/silences/add', page: SilenceAddRoute },
  { ...NOTIFICATIONS, path: '/notifications/*?', page: UnknownNotificationsPage },
  {
    path: '/agents',
    title: 'Agents',
    page: AgentsPage,
    permission: read('agents'),
    feature: 'agents',
  },
  { path: '/profile-settings', title: 'Profile Settings', page: ProfileSettingsPage },
  { path: '/organizations/orgs-switched', title: 'Organizations', page: OrgsSwitchedPage },
  settings('Agents', paths.settings.agents(), 'agents', 'agents', AgentsPage),
  settings(
    'Connections',
    paths.settings.connections(),
    'settings.connections',
    'connections',
    ConnectionsPage,
  ),
  {
    path: '/settings/embed-tokens',
    title: 'Embed Tokens',
    page: EmbedTokensPage,
    // Admins only: `rbac:write` is the one permission no other role has (docs/embed-tokens.md).
    permission: { resource: 'rbac', action: 'write' },
    nav: { section: 'settings', label: 'Embed Tokens', href: '/settings/embed-tokens' },
  },
  settings(
    'Event Queue',
    paths.settings.eventQueue(),
    'settings.event_queue_status',
    'database',
    EventQueuePage,
  ),
  settings(
    'Feature Flags',
    paths.settings.featureFlags(),
    'settings.feature_flags',
    'feature_flags',
    FeatureFlagsPage,
  ),
  ...settingsTable('Health Check', paths.settings.canaries(), 'settings.health', 'canaries'),
  settings(
    'Integrations',
    paths.settings.integrations(),
    'settings.integrations',
    'integrations',
    IntegrationsPage,
  ),
  settings('Jobs History', paths.settings.jobs(), 'settings.job_history', 'database', JobsPage),
  ...settingsTable('Log Backends', paths.settings.logBackends(), 'logs', 'logging_backends'),
  ...settingsTable('Rules', paths.settings.incidentRules(), 'incidents', 'database'),
  ...settingsTable('Teams', paths.settings.teams(), 'settings.teams', 'database'),
  ...settingsTable('Topology', paths.settings.topologies(), 'settings.topology', 'topologies'),
  // Settings tables of the generic editor that have no Settings menu entry (rbac-and-flags.md
  // §4.4): reachable by address.
  ...settingsTable(
    'Catalog Scrapers',
    '/settings/config_scrapers',
    undefined,
    'config_scrapers',
    false,
  ),
  ...settingsTable('Notifications', '/settings/notifications', undefined, 'notifications', false),
  ...settingsTable('Properties', '/settings/properties', undefined, 'feature_flags', false),
  settings('Users', paths.settings.users(), 'settings.users', 'identities', UsersPage),
];

export interface NavContext {
  roles: readonly string[];
  /** Features disabled by their own property (parents applied here). */
  disabled: ReadonlySet<string>;
  auth: RuntimeConfig['auth'];
}

export interface NavEntry {
  label: string;
  href: string;
  icon?: ComponentType<IconProps>;
}

/**
 * Whether a route appears in the sidebar: hidden when its feature is disabled, without the
 * route's permission (read for all but admin-only pages), for Settings entries when the user is a
 * viewer, and Users in the hosted variant.
 */
export function isNavVisible(route: AppRoute, context: NavContext): boolean {
  if (!route.nav) return false;
  if (route.feature && isFeatureDisabled(context.disabled, route.feature)) return false;
  if (route.permission && !can(context.roles, route.permission.resource, route.permission.action)) {
    return false;
  }
  if (route.nav.section === 'settings') {
    if (isViewer(context.roles)) return false;
    if (route.nav.href === paths.settings.users() && context.auth === 'oidc') return false;
  }
  return true;
}

/** The sidebar: main entries in table order, Settings entries sorted by name. */
export function buildNavigation(
  routes: readonly AppRoute[],
  context: NavContext,
): { main: NavEntry[]; settings: NavEntry[] } {
  const visible = routes.filter((route) => isNavVisible(route, context));
  const entry = (route: AppRoute): NavEntry => ({
    label: route.nav?.label ?? route.title,
    href: route.nav?.href ?? route.path,
    icon: route.nav?.icon,
  });
  return {
    main: visible.filter((route) => route.nav?.section === 'main').map(entry),
    settings: visible
      .filter((route) => route.nav?.section === 'settings')
      .map(entry)
      .sort((a, b) => a.label.localeCompare(b.label)),
  };
}
