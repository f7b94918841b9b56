/**
 * One declarative description per settings table (spec doc 3 §2.1; CONVENTIONS "Generic
 * screens"): the list columns it hides, who may write it, the fields of its editor, where its
 * schedule lives, the JSON schema of its spec, the type picker of its add flow, its tabs and its
 * job history resource type. The generic list, detail page and add modal read only this.
 */
import type { SettingsTable } from '../../../api/settings-resources';
import { SCRAPER_KIND_LABELS } from '../../../entities/scraper-kind/scraper-kind';
import type { Resource } from '../../../rbac/roles';
import { CHECK_KINDS, type CheckKind } from './health-check-kinds';

/** The list's columns (spec doc 3 §2.1 "List columns"), in order. */
export const LIST_COLUMNS = [
  'name',
  'source',
  'schedule',
  'namespace',
  'job_status',
  'last_runtime',
  'job_last_failed',
  'tags',
  'created_at',
  'updated_at',
  'created_by',
] as const;
export type ListColumn = (typeof LIST_COLUMNS)[number];

export const LIST_COLUMN_HEADERS: Record<ListColumn, string> = {
  name: 'Name',
  source: 'Source',
  schedule: 'Schedule',
  namespace: 'Namespace',
  job_status: 'Job Status',
  last_runtime: 'Last Run',
  job_last_failed: 'Last Failed',
  tags: 'Tags',
  created_at: 'Created',
  updated_at: 'Updated',
  created_by: 'Created By',
};

export type ResourceTab = 'spec' | 'manageTeam' | 'jobHistory';

/** The specialised form of the Form tab (spec doc 3 §2.1, §5). */
export type ResourceFormKind = 'health-check' | 'scraper' | 'topology' | 'incident-rule';

export interface TypeChoice {
  id: string;
  label: string;
  description: string;
  /** The spec a new resource of this type starts with. */
  spec: Record<string, unknown>;
}

export interface ResourceDescription {
  table: SettingsTable;
  /** The list's URL (`/settings/{table}`; log backends keep `/settings/log-backends`). */
  path: string;
  /** Singular name: 'Add {name}', '{name} deleted successfully'. */
  name: string;
  /** The list's breadcrumb title. */
  title: string;
  /** The RBAC resource whose write permission adds, saves and deletes (spec doc 3 §6). */
  writeResource: Resource;
  /** Columns hidden for this table (spec doc 3 §2.1 "Columns hidden by type"). */
  hiddenColumns: readonly ListColumn[];
  /** Columns the list relation can sort by (the server refuses others). */
  sortable: readonly ListColumn[];
  /** Editor fields besides Name and Source. */
  fields: {
    namespace?: boolean;
    icon?: boolean;
    labels?: boolean;
    description?: boolean;
    value?: boolean;
  };
  /** Where the schedule select writes: a `schedule` column, `spec.schedule`, or none. */
  schedule?: 'column' | 'spec';
  /**
   * The spec YAML: stored in the `spec` column, or spread over the table's own columns
   * (notification rules); its JSON schema file (`/api/schemas/<file>`).
   */
  spec?: { storage: 'column' | 'columns'; schemaFile?: string; columns?: readonly string[] };
  /** The specialised form of the Form tab; without one the spec is edited as YAML only. */
  form?: ResourceFormKind;
  /** The type picker grid of the add flow (spec doc 3 §2.1). */
  types?: readonly TypeChoice[];
  /** A help link in the add modal. */
  helpLink?: { href: string; label: string };
  tabs: readonly ResourceTab[];
  /** `job_histories.resource_type` of its runs (spec doc 3 §9 type map). */
  jobResourceType?: string;
  /** The spec a resource without a type starts with. */
  emptySpec?: Record<string, unknown>;
  /** An icon derived from the spec beside each name and type ('scraper': the scraper kind's). */
  kindIcon?: 'scraper';
}

/** 'Settings resource schedule options' (spec doc 3 §9). */
export const SCHEDULE_OPTIONS = [
  '@every 30s',
  '@every 1m',
  '@every 5m',
  '@every 30m',
  '@hourly',
  '@every 6h',
  '@daily',
  '@weekly',
] as const;

/** The all-zero agent id: the local (server's own) agent. */
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

const NO_SCHEDULE_NAMESPACE: readonly ListColumn[] = ['schedule', 'namespace'];

const HEALTH_TYPES: TypeChoice[] = CHECK_KINDS.map((kind: CheckKind) => ({
  id: kind.id,
  label: kind.label,
  description: kind.description,
  spec: { schedule: '@every 5m', [kind.id]: [{ name: '', ...kind.defaults }] },
}));

