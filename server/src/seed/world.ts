/**
 * The infrastructure half of the seeded operation: Kubernetes clusters (nodes, namespaces,
 * workloads, pods, services, ingresses, volumes) and the AWS estate under them (accounts, VPCs,
 * instances, databases, buckets, load balancers), as config items with relationships, changes,
 * insights and costs; the scrapers that "found" them; and topologies of components over them.
 * Everything is drawn from one PRNG, so the same seed and anchor give the same rows.
 */
import type { Row } from './insert';
import type { Rng } from './random';

export interface Person {
  id: string;
  name: string;
  email: string;
  team?: string;
}

export interface Team {
  id: string;
  name: string;
}

export interface SeedCheck {
  id: string;
  canaryId: string;
  name: string;
  type: string;
  namespace: string;
  /** The app (deployment) the check probes, when known. */
  app?: string;
  cluster?: string;
  failing: boolean;
}

/** What generators share: the PRNG, the time anchor, references and the rows being built. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, value) => String(value).padStart(2, '0'));
const dayCache = new Map<number, string>();

/**
 * `new Date(ms).toISOString()` for the times the seeds make (issue 18: a few hundred thousand of
 * them for the large dataset): the day part from a cache, the time of day by arithmetic.
 */
export function isoTime(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms >= 253402300800000) return new Date(ms).toISOString();
  const day = Math.floor(ms / 86_400_000);
  let prefix = dayCache.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * 86_400_000).toISOString().slice(0, 11);
    if (dayCache.size > 100_000) dayCache.clear();
    dayCache.set(day, prefix);
  }
  let rest = ms - day * 86_400_000;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  return `${prefix}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}

export class SeedContext {
  readonly rows = new Map<string, Row[]>();

  constructor(
    readonly rng: Rng,
    /** The "now" every generated time is relative to (ms since the epoch). */
    readonly now: number,
    readonly admin: string,
    readonly people: Person[],
    readonly teams: Team[],
    readonly agents: Map<string, string>,
  ) {}

  add(table: string, row: Row): Row {
    let list = this.rows.get(table);
    if (!list) {
      list = [];
      this.rows.set(table, list);
    }
    list.push(row);
    return row;
  }

  count(table: string): number {
    return this.rows.get(table)?.length ?? 0;
  }

  /** An ISO time `minutes` before the anchor. */
  ago(minutes: number): string {
    return isoTime(this.now - Math.round(minutes * 60_000));
  }

  person(): Person {
    return this.rng.pick(this.people);
  }

  team(name: string): Team {
    return this.teams.find((team) => team.name === name) ?? this.rng.pick(this.teams);
  }
}

export interface ConfigRef {
  id: string;
  type: string;
  configClass: string;
  name: string;
  health: string;
  status: string | null;
  cluster?: string;
  namespace?: string;
  app?: string;
  /** Minutes before the anchor the item was created. */
  age: number;
  path: string;
  deleted: boolean;
}

interface AppSpec {
  name: string;
  kind: 'Deployment' | 'StatefulSet' | 'DaemonSet' | 'CronJob';
  image: string;
  replicas: number;
  port: number;
  ingress?: boolean;
  database?: boolean;
  team: string;
}

const d = (
  name: string,
  image: string,
  replicas: number,
  team: string,
  extra: Partial<AppSpec> = {},
): AppSpec => ({ name, kind: 'Deployment', image, replicas, port: 8080, team, ...extra });

/** Namespaces and their workloads; every cluster runs these (the lab runs a subset). */
export const BASE_NAMESPACES: Record<string, AppSpec[]> = {
  'kube-system': [
    d('coredns', 'registry.k8s.io/coredns/coredns:v1.11.1', 2, 'Platform', { port: 53 }),
    d('metrics-server', 'registry.k8s.io/metrics-server/metrics-server:v0.7.1', 1, 'Platform', {
      port: 4443,
    }),
    d(
      'cluster-autoscaler',
      'registry.k8s.io/autoscaling/cluster-autoscaler:v1.29.2',
      1,
      'Platform',
    ),
    { ...d('kube-proxy', 'registry.k8s.io/kube-proxy:v1.29.4', 0, 'Platform'), kind: 'DaemonSet' },
    { ...d('aws-node', 'amazon-k8s-cni:v1.18.1', 0, 'Platform'), kind: 'DaemonSet' },
  ],
  'ingress-nginx': [
    d(
      'ingress-nginx-controller',
      'registry.k8s.io/ingress-nginx/controller:v1.10.1',
      2,
      'Platform',
      {
        port: 443,
      },
    ),
  ],
  monitoring: [
    {
      ...d('prometheus', 'quay.io/prometheus/prometheus:v2.52.0', 2, 'SRE', { port: 9090 }),
      kind: 'StatefulSet',
    },
    d('alertmanager', 'quay.io/prometheus/alertmanager:v0.27.0', 2, 'SRE', { port: 9093 }),
    d('grafana', 'grafana/grafana:10.4.2', 1, 'SRE', { port: 3000, ingress: true }),
    d('loki', 'grafana/loki:3.0.0', 2, 'SRE', { port: 3100 }),
    d('tempo', 'grafana/tempo:2.4.1', 1, 'SRE', { port: 3200 }),
    d(
      'kube-state-metrics',
      'registry.k8s.io/kube-state-metrics/kube-state-metrics:v2.12.0',
      1,
      'SRE',
    ),
    {
      ...d('node-exporter', 'quay.io/prometheus/node-exporter:v1.8.0', 0, 'SRE'),
      kind: 'DaemonSet',
    },
  ],
  payments: [
    d('gateway', 'ghcr.io/acme/payments-gateway:2.14.1', 3, 'Payments', {
      ingress: true,
      database: true,
    }),
    d('ledger-api', 'ghcr.io/acme/ledger-api:5.3.0', 3, 'Payments', { database: true }),
    d('fraud-scoring', 'ghcr.io/acme/fraud-scoring:1.9.4', 2, 'Payments', { port: 8443 }),
    d('fx-rates', 'ghcr.io/acme/fx-rates:0.12.2', 1, 'Payments'),
    d('threeds-callback', 'ghcr.io/acme/threeds-callback:1.2.0', 2, 'Payments', { ingress: true }),
    d('webhook-relay', 'ghcr.io/acme/webhook-relay:3.0.7', 2, 'Payments', { ingress: true }),
    { ...d('pgbouncer', 'bitnami/pgbouncer:1.22.1', 2, 'Payments'), port: 6432 },
  ],
  default: [
    d('web', 'ghcr.io/acme/web:2024.10.3', 3, 'Frontend', { ingress: true, port: 3000 }),
    d('api', 'ghcr.io/acme/api:4.21.0', 4, 'Frontend', { ingress: true, database: true }),
    d('search', 'ghcr.io/acme/search:1.7.3', 2, 'Frontend'),
    d('docs', 'ghcr.io/acme/docs:2024.09.1', 1, 'Frontend', { ingress: true, port: 80 }),
    d('status-page', 'ghcr.io/acme/status-page:0.9.0', 1, 'Frontend', { ingress: true }),
  ],
  data: [
    d('airflow-scheduler', 'apache/airflow:2.9.1', 1, 'Data'),
    d('airflow-webserver', 'apache/airflow:2.9.1', 1, 'Data', { ingress: true }),
    d('spark-history', 'apache/spark:3.5.1', 1, 'Data', { port: 18080 }),
    { ...d('nightly-export', 'ghcr.io/acme/exporter:1.4.0', 1, 'Data'), kind: 'CronJob' },
  ],
  platform: [
    d('vigil', 'ghcr.io/acme/vigil:0.1.0', 2, 'Platform', { ingress: true }),
    d('argocd-server', 'quay.io/argoproj/argocd:v2.11.0', 1, 'Platform', { ingress: true }),
    d('cert-manager', 'quay.io/jetstack/cert-manager-controller:v1.14.5', 1, 'Platform'),
    d('external-dns', 'registry.k8s.io/external-dns/external-dns:v0.14.1', 1, 'Platform'),
  ],
  infra: [
    { ...d('kafka', 'bitnami/kafka:3.7.0', 3, 'SRE', { port: 9092 }), kind: 'StatefulSet' },
    { ...d('redis-cache', 'redis:7.2.4', 1, 'SRE', { port: 6379 }), kind: 'StatefulSet' },
    { ...d('etcd', 'quay.io/coreos/etcd:v3.5.13', 3, 'SRE', { port: 2379 }), kind: 'StatefulSet' },
  ],
};

const TENANT_WORDS = [
  'orders',
  'inventory',
  'billing',
  'catalog',
  'checkout',
  'shipping',
  'pricing',
  'accounts',
  'identity',
  'notifications',
  'reports',
  'recommendations',
  'reviews',
  'media',
  'invoices',
  'payouts',
  'risk',
  'onboarding',
  'loyalty',
  'coupons',
  'cart',
  'tax',
  'fulfilment',
  'returns',
  'analytics',
  'audit',
  'profiles',
  'messaging',
  'scheduling',
  'geo',
  'partners',
  'subscriptions',
];
const TENANT_SUFFIXES = [
  'api',
  'worker',
  'web',
  'consumer',
  'scheduler',
  'gateway',
  'sync',
  'cache',
];
const TENANT_TEAMS = ['Frontend', 'Payments', 'Data', 'Platform', 'SRE', 'Security'];

export interface ClusterSpec {
  name: string;
  region: string;
  env: 'production' | 'staging' | 'lab' | 'development';
  agent: string;
  nodes: number;
  namespaces: Record<string, AppSpec[]>;
  /** Minutes since the last scrape (a stale agent stops scraping). */
  scrapedAgo: number;
  account: string;
}

/** The demo's three clusters. */
export function demoClusters(): ClusterSpec[] {
  const lab: Record<string, AppSpec[]> = {};
  for (const ns of ['kube-system', 'monitoring', 'data', 'default']) {
    lab[ns] = (BASE_NAMESPACES[ns] ?? []).map((app) => ({
      ...app,
      replicas: Math.min(app.replicas, 1),
    }));
  }
  return [
    {
      name: 'prod-eu-west-1',
      region: 'eu-west-1',
      env: 'production',
      agent: 'eu-west-1',
      nodes: 5,
      namespaces: BASE_NAMESPACES,
      scrapedAgo: 4,
      account: '482913375201',
    },
    {
      name: 'prod-us-east-1',
      region: 'us-east-1',
      env: 'production',
      agent: 'local',
      nodes: 4,
      namespaces: BASE_NAMESPACES,
      scrapedAgo: 2,
      account: '482913375201',
    },
    {
      name: 'lab',
      region: 'eu-central-1',
      env: 'lab',
      agent: 'lab',
      nodes: 3,
      namespaces: lab,
      scrapedAgo: 3 * 24 * 60 + 17,
      account: '771203948812',
    },
  ];
}

const LARGE_REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-2',
  'eu-west-1',
  'eu-central-1',
  'eu-north-1',
  'ap-southeast-1',
  'ap-northeast-1',
  'ap-south-1',
  'sa-east-1',
  'ca-central-1',
];

/** A fleet cluster of the large dataset: the base namespaces plus tenant namespaces. */
export function fleetCluster(rng: Rng, index: number): ClusterSpec {
  const env = rng.weighted([
    ['production', 5],
    ['staging', 3],
    ['development', 2],
  ] as const);
  const region = LARGE_REGIONS[index % LARGE_REGIONS.length] ?? 'us-east-1';
  const prefix = env === 'production' ? 'prod' : env === 'staging' ? 'stg' : 'dev';
  const namespaces: Record<string, AppSpec[]> = { ...BASE_NAMESPACES };
  for (const word of rng.sample(TENANT_WORDS, rng.int(10, 16))) {
    const team = rng.pick(TENANT_TEAMS);
    namespaces[`team-${word}`] = rng.sample(TENANT_SUFFIXES, rng.int(4, 7)).map((suffix) =>
      d(
        `${word}-${suffix}`,
        `ghcr.io/acme/${word}-${suffix}:${rng.int(1, 9)}.${rng.int(0, 30)}.${rng.int(0, 12)}`,
        rng.int(1, 4),
        team,
        {
          ingress: suffix === 'web' || suffix === 'gateway',
          database: suffix === 'api' && rng.chance(0.5),
        },
      ),
    );
  }
  return {
    name: `${prefix}-${region}-${String(Math.floor(index / LARGE_REGIONS.length) + 1).padStart(2, '0')}`,
    region,
    env,
    agent: `fleet-${region}`,
    nodes: rng.int(12, 24),
    namespaces,
    scrapedAgo: rng.int(1, 9),
    account: String(300000000000 + (index % 7) * 111111111),
  };
}

const INSTANCE_TYPES = [
  ['m6i.large', 0.096, 2, 8],
  ['m6i.xlarge', 0.192, 4, 16],
  ['m6i.2xlarge', 0.384, 8, 32],
  ['c6i.xlarge', 0.17, 4, 8],
  ['r6i.xlarge', 0.252, 4, 32],
] as const;

const K8S_VERSION = 'v1.29.4-eks-036c24b';

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

export interface World {
  configs: ConfigRef[];
  byKey: Map<string, ConfigRef>;
  /** Deployments (and statefulsets) per `${cluster}/${app}`. */
  workloads: Map<string, ConfigRef>;
  services: ConfigRef[];
  databases: ConfigRef[];
  scrapers: { id: string; name: string; cluster?: string; agent: string; stale: boolean }[];
}

export function newWorld(): World {
  return {
    configs: [],
    byKey: new Map(),
    workloads: new Map(),
    services: [],
    databases: [],
    scrapers: [],
  };
}

interface ConfigInput {
  type: string;
  configClass: string;
  name: string;
  parent?: ConfigRef;
  status: string | null;
  health: string;
  ready?: boolean;
  age: number;
  tags: Record<string, string>;
  labels?: Record<string, string>;
  config?: unknown;
  description?: string;
  externalId?: string[];
  cost?: number;
  properties?: unknown[];
  cluster?: string;
  namespace?: string;
  app?: string;
  agent: string;
  scraper: string;
  scrapedAgo: number;
  icon?: string;
  deletedAgo?: number;
  source?: string;
}

function addConfig(ctx: SeedContext, world: World, input: ConfigInput): ConfigRef {
  const id = ctx.rng.uuid();
  const path = input.parent
    ? `${input.parent.path ? `${input.parent.path}.` : ''}${input.parent.id}`
    : '';
  const ref: ConfigRef = {
    id,
    type: input.type,
    configClass: input.configClass,
    name: input.name,
    health: input.health,
    status: input.status,
    cluster: input.cluster,
    namespace: input.namespace,
    app: input.app,
    age: input.age,
    path,
    deleted: input.deletedAgo !== undefined,
  };
  const row: Row = {
    id,
    agent_id: ctx.agents.get(input.agent) ?? '00000000-0000-0000-0000-000000000000',
    icon: input.icon ?? null,
    scraper_id: input.scraper,
    config_class: input.configClass,
    status: input.status,
    health: input.health,
    ready: input.ready ?? input.health === 'healthy',
    external_id: input.externalId ?? [id],
    type: input.type,
    name: input.name,
    description: input.description ?? null,
    config: input.config ?? null,
    source: input.source ?? null,
    labels: input.labels ?? {},
    tags: input.tags,
    properties: input.properties ?? null,
    parent_id: input.parent?.id ?? null,
    path,
    last_scraped_time: ctx.ago(Math.max(input.scrapedAgo, input.deletedAgo ?? 0)),
    created_at: ctx.ago(input.age),
    updated_at: ctx.ago(Math.min(input.age, ctx.rng.int(5, 60 * 24 * 3))),
    deleted_at: input.deletedAgo === undefined ? null : ctx.ago(input.deletedAgo),
    delete_reason: input.deletedAgo === undefined ? null : 'Deleted',
  };
  if (input.cost !== undefined && input.deletedAgo === undefined) {
    const perMinute = input.cost / 60;
    const days = Math.min(30, input.age / 1440);
    row.cost_per_minute = round4(perMinute);
    const day = round4(perMinute * 1440 * Math.min(1, days) * ctx.rng.float(0.93, 1));
    const week = Math.max(
      day,
      round4(perMinute * 1440 * Math.min(7, days) * ctx.rng.float(0.93, 1)),
    );
    row.cost_total_1d = day;
    row.cost_total_7d = week;
    row.cost_total_30d = Math.max(week, round4(perMinute * 1440 * days * ctx.rng.float(0.93, 1)));
  }
  ctx.add('config_items', row);
  world.configs.push(ref);
  return ref;
}

function relate(ctx: SeedContext, from: ConfigRef, to: ConfigRef, relation: string): void {
  ctx.add('config_relationships', {
    config_id: from.id,
    related_id: to.id,
    relation,
    created_at: ctx.ago(Math.min(from.age, to.age)),
    updated_at: ctx.ago(Math.min(from.age, to.age)),
  });
}

function k8sLabels(
  app: AppSpec,
  cluster: ClusterSpec,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    app: app.name,
    'app.kubernetes.io/name': app.name,
    'app.kubernetes.io/part-of': app.team.toLowerCase(),
    team: app.team.toLowerCase(),
    env: cluster.env,
    ...extra,
  };
}

/** Which apps are known to be in trouble (their checks fail in the demo history). */
const TROUBLED_APPS = new Set(['webhook-relay', 'kafka', 'search', 'fx-rates']);

/** Generate one cluster with its AWS resources; returns its Kubernetes::Cluster ref. */
export function generateCluster(
  ctx: SeedContext,
  world: World,
  cluster: ClusterSpec,
  aws: AwsRegion,
): ConfigRef {
  const { rng } = ctx;
  const scraperId = rng.uuid();
  const stale = cluster.scrapedAgo > 120;
  world.scrapers.push({
    id: scraperId,
    name: `kubernetes-${cluster.name}`,
    cluster: cluster.name,
    agent: cluster.agent,
    stale,
  });
  const base = {
    agent: cluster.agent,
    scraper: scraperId,
    scrapedAgo: cluster.scrapedAgo,
    cluster: cluster.name,
    source: 'KubernetesCRD',
  };
  const clusterAge = rng.int(200, 500) * 1440;
  const clusterRef = addConfig(ctx, world, {
    ...base,
    type: 'Kubernetes::Cluster',
    configClass: 'Cluster',
    name: cluster.name,
    status: stale ? 'Unknown' : 'Running',
    health: stale ? 'unknown' : 'healthy',
    age: clusterAge,
    tags: { cluster: cluster.name },
    labels: { env: cluster.env, region: cluster.region },
    icon: 'kubernetes',
    config: {
      apiVersion: 'v1',
      kind: 'Cluster',
      metadata: { name: cluster.name },
      spec: { version: K8S_VERSION, region: cluster.region },
    },
    description: `EKS ${K8S_VERSION} in ${cluster.region}`,
  });
  const eks = addConfig(ctx, world, {
    ...base,
    source: 'AWS',
    scraper: aws.scraperId,
    agent: 'local',
    scrapedAgo: aws.scrapedAgo,
    type: 'AWS::EKS::Cluster',
    configClass: 'KubernetesCluster',
    name: cluster.name,
    status: 'ACTIVE',
    health: 'healthy',
    parent: aws.vpc,
    age: clusterAge + 60,
    tags: { account: cluster.account, region: cluster.region, cluster: cluster.name },
    labels: { env: cluster.env },
    externalId: [`arn:aws:eks:${cluster.region}:${cluster.account}:cluster/${cluster.name}`],
    cost: 0.1,
    config: {
      name: cluster.name,
      version: '1.29',
      platformVersion: 'eks.7',
      status: 'ACTIVE',
      endpoint: `https://${rng.hex(32).toUpperCase()}.gr7.${cluster.region}.eks.amazonaws.com`,
    },
  });
  relate(ctx, eks, clusterRef, 'EKSCluster');

  // Nodes, each backed by an EC2 instance and its root volume.
  const nodes: ConfigRef[] = [];
  let clusterCost = 0.1;
  for (let n = 0; n < cluster.nodes; n++) {
    const [instanceType, price, cpus, memory] = rng.pick(INSTANCE_TYPES);
    const ip = `10.${rng.int(0, 3)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
    const zone = `${cluster.region}${rng.pick(['a', 'b', 'c'])}`;
    const nodeName = `ip-${ip.replace(/\./g, '-')}.${cluster.region}.compute.internal`;
    const age = rng.int(60, 40 * 1440);
    const nodeHealth = rng.weighted([
      ['healthy', 92],
      ['warning', 5],
      ['unhealthy', 3],
    ] as const);
    const instanceId = `i-0${rng.hex(16)}`;
    const instance = addConfig(ctx, world, {
      ...base,
      source: 'AWS',
      scraper: aws.scraperId,
      agent: 'local',
      scrapedAgo: aws.scrapedAgo,
      type: 'AWS::EC2::Instance',
      configClass: 'VirtualMachine',
      name: nodeName,
      status: 'running',
      health: 'healthy',
      parent: aws.subnets[n % aws.subnets.length],
      age: age + 2,
      tags: { account: cluster.account, region: cluster.region, zone, cluster: cluster.name },
      labels: {
        Name: nodeName,
        'eks:cluster-name': cluster.name,
        [`kubernetes.io/cluster/${cluster.name}`]: 'owned',
      },
      externalId: [instanceId],
      cost: price,
      config: {
        InstanceId: instanceId,
        InstanceType: instanceType,
        PrivateIpAddress: ip,
        Placement: { AvailabilityZone: zone },
        State: { Name: 'running' },
        ImageId: `ami-0${rng.hex(16)}`,
      },
    });
    const volume = addConfig(ctx, world, {
      ...base,
      source: 'AWS',
      scraper: aws.scraperId,
      agent: 'local',
      scrapedAgo: aws.scrapedAgo,
      type: 'AWS::EC2::Volume',
      configClass: 'DiskVolume',
      name: `vol-0${rng.hex(16)}`,
      status: 'in-use',
      health: 'healthy',
      parent: aws.subnets[n % aws.subnets.length],
      age: age + 2,
      tags: { account: cluster.account, region: cluster.region, zone },
      externalId: undefined,
      cost: (100 * 0.08) / 730,
      config: { VolumeType: 'gp3', Size: 100, Iops: 3000, Encrypted: true },
    });
    relate(ctx, instance, volume, 'InstanceVolume');
    clusterCost += price;
    const node = addConfig(ctx, world, {
      ...base,
      type: 'Kubernetes::Node',
      configClass: 'Node',
      name: nodeName,
      parent: clusterRef,
      status: nodeHealth === 'unhealthy' ? 'NotReady' : 'Ready',
      health: nodeHealth,
      age,
      tags: { cluster: cluster.name, zone },
      labels: {
        'node.kubernetes.io/instance-type': instanceType,
        'topology.kubernetes.io/zone': zone,
        'kubernetes.io/os': 'linux',
        'eks.amazonaws.com/nodegroup': n % 3 === 0 ? 'system' : 'general',
      },
      icon: 'kubernetes-node',
      cost: price,
      description:
        nodeHealth === 'warning'
          ? 'MemoryPressure: kubelet has insufficient memory available'
          : undefined,
      config: {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name: nodeName, labels: { 'node.kubernetes.io/instance-type': instanceType } },
        spec: { providerID: `aws:///${zone}/${instanceId}` },
        status: {
          capacity: { cpu: String(cpus), memory: `${memory}Gi`, pods: '110' },
          nodeInfo: { kubeletVersion: K8S_VERSION },
        },
      },
      properties: [
        { name: 'cpu', value: cpus * 1000, unit: 'millicores' },
        { name: 'memory', value: memory * 1024 ** 3, unit: 'bytes' },
      ],
    });
    relate(ctx, instance, node, 'InstanceNode');
    nodes.push(node);
  }
  // From the end: the cluster's row was added by this call (a fleet has 100,000 rows before it).
  const itemRows = ctx.rows.get('config_items') ?? [];
  let clusterRow: Row | undefined;
  for (let index = itemRows.length - 1; index >= 0 && !clusterRow; index -= 1) {
    if (itemRows[index]?.id === clusterRef.id) clusterRow = itemRows[index];
  }
  if (clusterRow) {
    const perMinute = clusterCost / 60;
    clusterRow.cost_per_minute = round4(perMinute);
    clusterRow.cost_total_1d = round4(perMinute * 1440);
    clusterRow.cost_total_7d = round4(perMinute * 1440 * 7 * rng.float(0.95, 1));
    clusterRow.cost_total_30d = round4(perMinute * 1440 * 30 * rng.float(0.9, 1));
  }

  const lb = addConfig(ctx, world, {
    ...base,
    source: 'AWS',
    scraper: aws.scraperId,
    agent: 'local',
    scrapedAgo: aws.scrapedAgo,
    type: 'AWS::ElasticLoadBalancingV2::LoadBalancer',
    configClass: 'LoadBalancer',
    name: `k8s-ingress-${cluster.name}`.slice(0, 32),
    status: 'active',
    health: 'healthy',
    parent: aws.vpc,
    age: clusterAge - 1440,
    tags: { account: cluster.account, region: cluster.region, cluster: cluster.name },
    externalId: [
      `arn:aws:elasticloadbalancing:${cluster.region}:${cluster.account}:loadbalancer/net/k8s-ingress/${rng.hex(16)}`,
    ],
    cost: 0.0225 + rng.float(0.01, 0.06),
    config: {
      Type: 'network',
      Scheme: 'internet-facing',
      DNSName: `k8s-ingress-${rng.hex(10)}.elb.${cluster.region}.amazonaws.com`,
    },
  });

  for (const [namespace, apps] of Object.entries(cluster.namespaces)) {
    const nsAge = clusterAge - rng.int(1, 100) * 1440;
    const ns = addConfig(ctx, world, {
      ...base,
      type: 'Kubernetes::Namespace',
      configClass: 'Namespace',
      name: namespace,
      parent: clusterRef,
      status: 'Active',
      health: 'healthy',
      age: nsAge,
      tags: { cluster: cluster.name, namespace },
      labels: { 'kubernetes.io/metadata.name': namespace },
      icon: 'namespace',
      config: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } },
      namespace,
    });
    for (const app of apps) {
      generateWorkload(ctx, world, { cluster, namespace, ns, app, nodes, lb, aws, base, nsAge });
    }
  }
  return clusterRef;
}

interface WorkloadInput {
  cluster: ClusterSpec;
  namespace: string;
  ns: ConfigRef;
  app: AppSpec;
  nodes: ConfigRef[];
  lb: ConfigRef;
  aws: AwsRegion;
  base: { agent: string; scraper: string; scrapedAgo: number; cluster: string; source: string };
  nsAge: number;
}

function generateWorkload(ctx: SeedContext, world: World, input: WorkloadInput): void {
  const { rng } = ctx;
  const { cluster, namespace, ns, app, nodes, base } = input;
  const tags = { cluster: cluster.name, namespace };
  const labels = k8sLabels(app, cluster);
  const troubled = TROUBLED_APPS.has(app.name) && cluster.env === 'production';
  const age = Math.max(1440, input.nsAge - rng.int(1, 90) * 1440);
  const replicas = app.kind === 'DaemonSet' ? nodes.length : app.replicas;
  const resources = {
    requests: {
      cpu: `${rng.pick([50, 100, 250, 500])}m`,
      memory: `${rng.pick([64, 128, 256, 512])}Mi`,
    },
    limits: {
      cpu: `${rng.pick([500, 1000, 2000])}m`,
      memory: `${rng.pick([256, 512, 1024, 2048])}Mi`,
    },
  };
  const container = {
    name: app.name,
    image: app.image,
    ports: [{ containerPort: app.port }],
    resources,
  };
  // Pods first so the workload's health can reflect them.
  const podHealth: string[] = [];
  const podPlans = Array.from({ length: Math.max(1, replicas) }, (_, index) => {
    const health =
      troubled && index === 0
        ? 'unhealthy'
        : rng.weighted([
            ['healthy', 95],
            ['warning', 2.5],
            ['unhealthy', 1.5],
            ['unknown', 1],
          ] as const);
    podHealth.push(health);
    return health;
  });
  const unhealthy = podHealth.filter((health) => health === 'unhealthy').length;
  const warning = podHealth.filter((health) => health !== 'healthy').length;
  const workloadHealth =
    unhealthy === podHealth.length ? 'unhealthy' : warning > 0 ? 'warning' : 'healthy';
  const workloadStatus =
    app.kind === 'CronJob'
      ? 'Active'
      : workloadHealth === 'healthy'
        ? 'Running'
        : workloadHealth === 'unhealthy'
          ? 'Failed'
          : rng.pick(['Degraded', 'Rolling Out', 'Scaling Up']);
  const workload = addConfig(ctx, world, {
    ...base,
    type: `Kubernetes::${app.kind}`,
    configClass: app.kind,
    name: app.name,
    parent: ns,
    status: workloadStatus,
    health: workloadHealth,
    age,
    tags,
    labels,
    icon: app.kind.toLowerCase(),
    namespace,
    app: app.name,
    config: {
      apiVersion: app.kind === 'CronJob' ? 'batch/v1' : 'apps/v1',
      kind: app.kind,
      metadata: { name: app.name, namespace, labels },
      spec:
        app.kind === 'CronJob'
          ? {
              schedule: '0 2 * * *',
              jobTemplate: {
                spec: {
                  template: { spec: { containers: [container], restartPolicy: 'OnFailure' } },
                },
              },
            }
          : {
              ...(app.kind === 'DaemonSet' ? {} : { replicas }),
              selector: { matchLabels: { app: app.name } },
              template: {
                metadata: { labels: { app: app.name } },
                spec: { containers: [container] },
              },
            },
    },
  });
  world.workloads.set(`${cluster.name}/${app.name}`, workload);

  // The current ReplicaSet (deployments) or the Job (cron jobs) owns the pods.
  let owner = workload;
  let podPrefix = app.name;
  if (app.kind === 'Deployment' || app.kind === 'CronJob') {
    const hash = rng.token(app.kind === 'CronJob' ? 8 : 10, '0123456789');
    const kind = app.kind === 'Deployment' ? 'ReplicaSet' : 'Job';
    const name = `${app.name}-${app.kind === 'Deployment' ? rng.token(10) : hash}`;
    const rsAge = Math.min(age, rng.int(60, 20 * 1440));
    owner = addConfig(ctx, world, {
      ...base,
      type: `Kubernetes::${kind}`,
      configClass: kind,
      name,
      parent: workload,
      status: kind === 'Job' ? 'Complete' : workloadStatus,
      health: workloadHealth,
      age: kind === 'Job' ? rng.int(60, 1440) : rsAge,
      tags,
      labels: { ...labels, 'pod-template-hash': name.slice(app.name.length + 1) },
      icon: kind.toLowerCase(),
      namespace,
      app: app.name,
      config: {
        apiVersion: kind === 'Job' ? 'batch/v1' : 'apps/v1',
        kind,
        metadata: { name, namespace, ownerReferences: [{ kind: app.kind, name: app.name }] },
        spec: kind === 'Job' ? { completions: 1 } : { replicas },
      },
    });
    podPrefix = name;
    // A rolled-over deployment keeps its previous ReplicaSet at zero replicas; its pods are gone.
    if (app.kind === 'Deployment' && rng.chance(0.12)) {
      const previous = addConfig(ctx, world, {
        ...base,
        type: 'Kubernetes::ReplicaSet',
        configClass: 'ReplicaSet',
        name: `${app.name}-${rng.token(10)}`,
        parent: workload,
        status: 'Scaled Down',
        health: 'unknown',
        ready: false,
        age: rsAge + rng.int(1440, 10 * 1440),
        tags,
        labels,
        icon: 'replicaset',
        namespace,
        app: app.name,
        config: {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          metadata: { name: app.name, namespace },
          spec: { replicas: 0 },
        },
      });
      addConfig(ctx, world, {
        ...base,
        type: 'Kubernetes::Pod',
        configClass: 'Pod',
        name: `${previous.name}-${rng.token(5)}`,
        parent: previous,
        status: 'Terminated',
        health: 'unknown',
        ready: false,
        age: previous.age - 5,
        deletedAgo: rsAge - 3,
        tags,
        labels,
        icon: 'pod',
        namespace,
        app: app.name,
      });
    }
  }

  const service =
    app.kind === 'CronJob'
      ? undefined
      : addConfig(ctx, world, {
          ...base,
          type: 'Kubernetes::Service',
          configClass: 'Service',
          name: app.name,
          parent: ns,
          status: 'Active',
          health: 'healthy',
          age,
          tags,
          labels,
          icon: 'service',
          namespace,
          app: app.name,
          config: {
            apiVersion: 'v1',
            kind: 'Service',
            metadata: { name: app.name, namespace },
            spec: {
              type: 'ClusterIP',
              clusterIP: `172.20.${rng.int(0, 255)}.${rng.int(1, 254)}`,
              ports: [{ port: app.port, targetPort: app.port, protocol: 'TCP' }],
              selector: { app: app.name },
            },
          },
        });
  if (service) {
    relate(ctx, service, workload, 'ServiceWorkload');
    world.services.push(service);
  }
  if (service && app.ingress) {
    const host = `${app.name}.${cluster.env === 'production' ? '' : `${cluster.env}.`}example.com`;
    const ingress = addConfig(ctx, world, {
      ...base,
      type: 'Kubernetes::Ingress',
      configClass: 'Ingress',
      name: app.name,
      parent: ns,
      status: 'Active',
      health: 'healthy',
      age,
      tags,
      labels,
      icon: 'ingress',
      namespace,
      app: app.name,
      config: {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'Ingress',
        metadata: {
          name: app.name,
          namespace,
          annotations: { 'cert-manager.io/cluster-issuer': 'letsencrypt' },
        },
        spec: {
          ingressClassName: 'nginx',
          rules: [
            {
              host,
              http: {
                paths: [
                  {
                    path: '/',
                    pathType: 'Prefix',
                    backend: { service: { name: app.name, port: { number: app.port } } },
                  },
                ],
              },
            },
          ],
          tls: [{ hosts: [host], secretName: `${app.name}-tls` }],
        },
      },
    });
    relate(ctx, ingress, service, 'IngressService');
    relate(ctx, input.lb, ingress, 'LoadBalancerIngress');
  }
  if (rng.chance(0.5) && app.kind !== 'DaemonSet') {
    addConfig(ctx, world, {
      ...base,
      type: 'Kubernetes::ConfigMap',
      configClass: 'ConfigMap',
      name: `${app.name}-config`,
      parent: ns,
      status: null,
      health: 'unknown',
      ready: true,
      age,
      tags,
      labels,
      icon: 'configmap',
      namespace,
      app: app.name,
      config: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: `${app.name}-config`, namespace },
        data: { LOG_LEVEL: rng.pick(['info', 'warn', 'debug']), PORT: String(app.port) },
      },
    });
  }
  if (app.database && input.aws.databases.length > 0) {
    const database = rng.pick(input.aws.databases);
    relate(ctx, workload, database, 'WorkloadDatabase');
  }

  for (const [index, health] of podPlans.entries()) {
    const node = nodes[(index + rng.int(0, nodes.length - 1)) % nodes.length] as ConfigRef;
    const name =
      app.kind === 'StatefulSet' ? `${app.name}-${index}` : `${podPrefix}-${rng.token(5)}`;
    const status =
      app.kind === 'CronJob'
        ? 'Completed'
        : health === 'healthy'
          ? 'Running'
          : health === 'warning'
            ? rng.pick(['Running', 'ContainerCreating'])
            : health === 'unknown'
              ? 'Pending'
              : rng.pick(['CrashLoopBackOff', 'Error', 'ImagePullBackOff']);
    const restarts = health === 'unhealthy' ? rng.int(5, 300) : rng.chance(0.1) ? rng.int(1, 4) : 0;
    const pod = addConfig(ctx, world, {
      ...base,
      type: 'Kubernetes::Pod',
      configClass: 'Pod',
      name,
      parent: owner,
      status,
      health: app.kind === 'CronJob' ? 'healthy' : health,
      ready: health === 'healthy',
      age: Math.min(owner.age, rng.int(30, 15 * 1440)),
      tags,
      labels: { app: app.name, team: labels.team as string },
      icon: 'pod',
      namespace,
      app: app.name,
      description:
        health === 'unhealthy'
          ? `Back-off restarting failed container ${app.name} (restarts: ${restarts})`
          : undefined,
      config: {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name, namespace, labels: { app: app.name } },
        spec: { nodeName: node.name, containers: [container], serviceAccountName: app.name },
        status: {
          phase:
            status === 'Running' ? 'Running' : status === 'Completed' ? 'Succeeded' : 'Pending',
          podIP: `10.${rng.int(0, 3)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
          containerStatuses: [
            { name: app.name, ready: health === 'healthy', restartCount: restarts },
          ],
        },
      },
    });
    relate(ctx, node, pod, 'NodePod');
    if (app.kind === 'StatefulSet') {
      const pvc = addConfig(ctx, world, {
        ...base,
        type: 'Kubernetes::PersistentVolumeClaim',
        configClass: 'PersistentVolumeClaim',
        name: `data-${name}`,
        parent: input.ns,
        status: 'Bound',
        health: 'healthy',
        age: workload.age,
        tags,
        labels,
        icon: 'pvc',
        namespace,
        app: app.name,
        config: {
          apiVersion: 'v1',
          kind: 'PersistentVolumeClaim',
          metadata: { name: `data-${name}`, namespace },
          spec: {
            storageClassName: 'gp3',
            resources: { requests: { storage: `${rng.pick([20, 50, 100, 200])}Gi` } },
          },
        },
      });
      relate(ctx, pod, pvc, 'PodVolume');
    }
  }
}

export interface AwsRegion {
  region: string;
  account: string;
  scraperId: string;
  scrapedAgo: number;
  vpc: ConfigRef;
  subnets: ConfigRef[];
  databases: ConfigRef[];
}

/** One AWS account + region: VPC, subnets, security groups, databases, buckets, roles. */
export function generateAwsRegion(
  ctx: SeedContext,
  world: World,
  input: {
    account: string;
    region: string;
    accountRef?: ConfigRef;
    scraperId: string;
    databases: string[];
    buckets: string[];
  },
): AwsRegion {
  const { rng } = ctx;
  const base = {
    agent: 'local',
    scraper: input.scraperId,
    scrapedAgo: rng.int(2, 14),
    source: 'AWS',
  };
  const tags = { account: input.account, region: input.region };
  const age = rng.int(400, 900) * 1440;
  const region = addConfig(ctx, world, {
    ...base,
    type: 'AWS::Region',
    configClass: 'Region',
    name: input.region,
    parent: input.accountRef,
    status: null,
    health: 'healthy',
    age,
    tags,
    externalId: [`${input.account}/${input.region}`],
    config: { RegionName: input.region, OptInStatus: 'opt-in-not-required' },
  });
  const vpcId = `vpc-0${rng.hex(16)}`;
  const vpc = addConfig(ctx, world, {
    ...base,
    type: 'AWS::EC2::VPC',
    configClass: 'VPC',
    name: `main-${input.region}`,
    parent: region,
    status: 'available',
    health: 'healthy',
    age,
    tags,
    labels: { Name: `main-${input.region}` },
    externalId: [vpcId],
    config: {
      VpcId: vpcId,
      CidrBlock: `10.${rng.int(0, 3)}.0.0/16`,
      IsDefault: false,
      State: 'available',
    },
  });
  const subnets = ['a', 'b', 'c'].map((zone, index) => {
    const subnetId = `subnet-0${rng.hex(16)}`;
    return addConfig(ctx, world, {
      ...base,
      type: 'AWS::EC2::Subnet',
      configClass: 'Subnet',
      name: `private-${input.region}${zone}`,
      parent: vpc,
      status: 'available',
      health: 'healthy',
      age,
      tags: { ...tags, zone: `${input.region}${zone}` },
      externalId: [subnetId],
      config: {
        SubnetId: subnetId,
        CidrBlock: `10.0.${index * 64}.0/18`,
        AvailabilityZone: `${input.region}${zone}`,
        AvailableIpAddressCount: rng.int(800, 16000),
      },
    });
  });
  for (const name of ['eks-cluster-sg', 'eks-node-sg', 'rds-sg', 'bastion-sg']) {
    const groupId = `sg-0${rng.hex(16)}`;
    const open = name === 'bastion-sg';
    addConfig(ctx, world, {
      ...base,
      type: 'AWS::EC2::SecurityGroup',
      configClass: 'SecurityGroup',
      name,
      parent: vpc,
      status: null,
      health: open ? 'warning' : 'healthy',
      age: age - rng.int(0, 300) * 1440,
      tags,
      externalId: [groupId],
      config: {
        GroupId: groupId,
        GroupName: name,
        IpPermissions: [
          {
            IpProtocol: 'tcp',
            FromPort: open ? 22 : 443,
            ToPort: open ? 22 : 443,
            IpRanges: [{ CidrIp: open ? '0.0.0.0/0' : '10.0.0.0/8' }],
          },
        ],
      },
    });
  }
  const databases = input.databases.map((name) => {
    const [klass, price] = rng.pick([
      ['db.r6g.large', 0.25],
      ['db.r6g.xlarge', 0.5],
      ['db.m6g.large', 0.171],
    ] as const);
    const status = rng.weighted([
      ['available', 90],
      ['backing-up', 5],
      ['modifying', 5],
    ] as const);
    const ref = addConfig(ctx, world, {
      ...base,
      type: 'AWS::RDS::DBInstance',
      configClass: 'Database',
      name,
      parent: vpc,
      status,
      health: status === 'available' ? 'healthy' : 'warning',
      age: age - rng.int(10, 300) * 1440,
      tags,
      labels: { team: name.startsWith('ledger') ? 'payments' : 'platform' },
      externalId: [`arn:aws:rds:${input.region}:${input.account}:db:${name}`],
      cost: price + 0.02,
      config: {
        DBInstanceIdentifier: name,
        DBInstanceClass: klass,
        Engine: name.includes('mysql') || name.includes('reporting') ? 'mysql' : 'postgres',
        EngineVersion: name.includes('reporting') ? '8.0.36' : '15.6',
        MultiAZ: !name.includes('replica'),
        AllocatedStorage: rng.pick([100, 200, 500]),
        StorageEncrypted: true,
        BackupRetentionPeriod: rng.pick([1, 7, 14]),
      },
    });
    world.databases.push(ref);
    return ref;
  });
  for (const bucket of input.buckets) {
    addConfig(ctx, world, {
      ...base,
      type: 'AWS::S3::Bucket',
      configClass: 'Bucket',
      name: bucket,
      parent: region,
      status: null,
      health: 'healthy',
      age: age - rng.int(0, 300) * 1440,
      tags,
      externalId: [`arn:aws:s3:::${bucket}`],
      cost: rng.float(0.001, 0.4),
      config: {
        Name: bucket,
        Versioning: rng.pick(['Enabled', 'Suspended']),
        Encryption: rng.chance(0.85) ? 'aws:kms' : null,
        PublicAccessBlock: rng.chance(0.9),
      },
    });
  }
  for (const role of ['eks-node-role', 'eks-cluster-role', 'external-dns', 'cluster-autoscaler']) {
    addConfig(ctx, world, {
      ...base,
      type: 'AWS::IAM::Role',
      configClass: 'Role',
      name: `${role}-${input.region}`,
      parent: input.accountRef,
      status: null,
      health: 'healthy',
      age: age - rng.int(0, 200) * 1440,
      tags,
      externalId: [`arn:aws:iam::${input.account}:role/${role}-${input.region}`],
      config: {
        RoleName: `${role}-${input.region}`,
        AssumeRolePolicyDocument: {
          Version: '2012-10-17',
          Statement: [
            {
              Effect: 'Allow',
              Principal: { Service: 'ec2.amazonaws.com' },
              Action: 'sts:AssumeRole',
            },
          ],
        },
      },
    });
  }
  if (rng.chance(0.7)) {
    addConfig(ctx, world, {
      ...base,
      type: 'AWS::EC2::Volume',
      configClass: 'DiskVolume',
      name: `vol-0${rng.hex(16)}`,
      status: 'available',
      health: 'warning',
      parent: subnets[0],
      age: rng.int(30, 200) * 1440,
      tags,
      cost: (500 * 0.08) / 730,
      description: 'Not attached to any instance',
      config: { VolumeType: 'gp2', Size: 500, State: 'available', Attachments: [] },
    });
  }
  return {
    region: input.region,
    account: input.account,
    scraperId: input.scraperId,
    scrapedAgo: base.scrapedAgo,
    vpc,
    subnets,
    databases,
  };
}

export function generateAccount(
  ctx: SeedContext,
  world: World,
  account: string,
  name: string,
  scraperId: string,
): ConfigRef {
  return addConfig(ctx, world, {
    agent: 'local',
    scraper: scraperId,
    scrapedAgo: 5,
    source: 'AWS',
    type: 'AWS::::Account',
    configClass: 'Account',
    name,
    status: null,
    health: 'healthy',
    age: 1000 * 1440,
    tags: { account },
    externalId: [account],
    config: { Id: account, Name: name, Status: 'ACTIVE', Organization: 'acme' },
  });
}

// ---------------------------------------------------------------------------------------------
// Changes and insights
// ---------------------------------------------------------------------------------------------

interface ChangeTemplate {
  type: string;
  severity: string;
  source: string;
  summary: (config: ConfigRef, rng: Rng) => string;
  diff?: boolean;
}

const K8S_EVENTS: Record<string, ChangeTemplate[]> = {
  Pod: [
    {
      type: 'Scheduled',
      severity: 'info',
      source: 'KubernetesEvent',
      summary: (c) => `Successfully assigned ${c.namespace}/${c.name} to a node`,
    },
    {
      type: 'Pulled',
      severity: 'info',
      source: 'KubernetesEvent',
      summary: (c) => `Container image for ${c.app} already present on machine`,
    },
    {
      type: 'Created',
      severity: 'info',
      source: 'KubernetesEvent',
      summary: (c) => `Created container ${c.app}`,
    },
    {
      type: 'Started',
      severity: 'info',
      source: 'KubernetesEvent',
      summary: (c) => `Started container ${c.app}`,
    },
    {
      type: 'Killing',
      severity: 'medium',
      source: 'KubernetesEvent',
      summary: (c) => `Stopping container ${c.app}`,
    },
    {
      type: 'Unhealthy',
      severity: 'high',
      source: 'KubernetesEvent',
      summary: (c, r) =>
        `Readiness probe failed: HTTP probe failed with statuscode: ${r.pick([500, 503, 504])}`,
    },
    {
      type: 'BackOff',
      severity: 'high',
      source: 'KubernetesEvent',
      summary: (c) => `Back-off restarting failed container ${c.app}`,
    },
  ],
  Deployment: [
    {
      type: 'ScalingReplicaSet',
      severity: 'info',
      source: 'KubernetesEvent',
      summary: (c, r) => `Scaled up replica set ${c.name}-${r.token(10)} to ${r.int(2, 6)}`,
    },
    {
      type: 'diff',
      severity: 'low',
      source: 'Kubernetes',
      summary: (c) => `spec.template.spec.containers[${c.name}].image`,
      diff: true,
    },
    {
      type: 'diff',
      severity: 'medium',
      source: 'Kubernetes',
      summary: () => 'spec.replicas',
      diff: true,
    },
  ],
  StatefulSet: [
    {
      type: 'SuccessfulCreate',
      severity: 'info',
      source: 'KubernetesEvent',
      summary: (c) => `create Pod ${c.name}-0 in StatefulSet ${c.name} successful`,
    },
    {
      type: 'diff',
      severity: 'low',
      source: 'Kubernetes',
      summary: (c) => `spec.template.spec.containers[${c.name}].image`,
      diff: true,
    },
  ],
  ReplicaSet: [
    {
      type: 'SuccessfulCreate',
      severity: 'info',
      source: 'KubernetesEvent',
      summary: (c) => `Created pod: ${c.name}-${'x'.repeat(0)}`,
    },
    {
      type: 'SuccessfulDelete',
      severity: 'info',
      source: 'KubernetesEvent',
      summary: (c) => `Deleted pod from ${c.name}`,
    },
  ],
  Node: [
    {
      type: 'NodeReady',
      severity: 'info',
      source: 'KubernetesEvent',
      summary: (c) => `Node ${c.name} status is now: NodeReady`,
    },
    {
      type: 'NodeNotReady',
      severity: 'critical',
      source: 'KubernetesEvent',
      summary: (c) => `Node ${c.name} status is now: NodeNotReady`,
    },
    {
      type: 'NodeHasInsufficientMemory',
      severity: 'high',
      source: 'KubernetesEvent',
      summary: (c) => `Node ${c.name} status is now: NodeHasInsufficientMemory`,
    },
    {
      type: 'RegisteredNode',
      severity: 'info',
      source: 'KubernetesEvent',
      summary: (c) => `Node ${c.name} event: Registered Node in Controller`,
    },
  ],
  ConfigMap: [
    {
      type: 'diff',
      severity: 'low',
      source: 'Kubernetes',
      summary: () => 'data.LOG_LEVEL',
      diff: true,
    },
  ],
  Ingress: [
    {
      type: 'Sync',
      severity: 'info',
      source: 'KubernetesEvent',
      summary: (c) => `Scheduled for sync: ${c.namespace}/${c.name}`,
    },
  ],
  Job: [
    {
      type: 'Completed',
      severity: 'info',
      source: 'KubernetesEvent',
      summary: () => 'Job completed',
    },
  ],
  Cluster: [
    {
      type: 'UpdateClusterVersion',
      severity: 'medium',
      source: 'CloudTrail',
      summary: () => 'Kubernetes version updated to 1.29',
    },
  ],
};

const AWS_EVENTS: Record<string, ChangeTemplate[]> = {
  VirtualMachine: [
    {
      type: 'RunInstances',
      severity: 'info',
      source: 'CloudTrail',
      summary: (c) => `RunInstances ${c.name}`,
    },
    { type: 'CreateTags', severity: 'info', source: 'CloudTrail', summary: () => 'CreateTags' },
    {
      type: 'StopInstances',
      severity: 'medium',
      source: 'CloudTrail',
      summary: () => 'StopInstances',
    },
    {
      type: 'ModifyInstanceAttribute',
      severity: 'low',
      source: 'CloudTrail',
      summary: () => 'ModifyInstanceAttribute: disableApiTermination',
    },
  ],
  Database: [
    {
      type: 'CreateDBSnapshot',
      severity: 'info',
      source: 'CloudTrail',
      summary: (c) => `CreateDBSnapshot rds:${c.name}-${new Date().getUTCFullYear()}`,
    },
    {
      type: 'ModifyDBInstance',
      severity: 'medium',
      source: 'CloudTrail',
      summary: () => 'ModifyDBInstance: BackupRetentionPeriod',
    },
    {
      type: 'RebootDBInstance',
      severity: 'high',
      source: 'CloudTrail',
      summary: () => 'RebootDBInstance',
    },
  ],
  SecurityGroup: [
    {
      type: 'AuthorizeSecurityGroupIngress',
      severity: 'high',
      source: 'CloudTrail',
      summary: () => 'AuthorizeSecurityGroupIngress tcp/22 from 0.0.0.0/0',
    },
    {
      type: 'RevokeSecurityGroupIngress',
      severity: 'medium',
      source: 'CloudTrail',
      summary: () => 'RevokeSecurityGroupIngress tcp/5432',
    },
  ],
  Bucket: [
    {
      type: 'PutBucketPolicy',
      severity: 'medium',
      source: 'CloudTrail',
      summary: () => 'PutBucketPolicy',
    },
    {
      type: 'PutBucketVersioning',
      severity: 'low',
      source: 'CloudTrail',
      summary: () => 'PutBucketVersioning: Enabled',
    },
  ],
  LoadBalancer: [
    {
      type: 'ModifyListener',
      severity: 'low',
      source: 'CloudTrail',
      summary: () => 'ModifyListener: certificate rotated',
    },
  ],
  KubernetesCluster: [
    {
      type: 'UpdateClusterConfig',
      severity: 'medium',
      source: 'CloudTrail',
      summary: () => 'UpdateClusterConfig: logging enabled',
    },
  ],
  Role: [
    {
      type: 'AttachRolePolicy',
      severity: 'high',
      source: 'CloudTrail',
      summary: () => 'AttachRolePolicy AmazonS3ReadOnlyAccess',
    },
  ],
  DiskVolume: [
    {
      type: 'CreateVolume',
      severity: 'info',
      source: 'CloudTrail',
      summary: () => 'CreateVolume gp3',
    },
  ],
};

const USERS = [
  'ada@acme.io',
  'cora@acme.io',
  'terraform@acme.io',
  'argocd',
  'rafa@acme.io',
  'github-actions',
];

function bumpVersion(image: string, rng: Rng): [string, string] {
  const match = /:(v?)(\d+)\.(\d+)\.(\d+)/.exec(image);
  if (!match) return [image, `${image.split(':')[0] ?? image}:${rng.hex(7)}`];
  const [, v, major, minor, patch] = match;
  const before = `${v}${major}.${minor}.${Math.max(0, Number(patch) - 1)}`;
  return [image.replace(match[0], `:${before}`), image];
}

/** Changes for every config item; `perItem` scales how many (demo ~2, large ~1). */
export function generateChanges(ctx: SeedContext, world: World, perItem: number): void {
  const { rng } = ctx;
  for (const config of world.configs) {
    const templates = K8S_EVENTS[config.configClass] ?? AWS_EVENTS[config.configClass];
    if (!templates) continue;
    const count = Math.round(rng.float(0, 2 * perItem) + (config.health === 'unhealthy' ? 2 : 0));
    for (let i = 0; i < count; i++) {
      let template = rng.pick(templates);
      if (config.health === 'unhealthy' && config.configClass === 'Pod')
        template = rng.pick(templates.slice(4));
      if (config.health === 'healthy' && config.configClass === 'Pod' && rng.chance(0.8))
        template = rng.pick(templates.slice(0, 4));
      const minutes = rng.chance(0.7)
        ? rng.float(1, Math.min(config.age, 7 * 1440))
        : rng.float(1, Math.min(config.age, 30 * 1440));
      const row: Row = {
        id: rng.uuid(),
        config_id: config.id,
        external_change_id: `${template.source === 'CloudTrail' ? 'ct' : 'ev'}-${rng.hex(16)}`,
        external_created_by:
          template.source === 'CloudTrail' || template.diff ? rng.pick(USERS) : null,
        change_type: template.type,
        severity: template.severity,
        source: template.source,
        summary: template.summary(config, rng),
        created_at: ctx.ago(minutes),
        first_observed: ctx.ago(minutes + (rng.chance(0.2) ? rng.int(5, 600) : 0)),
        count: rng.chance(0.15) ? rng.int(2, 40) : 1,
        details:
          template.source === 'CloudTrail'
            ? {
                eventSource: `${config.type.split('::')[1]?.toLowerCase() ?? 'ec2'}.amazonaws.com`,
                eventName: template.type,
                userIdentity: {
                  type: 'AssumedRole',
                  arn: `arn:aws:sts::${rng.int(100000000000, 999999999999)}:assumed-role/${rng.pick(['admin', 'terraform', 'ci'])}`,
                },
                sourceIPAddress: `${rng.int(3, 99)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
              }
            : {
                reason: template.type,
                component:
                  template.source === 'KubernetesEvent'
                    ? rng.pick([
                        'kubelet',
                        'default-scheduler',
                        'deployment-controller',
                        'replicaset-controller',
                      ])
                    : undefined,
              },
        fingerprint: rng.hex(16),
      };
      if (template.diff) {
        const workload = world.workloads.get(`${config.cluster}/${config.app}`);
        const image =
          workload && config.app
            ? `ghcr.io/acme/${config.app}:${rng.int(1, 5)}.${rng.int(0, 20)}.${rng.int(1, 9)}`
            : 'x:1.0.1';
        const [before, after] = bumpVersion(image, rng);
        if (template.summary(config, rng) === 'spec.replicas') {
          const from = rng.int(1, 4);
          const to = from + rng.pick([-1, 1, 2]);
          row.diff = `--- a/spec\n+++ b/spec\n@@ -8,7 +8,7 @@ spec:\n   selector:\n     matchLabels:\n       app: ${config.app}\n-  replicas: ${from}\n+  replicas: ${Math.max(0, to)}\n   template:\n`;
          row.patches = { spec: { replicas: Math.max(0, to) } };
        } else if (config.configClass === 'ConfigMap') {
          row.diff = `--- a/data\n+++ b/data\n@@ -1,3 +1,3 @@\n data:\n-  LOG_LEVEL: info\n+  LOG_LEVEL: debug\n   PORT: "8080"\n`;
          row.patches = { data: { LOG_LEVEL: 'debug' } };
        } else {
          row.diff = `--- a/spec.template.spec.containers\n+++ b/spec.template.spec.containers\n@@ -21,7 +21,7 @@ spec:\n       containers:\n         - name: ${config.app}\n-          image: ${before}\n+          image: ${after}\n           ports:\n             - containerPort: 8080\n`;
          row.patches = {
            spec: { template: { spec: { containers: [{ name: config.app, image: after }] } } },
          };
        }
      }
      ctx.add('config_changes', row);
    }
  }
}