/** The scraper kinds of the add flow; Kubernetes starts with its spec defaults (§9). */
const SCRAPER_TYPES: TypeChoice[] = [
  {
    id: 'kubernetes',
    label: SCRAPER_KIND_LABELS.kubernetes,
    description: 'Objects of a Kubernetes cluster',
    spec: { schedule: '@every 30m', kubernetes: [{ clusterName: '', maxInflight: 64 }] },
  },
  {
    id: 'aws',
    label: SCRAPER_KIND_LABELS.aws,
    description: 'Resources of AWS accounts',
    spec: { schedule: '@every 1h', aws: [{ regions: ['eu-west-1'] }] },
  },
  {
    id: 'azure',
    label: SCRAPER_KIND_LABELS.azure,
    description: 'Resources of an Azure subscription',
    spec: { schedule: '@every 1h', azure: [{ subscriptionID: '' }] },
  },
  {
    id: 'kubernetesFile',
    label: SCRAPER_KIND_LABELS.kubernetesFile,
    description: 'Files read inside pods',
    spec: { schedule: '@every 1h', kubernetesFile: [{ type: '', id: '' }] },
  },
  {
    id: 'sql',
    label: SCRAPER_KIND_LABELS.sql,
    description: 'Rows of a SQL query',
    spec: {
      schedule: '@every 1h',
      sql: [{ connection: '', query: 'SELECT 1', type: '', id: '' }],
    },
  },
  {
    id: 'file',
    label: SCRAPER_KIND_LABELS.file,
    description: 'Files from a repository or path',
    spec: { schedule: '@every 1h', file: [{ format: 'yaml', icon: 'file', paths: [] }] },
  },
  {
    id: 'githubActions',
    label: SCRAPER_KIND_LABELS.githubActions,
    description: 'Workflow runs of a repository',
    spec: { schedule: '@every 1h', githubActions: [{ owner: '', repository: '' }] },
  },
  {
    id: 'http',
    label: SCRAPER_KIND_LABELS.http,
    description: 'JSON from an HTTP endpoint',
    spec: { schedule: '@every 1h', http: [{ url: '', type: '', id: '$.id' }] },
  },
  {
    id: 'trivy',
    label: SCRAPER_KIND_LABELS.trivy,
    description: 'Vulnerability scans',
    spec: { schedule: '@every 6h', trivy: [{ severity: ['CRITICAL', 'HIGH'] }] },
  },
  {
    id: 'azureDevops',
    label: SCRAPER_KIND_LABELS.azureDevops,
    description: 'Pipelines of Azure DevOps projects',
    spec: { schedule: '@every 1h', azureDevops: [{ organization: '', projects: [] }] },
  },
];

const TOPOLOGY_TYPES: TypeChoice[] = [
  {
    id: 'custom',
    label: 'Custom Topology',
    description: 'A root component with child components',
    spec: { type: 'Application', icon: 'application', components: [] },
  },
  {
    id: 'kubernetes',
    label: 'Kubernetes',
    description: 'Clusters, namespaces and their workloads',
    spec: {
      type: 'KubernetesCluster',
      icon: 'kubernetes',
      components: [
        { name: 'Nodes', type: 'KubernetesNodes', icon: 'server' },
        { name: 'Namespaces', type: 'KubernetesNamespaces', icon: 'namespace' },
      ],
    },
  },
];

const LOG_BACKEND_TYPES: TypeChoice[] = [
  {
    id: 'vigil',
    label: 'Vigil log store',
    description: "The reference server's own logs (docs/logs.md)",
    spec: { vigil: {}, routes: [{ type: 'vigil' }] },
  },
  {
    id: 'loki',
    label: 'Loki',
    description: 'Grafana Loki',
    spec: { loki: { url: 'http://loki.monitoring.svc:3100' }, routes: [{ type: 'KubernetesPod' }] },
  },
  {
    id: 'elasticsearch',
    label: 'Elasticsearch',
    description: 'An Elasticsearch index',
    spec: { elasticsearch: { url: 'https://elasticsearch:9200', index: 'logs-*' }, routes: [] },
  },
  {
    id: 'opensearch',
    label: 'OpenSearch',
    description: 'An OpenSearch index',
    spec: { opensearch: { url: 'https://opensearch:9200', index: 'logs-*' }, routes: [] },
  },
  {
    id: 'file',
    label: 'File',
    description: 'Log files on the server',
    spec: { file: { paths: ['/var/log/*.log'] }, routes: [] },
  },
];

/** The columns of `notifications` the rule's YAML edits (schema.md). */
export const NOTIFICATION_SPEC_COLUMNS = [
  'events',
  'title',
  'template',
  'filter',
  'properties',
  'person_id',
  'team_id',
  'custom_services',
  'repeat_interval',
  'wait_for',
  'group_by',
] as const;