interface InsightTemplate {
  classes: string[];
  analyzer: string;
  type: string;
  severity: string;
  summary: string;
  message: string;
  source: string;
}

const INSIGHTS: InsightTemplate[] = [
  {
    classes: ['Pod', 'Deployment'],
    analyzer: 'trivy',
    type: 'security',
    severity: 'critical',
    summary: 'CVE-2024-3094: xz-utils backdoor',
    message:
      'Package xz-utils 5.6.0 in the image is affected by CVE-2024-3094 (CVSS 10.0). Upgrade to 5.6.1+really5.4.5.',
    source: 'Trivy',
  },
  {
    classes: ['Deployment', 'StatefulSet', 'DaemonSet'],
    analyzer: 'kubescape',
    type: 'security',
    severity: 'high',
    summary: 'Container runs as root',
    message: 'securityContext.runAsNonRoot is not set; the container may run as UID 0 (C-0013).',
    source: 'Kubescape',
  },
  {
    classes: ['Deployment'],
    analyzer: 'kubescape',
    type: 'security',
    severity: 'medium',
    summary: 'Writable root filesystem',
    message: 'securityContext.readOnlyRootFilesystem is false (C-0017).',
    source: 'Kubescape',
  },
  {
    classes: ['Deployment'],
    analyzer: 'kube-score',
    type: 'reliability',
    severity: 'medium',
    summary: 'Single replica deployment',
    message:
      'The deployment has one replica and no PodDisruptionBudget; a node drain causes downtime.',
    source: 'kube-score',
  },
  {
    classes: ['Deployment', 'StatefulSet'],
    analyzer: 'kube-score',
    type: 'reliability',
    severity: 'low',
    summary: 'No liveness probe',
    message: 'Container has no livenessProbe configured.',
    source: 'kube-score',
  },
  {
    classes: ['Deployment'],
    analyzer: 'polaris',
    type: 'performance',
    severity: 'medium',
    summary: 'CPU throttling above 25%',
    message:
      'Container CPU was throttled 31% of the time over the last 24 h; raise the CPU limit or remove it.',
    source: 'Polaris',
  },
  {
    classes: ['Deployment', 'CronJob'],
    analyzer: 'pluto',
    type: 'technical_debt',
    severity: 'low',
    summary: 'Deprecated API version',
    message: 'autoscaling/v2beta2 HorizontalPodAutoscaler is removed in Kubernetes 1.26.',
    source: 'Pluto',
  },
  {
    classes: ['Node'],
    analyzer: 'kube-bench',
    type: 'compliance',
    severity: 'medium',
    summary: 'Kubelet anonymous auth enabled',
    message: 'CIS 4.2.1: --anonymous-auth should be false.',
    source: 'kube-bench',
  },
  {
    classes: ['VirtualMachine'],
    analyzer: 'aws-compute-optimizer',
    type: 'cost',
    severity: 'medium',
    summary: 'Over-provisioned instance',
    message: 'Average CPU 4% and memory 18% over 14 days; m6i.large would save about $70/month.',
    source: 'AWS Compute Optimizer',
  },
  {
    classes: ['VirtualMachine'],
    analyzer: 'aws-securityhub',
    type: 'security',
    severity: 'medium',
    summary: 'IMDSv1 enabled',
    message: 'EC2.8: instances should use Instance Metadata Service Version 2 (IMDSv2).',
    source: 'AWS Security Hub',
  },
  {
    classes: ['SecurityGroup'],
    analyzer: 'aws-securityhub',
    type: 'security',
    severity: 'high',
    summary: 'SSH open to the internet',
    message: 'EC2.13: security group allows ingress from 0.0.0.0/0 to port 22.',
    source: 'AWS Security Hub',
  },
  {
    classes: ['Bucket'],
    analyzer: 'aws-config',
    type: 'compliance',
    severity: 'high',
    summary: 'Bucket without default encryption',
    message: 's3-bucket-server-side-encryption-enabled: NON_COMPLIANT.',
    source: 'AWS Config',
  },
  {
    classes: ['Database'],
    analyzer: 'aws-trusted-advisor',
    type: 'availability',
    severity: 'medium',
    summary: 'Multi-AZ disabled',
    message: 'The instance runs in a single Availability Zone; enable Multi-AZ for failover.',
    source: 'AWS Trusted Advisor',
  },
  {
    classes: ['Database'],
    analyzer: 'aws-trusted-advisor',
    type: 'reliability',
    severity: 'low',
    summary: 'Short backup retention',
    message: 'Automated backups are kept for 1 day; 7 days is recommended.',
    source: 'AWS Trusted Advisor',
  },
  {
    classes: ['DiskVolume'],
    analyzer: 'aws-trusted-advisor',
    type: 'cost',
    severity: 'low',
    summary: 'Unattached EBS volume',
    message: 'The volume has not been attached for 30 days and costs $40/month.',
    source: 'AWS Trusted Advisor',
  },
  {
    classes: ['Role'],
    analyzer: 'aws-iam-access-analyzer',
    type: 'security',
    severity: 'info',
    summary: 'Unused permissions',
    message: 'The role has not used 14 of its 22 granted actions in 90 days.',
    source: 'IAM Access Analyzer',
  },
  {
    classes: ['Cluster'],
    analyzer: 'eks-insights',
    type: 'recommendation',
    severity: 'info',
    summary: 'Kubernetes 1.29 leaves standard support soon',
    message: 'Upgrade to 1.30 before standard support ends to avoid extended-support charges.',
    source: 'EKS Upgrade Insights',
  },
];

/** Insights on a share of the configs they apply to (`rate` 0–1). */
export function generateInsights(ctx: SeedContext, world: World, rate: number): void {
  const { rng } = ctx;
  const byClass = new Map<string, InsightTemplate[]>();
  for (const insight of INSIGHTS) {
    for (const klass of insight.classes)
      byClass.set(klass, [...(byClass.get(klass) ?? []), insight]);
  }
  for (const config of world.configs) {
    if (config.deleted) continue;
    const templates = byClass.get(config.configClass);
    if (!templates) continue;
    const forced =
      (config.configClass === 'SecurityGroup' && config.health === 'warning') ||
      (config.configClass === 'DiskVolume' && config.health === 'warning');
    for (const template of templates) {
      const applies = forced ? template.classes.includes(config.configClass) : rng.chance(rate);
      if (!applies) continue;
      const first = rng.float(60, Math.min(config.age, 60 * 1440));
      const status = rng.weighted([
        ['open', 78],
        ['resolved', 17],
        ['silenced', 5],
      ] as const);
      ctx.add('config_analysis', {
        id: rng.uuid(),
        config_id: config.id,
        scraper_id: null,
        source: template.source,
        analyzer: template.analyzer,
        analysis_type: template.type,
        severity: template.severity,
        summary: template.summary,
        status,
        message: template.message,
        analysis: {
          rule: template.analyzer,
          resource: config.name,
          namespace: config.namespace ?? null,
          evidence: template.message,
        },
        first_observed: ctx.ago(first),
        last_observed: ctx.ago(status === 'open' ? rng.float(1, 90) : rng.float(60, first)),
      });
      if (forced) break;
    }
  }
}

/** Hard (parent → child) relationships mirroring parent_id, in case no trigger wrote them. */
export function hardRelationshipsSql(): string {
  return `INSERT INTO config_relationships (config_id, related_id, relation, created_at, updated_at)
    SELECT c.parent_id, c.id, 'hard', c.created_at, c.created_at FROM config_items c
    WHERE c.parent_id IS NOT NULL AND c.id = ANY($1::uuid[])
    ON CONFLICT DO NOTHING`;
}