export const RESOURCE_DESCRIPTIONS: Readonly<Record<SettingsTable, ResourceDescription>> = {
  canaries: {
    table: 'canaries',
    path: '/settings/canaries',
    name: 'Health Check',
    title: 'Health Checks',
    writeResource: 'canaries',
    hiddenColumns: ['namespace'],
    sortable: ['name', 'source', 'schedule', 'namespace', 'last_runtime', 'created_at'],
    fields: { namespace: true, labels: true },
    schedule: 'spec',
    spec: { storage: 'column', schemaFile: 'canary.spec.schema.json' },
    form: 'health-check',
    types: HEALTH_TYPES,
    helpLink: {
      href: 'https://docs.flanksource.com/guide/canary-checker/overview',
      label: 'Health check documentation',
    },
    tabs: ['spec', 'jobHistory'],
    jobResourceType: 'canary',
  },
  topologies: {
    table: 'topologies',
    path: '/settings/topologies',
    name: 'Topology',
    title: 'Topologies',
    writeResource: 'topologies',
    hiddenColumns: ['schedule'],
    sortable: ['name', 'source', 'schedule', 'namespace', 'created_at', 'updated_at'],
    fields: { namespace: true, labels: true },
    schedule: 'column',
    spec: { storage: 'column', schemaFile: 'topology.spec.schema.json' },
    form: 'topology',
    types: TOPOLOGY_TYPES,
    tabs: ['spec', 'jobHistory'],
    jobResourceType: 'topology',
  },
  config_scrapers: {
    table: 'config_scrapers',
    path: '/settings/config_scrapers',
    name: 'Catalog Scraper',
    title: 'Catalog Scrapers',
    writeResource: 'config_scrapers',
    hiddenColumns: [],
    sortable: ['name', 'source', 'created_at', 'updated_at'],
    fields: { description: true },
    schedule: 'spec',
    spec: { storage: 'column', schemaFile: 'scrape_config.spec.schema.json' },
    form: 'scraper',
    types: SCRAPER_TYPES,
    kindIcon: 'scraper',
    tabs: ['spec', 'jobHistory'],
    jobResourceType: 'config_scraper',
  },
  logging_backends: {
    table: 'logging_backends',
    path: '/settings/log-backends',
    name: 'Log Backend',
    title: 'Log Backends',
    writeResource: 'logging_backends',
    hiddenColumns: NO_SCHEDULE_NAMESPACE,
    sortable: ['name', 'source', 'created_at', 'updated_at'],
    fields: { labels: true },
    spec: { storage: 'column', schemaFile: 'logging_config.schema.json' },
    types: LOG_BACKEND_TYPES,
    tabs: ['spec'],
  },
  notifications: {
    table: 'notifications',
    path: '/settings/notifications',
    name: 'Notification',
    title: 'Notifications',
    writeResource: 'notifications',
    hiddenColumns: NO_SCHEDULE_NAMESPACE,
    sortable: ['name', 'source', 'created_at', 'updated_at'],
    fields: {},
    spec: {
      storage: 'columns',
      schemaFile: 'notification.schema.json',
      columns: NOTIFICATION_SPEC_COLUMNS,
    },
    tabs: ['spec'],
    emptySpec: { events: ['check.failed'], title: '', repeat_interval: '4h' },
  },
  properties: {
    table: 'properties',
    path: '/settings/properties',
    name: 'Property',
    title: 'Properties',
    writeResource: 'feature_flags',
    hiddenColumns: [...NO_SCHEDULE_NAMESPACE, 'job_status', 'last_runtime', 'job_last_failed'],
    sortable: ['name', 'created_at', 'updated_at'],
    fields: { value: true },
    tabs: ['spec'],
  },
  incident_rules: {
    table: 'incident_rules',
    path: '/settings/incident_rules',
    name: 'Incident Rule',
    title: 'Incident Rules',
    writeResource: 'database',
    hiddenColumns: NO_SCHEDULE_NAMESPACE,
    sortable: ['name', 'source', 'created_at', 'updated_at'],
    fields: {},
    spec: { storage: 'column', schemaFile: 'incident-rules.schema.json' },
    form: 'incident-rule',
    tabs: ['spec', 'jobHistory'],
    jobResourceType: 'incident_rule',
    emptySpec: {
      priority: 1,
      filter: { status: ['unhealthy'] },
      template: { type: 'availability', severity: 'low' },
    },
  },
  teams: {
    table: 'teams',
    path: '/settings/teams',
    name: 'Team',
    title: 'Teams',
    writeResource: 'database',
    hiddenColumns: NO_SCHEDULE_NAMESPACE,
    sortable: ['name', 'source', 'created_at', 'updated_at'],
    fields: { icon: true },
    // The contract names no team schema (api.md §9.3): the spec must only be an object.
    spec: { storage: 'column' },
    tabs: ['spec', 'manageTeam', 'jobHistory'],
    jobResourceType: 'team',
    emptySpec: {},
  },
};

/** The description of a table. */
export function describeResource(table: SettingsTable): ResourceDescription {
  return RESOURCE_DESCRIPTIONS[table];
}

/** The visible list columns of a table, in order. */
export function visibleColumns(description: ResourceDescription): ListColumn[] {
  const hidden = new Set(description.hiddenColumns);
  return LIST_COLUMNS.filter((column) => !hidden.has(column));
}

/** The tab labels (teams read Spec, Members, Job History). */
export const TAB_LABELS: Record<ResourceTab, string> = {
  spec: 'Spec',
  manageTeam: 'Members',
  jobHistory: 'Job History',
};
